import { enableTenantRls } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The cases service's read models of auth's users and org units (docs/decisions/0120-read-models-from-compacted-topics.md),
 * filled by the `cases.worklist` consumer from auth.user.v1, auth.org.v1 and auth.availability.v1, and the centre
 * settings the cases service owns (docs/decisions/0119-centre-settings.md). All under tenant row-level security.
 */
export class CaseDirectory1796100001000 implements MigrationInterface {
  name = 'CaseDirectory1796100001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE cases.users (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        login_name text NOT NULL,
        full_name text NOT NULL,
        role_codes text[] NOT NULL DEFAULT '{}',
        group_id uuid,
        centre_ids uuid[] NOT NULL DEFAULT '{}',
        specializations text[] NOT NULL DEFAULT '{}',
        is_active boolean NOT NULL DEFAULT true,
        is_available boolean NOT NULL DEFAULT false,
        availability_changed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX users_centres ON cases.users USING gin (centre_ids)`);
    await q.query(`CREATE INDEX users_tenant_roles ON cases.users (tenant_id) WHERE is_active`);
    await enableTenantRls(q, 'cases.users');

    await q.query(`
      CREATE TABLE cases.centres (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        kind varchar(8) NOT NULL CHECK (kind IN ('group', 'centre')),
        name text NOT NULL,
        code text NOT NULL,
        group_id uuid,
        is_fusion boolean NOT NULL DEFAULT false,
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX centres_of_group ON cases.centres (tenant_id, group_id)`);
    await enableTenantRls(q, 'cases.centres');

    await q.query(`
      CREATE TABLE cases.centre_settings (
        centre_id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        requires_acceptance boolean NOT NULL DEFAULT false,
        typist_assignment varchar(16) NOT NULL DEFAULT 'MANUAL' CHECK (typist_assignment IN ('AUTOMATIC', 'MANUAL')),
        auto_assign boolean NOT NULL DEFAULT false,
        turnaround_minutes jsonb NOT NULL DEFAULT '{}',
        turnaround_by_modality jsonb NOT NULL DEFAULT '{}',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await enableTenantRls(q, 'cases.centre_settings');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE cases.centre_settings`);
    await q.query(`DROP TABLE cases.centres`);
    await q.query(`DROP TABLE cases.users`);
  }
}
