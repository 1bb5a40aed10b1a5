import { enableTenantRls, PRINCIPAL_LEVEL_SETTING, USER_SETTING } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

const level = `current_setting('${PRINCIPAL_LEVEL_SETTING}', true)`;
const user = `NULLIF(current_setting('${USER_SETTING}', true), '')::uuid`;

/**
 * The marketplace (docs/decisions/0147-marketplace-offers.md, 0148-first-accept-wins.md): a company's offer of a case
 * to the platform's marketplace radiologists. Row-level security, not code, opens a company's case to a marketplace
 * radiologist (principal level 'marketplace', no tenant): ONLY while an OPEN offer of it exists, or while they hold it
 * (their TAKEN offer, or the case assigned to them). Those policies open reads (and row locks) only: every write of a
 * company's rows runs in that company's context (the transition runner switches to it after the reach check).
 * The service's offer sweeper lists due offers of every company in the 'system' context (offers only, no case data).
 */
export class Marketplace1796100004000 implements MigrationInterface {
  name = 'Marketplace1796100004000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE cases.marketplace_offers (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        case_id uuid NOT NULL REFERENCES cases.cases (id),
        status varchar(16) NOT NULL CHECK (status IN ('OPEN', 'TAKEN', 'RETURNED', 'WITHDRAWN')),
        offered_by uuid,
        offered_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        take_minutes int NOT NULL,
        taken_by uuid,
        taken_at timestamptz,
        return_at timestamptz,
        closed_at timestamptz,
        closed_reason text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // at most one live (OPEN or TAKEN) offer per case: the row the first accept wins on
    await q.query(`CREATE UNIQUE INDEX marketplace_offers_live ON cases.marketplace_offers (case_id)
      WHERE status IN ('OPEN', 'TAKEN')`);
    await q.query(`CREATE INDEX marketplace_offers_open ON cases.marketplace_offers (offered_at DESC)
      WHERE status = 'OPEN'`);
    await q.query(`CREATE INDEX marketplace_offers_taker ON cases.marketplace_offers (taken_by)
      WHERE status = 'TAKEN'`);
    await q.query(`CREATE INDEX marketplace_offers_of_case ON cases.marketplace_offers (case_id, offered_at DESC)`);
    await enableTenantRls(q, 'cases.marketplace_offers');
    await q.query(`CREATE POLICY marketplace_reach ON cases.marketplace_offers FOR SELECT
      USING (${level} = 'marketplace' AND (status = 'OPEN' OR (status = 'TAKEN' AND taken_by = ${user})))`);
    await q.query(`CREATE POLICY offer_sweeper ON cases.marketplace_offers FOR SELECT
      USING (${level} = 'system' AND status IN ('OPEN', 'TAKEN'))`);

    const reach = `${level} = 'marketplace' AND (radiologist_id = ${user} OR EXISTS (
        SELECT 1 FROM cases.marketplace_offers o WHERE o.case_id = cases.id
        AND (o.status = 'OPEN' OR (o.status = 'TAKEN' AND o.taken_by = ${user}))))`;
    await q.query(`CREATE POLICY marketplace_reach ON cases.cases FOR SELECT USING (${reach})`);
    // SELECT … FOR UPDATE needs an UPDATE policy's USING; its WITH CHECK (false) keeps every write out
    await q.query(`CREATE POLICY marketplace_lock ON cases.cases FOR UPDATE USING (${reach}) WITH CHECK (false)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP POLICY marketplace_lock ON cases.cases`);
    await q.query(`DROP POLICY marketplace_reach ON cases.cases`);
    await q.query(`DROP TABLE cases.marketplace_offers`);
  }
}
