import { enableTenantRls, PRINCIPAL_LEVEL_SETTING, TENANT_SETTING } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

const tenant = `NULLIF(current_setting('${TENANT_SETTING}', true), '')::uuid`;
const level = `current_setting('${PRINCIPAL_LEVEL_SETTING}', true)`;

/**
 * The viewers' measurements and key images saved with a case (docs/decisions/0165-viewer-annotations.md), under
 * tenant row-level security: the viewer's id is unique within its case ((case_id, id) is the key: saving the same
 * id again replaces it); `data` is the Cornerstone annotation (at most 64 KB of JSON, the contract's limit, checked
 * here too). The readers of another company (a marketplace radiologist, the fusion company while the case is sent
 * to it) read a case's annotations exactly while row-level security shows them the case, as for the chat
 * (1796100004002-CaseChatReach); their writes are made in the case's company (collaboration's caseCompanyScope).
 */
export class ViewerAnnotations1796200000000 implements MigrationInterface {
  name = 'ViewerAnnotations1796200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE cases.viewer_annotations (
        case_id uuid NOT NULL REFERENCES cases.cases (id),
        id uuid NOT NULL,
        tenant_id uuid NOT NULL,
        kind varchar(16) NOT NULL CHECK (kind IN ('measurement', 'keyImage')),
        tool_name varchar(64) NOT NULL,
        study_instance_uid varchar(64) NOT NULL,
        series_instance_uid varchar(64) NOT NULL,
        sop_instance_uid varchar(64) NOT NULL,
        frame_number int CHECK (frame_number IS NULL OR frame_number >= 1),
        label text NOT NULL CHECK (length(label) <= 200),
        value text NOT NULL CHECK (length(value) <= 200),
        data jsonb NOT NULL CHECK (octet_length(data::text) <= 131072),
        created_by uuid,
        updated_by uuid,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        PRIMARY KEY (case_id, id)
      )`);
    await enableTenantRls(q, 'cases.viewer_annotations');
    await q.query(`CREATE POLICY case_reach ON cases.viewer_annotations FOR SELECT USING (
      (${level} = 'marketplace' OR ${tenant} IS NOT NULL AND ${tenant} <> tenant_id)
      AND EXISTS (SELECT 1 FROM cases.cases c WHERE c.id = viewer_annotations.case_id
        AND (${level} = 'marketplace' OR c.fusion_tenant_id = ${tenant})))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE cases.viewer_annotations`);
  }
}
