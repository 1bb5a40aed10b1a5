import { PRINCIPAL_LEVEL_SETTING, TENANT_SETTING } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

const tenant = `NULLIF(current_setting('${TENANT_SETTING}', true), '')::uuid`;
const level = `current_setting('${PRINCIPAL_LEVEL_SETTING}', true)`;

/**
 * The case's chat for the readers of another company (docs/decisions/0147, 0150): a marketplace radiologist, and the
 * fusion company while the case is sent to it, read a case's messages exactly while row-level security shows them
 * the case (the subquery on cases.cases is itself under its policies). Reads only: their messages are written in the
 * case's company (collaboration's caseCompanyScope).
 */
export class CaseChatReach1796100004002 implements MigrationInterface {
  name = 'CaseChatReach1796100004002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE POLICY case_reach ON cases.case_comments FOR SELECT USING (
      (${level} = 'marketplace' OR ${tenant} IS NOT NULL AND ${tenant} <> tenant_id)
      AND EXISTS (SELECT 1 FROM cases.cases c WHERE c.id = case_comments.case_id
        AND (${level} = 'marketplace' OR c.fusion_tenant_id = ${tenant})))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP POLICY case_reach ON cases.case_comments`);
  }
}
