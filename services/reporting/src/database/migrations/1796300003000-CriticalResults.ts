import { enableTenantRls } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Critical results (docs/decisions/0187-critical-results.md, 0188-critical-escalation.md), all under tenant
 * row-level security:
 * - reporting.directory_users: a read model of auth's UserCreated / UserUpdated (auth.user.v1) — who works at which
 *   centre, in which role, at which e-mail address — to know whom to tell;
 * - reporting.critical_alerts: one flagged finding of a case, in the case's company, with whom it told and when;
 * - reporting.critical_settings: a centre's escalation time (none: the platform default applies).
 */
export class CriticalResults1796300003000 implements MigrationInterface {
  name = 'CriticalResults1796300003000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE reporting.directory_users (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        login_name text NOT NULL,
        full_name text NOT NULL,
        email text NOT NULL DEFAULT '',
        role_codes text[] NOT NULL DEFAULT '{}',
        group_id uuid,
        centre_ids uuid[] NOT NULL DEFAULT '{}',
        is_active boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX directory_users_centres ON reporting.directory_users USING gin (centre_ids)`);
    await q.query(`CREATE INDEX directory_users_tenant ON reporting.directory_users (tenant_id) WHERE is_active`);
    await enableTenantRls(q, 'reporting.directory_users');

    await q.query(`
      CREATE TABLE reporting.critical_alerts (
        id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        case_id uuid NOT NULL,
        report_id uuid,
        centre_id uuid,
        group_id uuid,
        finding text NOT NULL CHECK (length(finding) BETWEEN 1 AND 2000),
        case_facts jsonb NOT NULL DEFAULT '{}',
        status varchar(16) NOT NULL CHECK (status IN ('OPEN', 'ESCALATED', 'ACKNOWLEDGED')),
        flagged_by uuid NOT NULL,
        flagged_by_name text,
        flagged_at timestamptz NOT NULL DEFAULT clock_timestamp(),
        escalate_after_minutes double precision NOT NULL CHECK (escalate_after_minutes > 0),
        escalate_at timestamptz NOT NULL,
        notified_at timestamptz,
        notified_emails text[] NOT NULL DEFAULT '{}',
        escalated_at timestamptz,
        escalated_emails text[] NOT NULL DEFAULT '{}',
        acknowledged_by uuid,
        acknowledged_by_name text,
        acknowledged_at timestamptz,
        CHECK ((status = 'ACKNOWLEDGED') = (acknowledged_at IS NOT NULL))
      )`);
    await q.query(`CREATE INDEX critical_alerts_case ON reporting.critical_alerts (case_id, flagged_at DESC)`);
    await q.query(
      `CREATE INDEX critical_alerts_open ON reporting.critical_alerts (tenant_id, centre_id) WHERE status <> 'ACKNOWLEDGED'`,
    );
    await enableTenantRls(q, 'reporting.critical_alerts');

    await q.query(`
      CREATE TABLE reporting.critical_settings (
        centre_id uuid PRIMARY KEY,
        tenant_id uuid NOT NULL,
        escalate_after_minutes double precision NOT NULL CHECK (escalate_after_minutes > 0),
        updated_by uuid,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await enableTenantRls(q, 'reporting.critical_settings');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE reporting.critical_settings`);
    await q.query(`DROP TABLE reporting.critical_alerts`);
    await q.query(`DROP TABLE reporting.directory_users`);
  }
}
