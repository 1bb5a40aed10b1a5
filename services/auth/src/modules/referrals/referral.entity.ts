import { Column, Entity } from 'typeorm';
import { numericColumn, OwnerScopedRecord } from '@rayworks/nest-kit';
import type { Referral } from '@rayworks/contracts';

/** auth.referrals: referring doctors and hospitals, owner-scoped reference data (tenant, group or centre). */
@Entity({ name: 'referrals' })
export class ReferralEntity extends OwnerScopedRecord {
  @Column({ type: 'text' })
  name!: string;

  @Column({ name: 'provider_type', type: 'text' })
  providerType!: Referral['providerType'];

  @Column({ name: 'hospital_name', type: 'text', nullable: true })
  hospitalName!: string | null;

  @Column({ type: 'text', nullable: true })
  email!: string | null;

  @Column({ name: 'phone_number', type: 'text', nullable: true })
  phoneNumber!: string | null;

  @Column({ type: 'text', nullable: true })
  city!: string | null;

  @Column({
    name: 'commission_percent',
    type: 'numeric',
    precision: 5,
    scale: 2,
    nullable: true,
    transformer: numericColumn,
  })
  commissionPercent!: number | null;

  /** The contract's view of this row. */
  toReferral(): Referral {
    return {
      _id: this.id,
      name: this.name,
      providerType: this.providerType,
      hospitalName: this.hospitalName,
      email: this.email,
      phoneNumber: this.phoneNumber,
      city: this.city,
      commissionPercent: this.commissionPercent,
      isActive: this.isActive,
      createdAt: this.createdAt.toISOString(),
      updatedAt: this.updatedAt.toISOString(),
    };
  }
}
