import { enableTenantRls } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The laboratory's test catalogue (issue 23 slice 2; docs/decisions/0248, 0293):
 * - `lab_tests`: a lab test's definition, keyed by (company, code) — the code billing's catalogue gives the test,
 *   upper case — with its department, sample, container, turnaround, method and LOINC code, and its current
 *   version (null until parameters are first saved);
 * - `lab_test_versions`: every saved change of a test's parameters (jsonb, testParametersSchema), numbered 1, 2, 3 …
 *   per test, with who saved it and when; never changed or removed (a trigger refuses it): a result keeps the id of
 *   the version it was judged by.
 */
export class LabTests1798000000000 implements MigrationInterface {
  name = 'LabTests1798000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE lims.lab_tests (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        code text NOT NULL CHECK (code = upper(code) AND code ~ '^[A-Z0-9_-]+$'),
        name text NOT NULL,
        department text NOT NULL,
        sub_department_code text NOT NULL,
        sub_department_name text NOT NULL,
        sample_type text NOT NULL,
        container text NOT NULL,
        turnaround_hours integer NOT NULL CHECK (turnaround_hours BETWEEN 1 AND 2160),
        method text,
        loinc_code text,
        current_version_id uuid,
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT lab_tests_code UNIQUE (tenant_id, code)
      )`);
    await q.query(`CREATE INDEX lab_tests_name ON lims.lab_tests (tenant_id, lower(name) text_pattern_ops)`);
    await enableTenantRls(q, 'lims.lab_tests');

    await q.query(`
      CREATE TABLE lims.lab_test_versions (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        tenant_id uuid NOT NULL,
        lab_test_id uuid NOT NULL REFERENCES lims.lab_tests (id),
        version integer NOT NULL CHECK (version >= 1),
        parameters jsonb NOT NULL CHECK (jsonb_typeof(parameters) = 'array'),
        created_at timestamptz NOT NULL DEFAULT now(),
        created_by uuid NOT NULL,
        created_by_name text NOT NULL,
        CONSTRAINT lab_test_versions_number UNIQUE (lab_test_id, version)
      )`);
    await enableTenantRls(q, 'lims.lab_test_versions');
    await q.query(`
      ALTER TABLE lims.lab_tests ADD CONSTRAINT lab_tests_current_version
        FOREIGN KEY (current_version_id) REFERENCES lims.lab_test_versions (id)`);
    await q.query(`
      CREATE FUNCTION lims.lab_test_version_is_kept() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'a lab test version is never changed or removed: save the next version';
      END $$`);
    await q.query(`
      CREATE TRIGGER lab_test_versions_kept BEFORE UPDATE OR DELETE ON lims.lab_test_versions
        FOR EACH ROW EXECUTE FUNCTION lims.lab_test_version_is_kept()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE lims.lab_tests DROP CONSTRAINT lab_tests_current_version`);
    await q.query(`DROP TABLE lims.lab_test_versions`);
    await q.query(`DROP FUNCTION lims.lab_test_version_is_kept()`);
    await q.query(`DROP TABLE lims.lab_tests`);
  }
}
