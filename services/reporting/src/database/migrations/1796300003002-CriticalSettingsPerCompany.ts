import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A centre's critical-result setting is keyed by its company and centre, not by the centre alone: with the centre id
 * as the whole key, a save naming another company's centre id met that company's row, which row-level security hides,
 * and failed (500) instead of writing the caller's own row.
 */
export class CriticalSettingsPerCompany1796300003002 implements MigrationInterface {
  name = 'CriticalSettingsPerCompany1796300003002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE reporting.critical_settings DROP CONSTRAINT critical_settings_pkey`);
    await q.query(`ALTER TABLE reporting.critical_settings ADD PRIMARY KEY (tenant_id, centre_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE reporting.critical_settings DROP CONSTRAINT critical_settings_pkey`);
    await q.query(`ALTER TABLE reporting.critical_settings ADD PRIMARY KEY (centre_id)`);
  }
}
