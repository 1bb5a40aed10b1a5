import { enableTenantRls, TENANT_SETTING } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Companies (tenants), groups, centres, roles, users, sessions, credentials, password resets, audit log and the
 * reference data the auth service owns (docs/decisions/0012-tenancy-and-scopes.md).
 * Every tenant-owned table is under FORCE row-level security on tenant_id; references between tenant tables are
 * composite (tenant_id, id), so a row can never point into another tenant. Three platform tables are not under RLS:
 * companies (the register of tenants), and credentials (login) and password_resets (reset link), which are read
 * before a tenant is known.
 */
export class IdentitySchema1763800000000 implements MigrationInterface {
  name = 'IdentitySchema1763800000000';

  async up(q: QueryRunner): Promise<void> {
    const tenantTables: string[] = [];
    const table = async (name: string, ddl: string) => {
      await q.query(`CREATE TABLE auth.${name} (${ddl})`);
      tenantTables.push(name);
    };
    const stamps = `is_active boolean NOT NULL DEFAULT true,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()`;

    // The register of tenants belongs to the platform (platform → company → group → centre): not under RLS,
    // so provisioning finds a company by its code; it holds no tenant data beyond the company's name.
    await q.query(`CREATE TABLE auth.companies (
      id uuid PRIMARY KEY,
      name text NOT NULL,
      code text NOT NULL UNIQUE,
      ${stamps}
    )`);

    await table(
      'groups',
      `
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES auth.companies (id),
      name text NOT NULL,
      code text NOT NULL,
      is_fusion boolean NOT NULL DEFAULT false,
      email text,
      phone_number text,
      city text,
      state text,
      ${stamps},
      UNIQUE (tenant_id, id),
      UNIQUE (tenant_id, code)`,
    );

    await table(
      'centres',
      `
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES auth.companies (id),
      group_id uuid,
      name text NOT NULL,
      code text NOT NULL,
      is_fusion boolean NOT NULL DEFAULT false,
      email text,
      phone_number text,
      address text,
      city text,
      state text,
      pin_code text,
      ${stamps},
      UNIQUE (tenant_id, id),
      UNIQUE (tenant_id, code),
      FOREIGN KEY (tenant_id, group_id) REFERENCES auth.groups (tenant_id, id)`,
    );
    await q.query(`CREATE INDEX centres_group ON auth.centres (tenant_id, group_id)`);

    // Owner scope of editable reference rows: tenant-owned (both null), group-owned, or centre-owned.
    const owner = `owner_group_id uuid, owner_centre_id uuid,
      FOREIGN KEY (tenant_id, owner_group_id) REFERENCES auth.groups (tenant_id, id),
      FOREIGN KEY (tenant_id, owner_centre_id) REFERENCES auth.centres (tenant_id, id)`;

    await table(
      'roles',
      `
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES auth.companies (id),
      name text NOT NULL,
      role_code text NOT NULL,
      description text,
      privileges jsonb NOT NULL DEFAULT '{}'::jsonb,
      is_system boolean NOT NULL DEFAULT false,
      ${stamps},
      ${owner},
      UNIQUE (tenant_id, id)`,
    );
    await q.query(`CREATE UNIQUE INDEX roles_name ON auth.roles (tenant_id, lower(name),
      coalesce(owner_group_id, '00000000-0000-0000-0000-000000000000'), coalesce(owner_centre_id, '00000000-0000-0000-0000-000000000000'))`);
    await q.query(`CREATE UNIQUE INDEX roles_system_code ON auth.roles (tenant_id, role_code) WHERE is_system`);

    await table(
      'users',
      `
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES auth.companies (id),
      login_name text NOT NULL UNIQUE CHECK (login_name = lower(login_name)),
      first_name text NOT NULL,
      last_name text NOT NULL,
      email text NOT NULL,
      phone_number text,
      role_id uuid NOT NULL,
      group_id uuid,
      is_availability boolean NOT NULL DEFAULT false,
      reset_password boolean NOT NULL DEFAULT true,
      last_login_at timestamptz,
      specialization text[] NOT NULL DEFAULT '{}',
      qualification_name text,
      signature_file_id text,
      ${stamps},
      UNIQUE (tenant_id, id),
      FOREIGN KEY (tenant_id, role_id) REFERENCES auth.roles (tenant_id, id),
      FOREIGN KEY (tenant_id, group_id) REFERENCES auth.groups (tenant_id, id)`,
    );
    await q.query(`CREATE INDEX users_tenant ON auth.users (tenant_id, created_at)`);
    await q.query(`CREATE INDEX users_role ON auth.users (tenant_id, role_id)`);

    await table(
      'user_centres',
      `
      tenant_id uuid NOT NULL,
      user_id uuid NOT NULL,
      centre_id uuid NOT NULL,
      PRIMARY KEY (user_id, centre_id),
      FOREIGN KEY (tenant_id, user_id) REFERENCES auth.users (tenant_id, id) ON DELETE CASCADE,
      FOREIGN KEY (tenant_id, centre_id) REFERENCES auth.centres (tenant_id, id)`,
    );
    await q.query(`CREATE INDEX user_centres_centre ON auth.user_centres (tenant_id, centre_id)`);

    await table(
      'sessions',
      `
      id uuid PRIMARY KEY,
      tenant_id uuid NOT NULL,
      user_id uuid NOT NULL,
      address text,
      user_agent text,
      created_at timestamptz NOT NULL DEFAULT now(),
      ended_at timestamptz,
      end_reason text,
      FOREIGN KEY (tenant_id, user_id) REFERENCES auth.users (tenant_id, id) ON DELETE CASCADE`,
    );
    await q.query(`CREATE INDEX sessions_user ON auth.sessions (tenant_id, user_id, created_at)`);

    await table(
      'departments',
      `
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES auth.companies (id),
      name text NOT NULL,
      code text NOT NULL,
      ${stamps},
      ${owner},
      UNIQUE (tenant_id, id)`,
    );

    await table(
      'sub_departments',
      `
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL,
      department_id uuid NOT NULL,
      name text NOT NULL,
      code text NOT NULL,
      ${stamps},
      UNIQUE (department_id, code),
      FOREIGN KEY (tenant_id, department_id) REFERENCES auth.departments (tenant_id, id) ON DELETE CASCADE`,
    );

    await table(
      'doctors',
      `
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES auth.companies (id),
      profile_id uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
      first_name text NOT NULL,
      last_name text NOT NULL,
      email text,
      phone_number text,
      qualification_name text,
      specialization text,
      registration_number text,
      department_id uuid,
      ${stamps},
      UNIQUE (tenant_id, id),
      FOREIGN KEY (tenant_id, department_id) REFERENCES auth.departments (tenant_id, id)`,
    );

    await table(
      'doctor_centres',
      `
      tenant_id uuid NOT NULL,
      doctor_id uuid NOT NULL,
      centre_id uuid NOT NULL,
      PRIMARY KEY (doctor_id, centre_id),
      FOREIGN KEY (tenant_id, doctor_id) REFERENCES auth.doctors (tenant_id, id) ON DELETE CASCADE,
      FOREIGN KEY (tenant_id, centre_id) REFERENCES auth.centres (tenant_id, id)`,
    );

    await table(
      'referrals',
      `
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES auth.companies (id),
      name text NOT NULL,
      provider_type text NOT NULL CHECK (provider_type IN ('Internal', 'External')),
      hospital_name text,
      email text,
      phone_number text,
      city text,
      commission_percent numeric(5, 2) CHECK (commission_percent BETWEEN 0 AND 100),
      ${stamps},
      ${owner}`,
    );

    await table(
      'entities',
      `
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      tenant_id uuid NOT NULL REFERENCES auth.companies (id),
      code text NOT NULL,
      city text NOT NULL,
      state text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (tenant_id, code)`,
    );

    await table(
      'preferences',
      `
      tenant_id uuid NOT NULL,
      user_id uuid PRIMARY KEY,
      settings jsonb NOT NULL DEFAULT '{}'::jsonb,
      updated_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (tenant_id, user_id) REFERENCES auth.users (tenant_id, id) ON DELETE CASCADE`,
    );

    await table(
      'preferred_columns',
      `
      tenant_id uuid NOT NULL,
      user_id uuid NOT NULL,
      screen text NOT NULL,
      columns text[] NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (user_id, screen),
      FOREIGN KEY (tenant_id, user_id) REFERENCES auth.users (tenant_id, id) ON DELETE CASCADE`,
    );

    for (const name of tenantTables) await enableTenantRls(q, `auth.${name}`);

    // ---- platform tables, read before a tenant is known: not under RLS, used only by login and password flows.
    await q.query(`CREATE TABLE auth.credentials (
      login_name text PRIMARY KEY CHECK (login_name = lower(login_name)),
      user_id uuid NOT NULL UNIQUE REFERENCES auth.users (id) ON DELETE CASCADE,
      tenant_id uuid NOT NULL REFERENCES auth.companies (id),
      password_hash text,
      failed_count integer NOT NULL DEFAULT 0,
      locked_until timestamptz,
      password_changed_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE TABLE auth.password_resets (
      id bigserial PRIMARY KEY,
      token_hash text NOT NULL UNIQUE,
      user_id uuid NOT NULL REFERENCES auth.users (id) ON DELETE CASCADE,
      tenant_id uuid NOT NULL REFERENCES auth.companies (id),
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`);
    await q.query(`CREATE INDEX password_resets_user ON auth.password_resets (user_id) WHERE used_at IS NULL`);

    // ---- the audit log: append-only. Rows of a tenant are read in that tenant; a failed login for an unknown
    // login name has no tenant (read in the platform context, with no tenant set). No UPDATE/DELETE policy (so no row qualifies), the runtime role is left with
    // INSERT and SELECT only (services/auth/src/migrate.ts, after every provisioning), and a trigger refuses
    // UPDATE, DELETE and TRUNCATE for every role, the owner included.
    const tenant = `NULLIF(current_setting('${TENANT_SETTING}', true), '')::uuid`;
    await q.query(`CREATE TABLE auth.audit_log (
      id bigserial PRIMARY KEY,
      tenant_id uuid,
      actor_id uuid,
      actor_login text,
      action text NOT NULL,
      target_type text,
      target_id text,
      address text,
      user_agent text,
      details jsonb NOT NULL DEFAULT '{}'::jsonb,
      at timestamptz NOT NULL DEFAULT now()
    )`);
    await q.query(`CREATE INDEX audit_log_tenant ON auth.audit_log (tenant_id, at)`);
    await q.query(`ALTER TABLE auth.audit_log ENABLE ROW LEVEL SECURITY`);
    await q.query(`ALTER TABLE auth.audit_log FORCE ROW LEVEL SECURITY`);
    // A tenant reads its rows; outside any tenant (platform context) only the rows without a tenant are read.
    await q.query(
      `CREATE POLICY audit_read ON auth.audit_log FOR SELECT USING (tenant_id = ${tenant} OR (tenant_id IS NULL AND ${tenant} IS NULL))`,
    );
    await q.query(
      `CREATE POLICY audit_append ON auth.audit_log FOR INSERT WITH CHECK (tenant_id IS NULL OR tenant_id = ${tenant})`,
    );
    await q.query(`CREATE FUNCTION auth.audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'auth.audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
    // Statement-level: it fires even when no row qualifies (there is no UPDATE/DELETE policy), so the attempt fails loudly.
    await q.query(`CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON auth.audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION auth.audit_log_is_append_only()`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const name of [
      'audit_log',
      'password_resets',
      'credentials',
      'preferred_columns',
      'preferences',
      'entities',
      'referrals',
      'doctor_centres',
      'doctors',
      'sub_departments',
      'departments',
      'sessions',
      'user_centres',
      'users',
      'roles',
      'centres',
      'groups',
      'companies',
    ]) {
      await q.query(`DROP TABLE auth.${name}`);
    }
    await q.query(`DROP FUNCTION auth.audit_log_is_append_only()`);
  }
}
