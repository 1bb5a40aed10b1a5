import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A referral's commission is a rate in basis points, an integer (docs/decisions/0079-money-in-minor-units.md), not
 * a numeric percentage read into a floating-point number. Additive: the new column is filled from the old one
 * exactly (numeric(5,2) × 100 is a whole number); `commission_percent` is no longer written and is dropped by a
 * later migration once no running version reads it.
 */
export class ReferralCommissionBasisPoints1795700000002 implements MigrationInterface {
  name = 'ReferralCommissionBasisPoints1795700000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth.referrals ADD COLUMN commission_basis_points integer
      CHECK (commission_basis_points BETWEEN 0 AND 10000)`);
    await q.query(
      `UPDATE auth.referrals SET commission_basis_points = (commission_percent * 100)::integer WHERE commission_percent IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE auth.referrals DROP COLUMN commission_basis_points`);
  }
}
