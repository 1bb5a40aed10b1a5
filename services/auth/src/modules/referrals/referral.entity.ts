import { Column, Entity } from 'typeorm';
import { OwnerScopedRecord } from '@rayworks/nest-kit';
import type { Referral, ReferralChangedPayload } from '@rayworks/contracts';

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

  /** Basis points (docs/decisions/0079); the old `commission_percent` numeric column is no longer written. */
  @Column({ name: 'commission_basis_points', type: 'integer', nullable: true })
  commissionBasisPoints!: number | null;

  /** The whole referral as ReferralChanged carries it to billing (auth.referral.v1). */
  toReferralChanged(): ReferralChangedPayload {
    return {
      id: this.id,
      name: this.name,
      providerType: this.providerType,
      hospitalName: this.hospitalName,
      commissionBasisPoints: this.commissionBasisPoints,
      isActive: this.isActive,
      ownerGroupId: this.ownerGroupId,
      ownerCentreId: this.ownerCentreId,
    };
  }

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
      commissionBasisPoints: this.commissionBasisPoints,
      isActive: this.isActive,
      createdAt: this.createdAt.toISOString(),
      updatedAt: this.updatedAt.toISOString(),
    };
  }
}
