import { enableTenantRls } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `referrals`: billing's read model of auth's referrals (ReferralChanged on the compacted auth.referral.v1): a
 * registration names its referral, a rate card may be a referral's own, and commission statements pay
 * `commission_basis_points` on what it referred. Whose referral it is (the company's, a group's or a centre's) is kept
 * for the registering centre's reach.
 */
export class Referrals1797050000000 implements MigrationInterface {
  name = 'Referrals1797050000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE billing.referrals (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        name text NOT NULL,
        provider_type varchar(8) NOT NULL CHECK (provider_type IN ('Internal', 'External')),
        hospital_name text,
        commission_basis_points integer CHECK (commission_basis_points BETWEEN 0 AND 10000),
        is_active boolean NOT NULL,
        owner_group_id uuid,
        owner_centre_id uuid,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX ON billing.referrals (tenant_id, lower(name) text_pattern_ops)`);
    await enableTenantRls(q, 'billing.referrals');
    await q.query(`COMMENT ON TABLE billing.referrals IS 'read model of auth.referral.v1 (auth.referrals)'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE billing.referrals`);
  }
}
