import { enableTenantRls } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `centre_layouts`: each centre's report layout as reporting last saved it (ReportLayoutSaved on the compacted
 * reporting.layout.v1): the lab reports print in it (docs/decisions/0309).
 */
export class CentreLayouts1798460000001 implements MigrationInterface {
  name = 'CentreLayouts1798460000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE lims.centre_layouts (
        centre_id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        layout jsonb NOT NULL CHECK (jsonb_typeof(layout) = 'object'),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await enableTenantRls(q, 'lims.centre_layouts');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE lims.centre_layouts`);
  }
}
