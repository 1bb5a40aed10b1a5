import { Column, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import type { CentreBillingSettings, RoleCode } from '@rayworks/contracts';

/** billing.centre_settings: a centre's clock, tax and discount limits (docs/decisions/0250); one row per centre. */
@Entity({ name: 'centre_settings' })
export class CentreSettingsEntity {
  @PrimaryColumn({ name: 'centre_id', type: 'uuid' })
  centreId!: string;

  @Column({ name: 'tenant_id', type: 'uuid' })
  tenantId!: string;

  @Column({ name: 'time_zone', type: 'text' })
  timeZone!: string;

  /** 'HH:MM' local; both null: no night price. */
  @Column({ name: 'night_start', type: 'char', length: 5, nullable: true })
  nightStart!: string | null;

  @Column({ name: 'night_end', type: 'char', length: 5, nullable: true })
  nightEnd!: string | null;

  @Column({ name: 'tax_state_code', type: 'char', length: 2, nullable: true })
  taxStateCode!: string | null;

  @Column({ name: 'tax_rate_basis_points', type: 'integer' })
  taxRateBasisPoints!: number;

  /** Role code → the largest line discount in basis points it gives without an approval. */
  @Column({ name: 'discount_limits', type: 'jsonb' })
  discountLimits!: Partial<Record<RoleCode, number>>;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  toSettings(): CentreBillingSettings {
    return {
      centreId: this.centreId,
      timeZone: this.timeZone,
      nightWindow:
        this.nightStart !== null && this.nightEnd !== null ? { start: this.nightStart, end: this.nightEnd } : null,
      taxStateCode: this.taxStateCode,
      taxRateBasisPoints: this.taxRateBasisPoints,
      discountLimits: Object.entries(this.discountLimits)
        .map(([roleCode, limitBasisPoints]) => ({
          roleCode: roleCode as RoleCode,
          limitBasisPoints: limitBasisPoints!,
        }))
        .sort((a, b) => a.roleCode.localeCompare(b.roleCode)),
      saved: true,
      updatedAt: this.updatedAt.toISOString(),
    };
  }
}
