import { enableTenantRls } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A centre's hanging protocols (issue 25 item 10; docs/decisions/0359-hanging-protocols.md): one layout and series
 * placement per centre, modality and body part ('' for any body part), under tenant row-level security.
 */
export class HangingProtocols1797400000000 implements MigrationInterface {
  name = 'HangingProtocols1797400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE cases.hanging_protocols (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        centre_id uuid NOT NULL,
        modality varchar(16) NOT NULL CHECK (modality ~ '^[A-Z0-9_]{1,16}$'),
        body_part varchar(64) NOT NULL DEFAULT '',
        layout varchar(8) NOT NULL CHECK (layout IN ('1x1', '1x2', '2x2', 'mpr')),
        viewports jsonb NOT NULL CHECK (jsonb_typeof(viewports) = 'array' AND jsonb_array_length(viewports) BETWEEN 1 AND 4),
        updated_by uuid,
        created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        UNIQUE (centre_id, modality, body_part)
      )`);
    await enableTenantRls(q, 'cases.hanging_protocols');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE cases.hanging_protocols`);
  }
}
