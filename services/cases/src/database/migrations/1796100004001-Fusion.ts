import { PRINCIPAL_LEVEL_SETTING, TENANT_SETTING } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

const tenant = `NULLIF(current_setting('${TENANT_SETTING}', true), '')::uuid`;
const level = `current_setting('${PRINCIPAL_LEVEL_SETTING}', true)`;

/**
 * Fusion (docs/decisions/0149-fusion-contracts.md, 0150-fusion-reach.md): contracts between a sending group and a
 * fusion centre (one company, or two by a platform row both read), and the case's `fusion_tenant_id` (the fusion
 * centre's company while the case is sent), by which row-level security shows a sent case to that company's users
 * (reads and row locks only; writes run in the case's company).
 */
export class Fusion1796100004001 implements MigrationInterface {
  name = 'Fusion1796100004001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE cases.fusion_contracts (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        sender_tenant_id uuid NOT NULL,
        sender_group_id uuid NOT NULL,
        fusion_tenant_id uuid NOT NULL,
        fusion_centre_id uuid NOT NULL,
        fusion_centre_name text,
        active boolean NOT NULL DEFAULT true,
        created_by uuid,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE UNIQUE INDEX fusion_contracts_pair ON cases.fusion_contracts (sender_group_id, fusion_centre_id)`,
    );
    await q.query(`CREATE INDEX fusion_contracts_fusion ON cases.fusion_contracts (fusion_tenant_id)`);
    await q.query(`ALTER TABLE cases.fusion_contracts ENABLE ROW LEVEL SECURITY`);
    await q.query(`ALTER TABLE cases.fusion_contracts FORCE ROW LEVEL SECURITY`);
    // both parties read it; a company writes only its own (one-company) contracts; the platform writes any
    await q.query(`CREATE POLICY parties ON cases.fusion_contracts FOR SELECT
      USING (sender_tenant_id = ${tenant} OR fusion_tenant_id = ${tenant})`);
    await q.query(`CREATE POLICY own_company ON cases.fusion_contracts FOR ALL
      USING (sender_tenant_id = ${tenant} AND fusion_tenant_id = ${tenant})
      WITH CHECK (sender_tenant_id = ${tenant} AND fusion_tenant_id = ${tenant})`);
    await q.query(`CREATE POLICY platform ON cases.fusion_contracts FOR ALL
      USING (${tenant} IS NULL AND ${level} = 'platform') WITH CHECK (${tenant} IS NULL AND ${level} = 'platform')`);

    await q.query(`ALTER TABLE cases.cases ADD COLUMN fusion_tenant_id uuid`);
    await q.query(`CREATE INDEX cases_fusion_tenant ON cases.cases (fusion_tenant_id, fusion_centre_id, received_at DESC)
      WHERE fusion_tenant_id IS NOT NULL`);
    const reach = `fusion_tenant_id = ${tenant} AND fusion_status IS NOT NULL AND fusion_status <> 'RECALLED'`;
    await q.query(`CREATE POLICY fusion_reach ON cases.cases FOR SELECT USING (${reach})`);
    await q.query(`CREATE POLICY fusion_lock ON cases.cases FOR UPDATE USING (${reach}) WITH CHECK (false)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP POLICY fusion_lock ON cases.cases`);
    await q.query(`DROP POLICY fusion_reach ON cases.cases`);
    await q.query(`ALTER TABLE cases.cases DROP COLUMN fusion_tenant_id`);
    await q.query(`DROP TABLE cases.fusion_contracts`);
  }
}
