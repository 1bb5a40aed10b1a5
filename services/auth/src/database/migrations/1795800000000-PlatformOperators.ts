import { TENANT_SETTING } from '@rayworks/nest-kit';
import type { MigrationInterface, QueryRunner } from 'typeorm';

const tenant = `NULLIF(current_setting('${TENANT_SETTING}', true), '')::uuid`;
/** Rows of the platform itself (tenant_id NULL): visible and writable only in the platform context. */
const platformRow = `tenant_id IS NULL AND ${tenant} IS NULL`;

/**
 * Platform operators (docs/decisions/0085-platform-operators.md): SUPER_ADMIN of the platform, a user of no
 * company. Their user, role, login and session rows carry tenant_id NULL. Row-level security keeps the rule the
 * audit log already has: a company's context sees only its rows (NULL never equals a tenant), the platform
 * context (no tenant set) sees only the platform's rows — never a company's. Additive: company rows and the
 * policies on them are unchanged.
 */
export class PlatformOperators1795800000000 implements MigrationInterface {
  name = 'PlatformOperators1795800000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['users', 'roles', 'sessions', 'credentials'])
      await q.query(`ALTER TABLE auth.${table} ALTER COLUMN tenant_id DROP NOT NULL`);
    for (const table of ['users', 'roles', 'sessions'])
      await q.query(`CREATE POLICY platform_rows ON auth.${table} USING (${platformRow}) WITH CHECK (${platformRow})`);
    // A user's role exists whatever its tenant (the composite (tenant_id, role_id) reference skips NULL tenants).
    await q.query(
      `ALTER TABLE auth.users ADD CONSTRAINT users_role_exists FOREIGN KEY (role_id) REFERENCES auth.roles (id)`,
    );
    // One platform role per role code, as a company has one system role per code.
    await q.query(`CREATE UNIQUE INDEX roles_platform_code ON auth.roles (role_code) WHERE tenant_id IS NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX auth.roles_platform_code`);
    await q.query(`ALTER TABLE auth.users DROP CONSTRAINT users_role_exists`);
    for (const table of ['users', 'roles', 'sessions']) await q.query(`DROP POLICY platform_rows ON auth.${table}`);
    for (const table of ['sessions', 'credentials', 'users', 'roles'])
      await q.query(`DELETE FROM auth.${table} WHERE tenant_id IS NULL`);
    for (const table of ['users', 'roles', 'sessions', 'credentials'])
      await q.query(`ALTER TABLE auth.${table} ALTER COLUMN tenant_id SET NOT NULL`);
  }
}
