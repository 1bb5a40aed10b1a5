import type { EntityManager, MigrationInterface, QueryRunner } from 'typeorm';
import { TENANT_SETTING } from './tenant-context.js';

const IDENT = /^[a-z_][a-z0-9_]*$/;

/** Who did it: the user of the request (null for the platform or a system actor). */
export interface AuditActor {
  userId: string;
  loginName: string;
}

/** Where the call came from (the request's address and user agent), when there was a request. */
export interface AuditClient {
  address: string | null;
  userAgent: string | null;
}

/** One entry of a service's append-only audit log (`<schema>.audit_log`). */
export interface AuditRecord {
  tenantId: string | null;
  actor: AuditActor | null;
  /** What happened, in the service's own vocabulary (e.g. auth's AUDIT_ACTIONS). */
  action: string;
  target?: { type: string; id: string } | null;
  client?: AuditClient | null;
  details?: Record<string, unknown>;
}

/**
 * Writes audit entries into the service's `audit_log` inside the caller's transaction, like OutboxPublisher writes
 * events: it refuses to run outside a transaction, so an entry commits with the change it records or not at all.
 * Services reach it through `tx.audit(...)` of a UnitOfWork change, which writes the change's entries together at
 * its end (`appendAll`), and through an audited `uow.read` (`append`).
 */
export class AuditLog {
  constructor(private readonly schema: string) {
    if (!IDENT.test(schema)) throw new Error(`bad schema name ${schema}`);
  }

  append(manager: EntityManager, entry: AuditRecord): Promise<void> {
    return this.appendAll(manager, [entry]);
  }

  /** Appends entries in ONE statement, in the order given (their ids ascending). Nothing to append, no statement. */
  async appendAll(manager: EntityManager, entries: readonly AuditRecord[]): Promise<void> {
    if (!manager.queryRunner?.isTransactionActive) {
      throw new Error('AuditLog.append must run inside the transaction of the change it records');
    }
    if (entries.length === 0) return;
    await manager.query(
      `INSERT INTO ${this.schema}.audit_log (tenant_id, actor_id, actor_login, action, target_type, target_id, address, user_agent, details)
       SELECT e.tenant_id, e.actor_id, e.actor_login, e.action, e.target_type, e.target_id, e.address, e.user_agent, e.details
         FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::jsonb[])
              WITH ORDINALITY AS e(tenant_id, actor_id, actor_login, action, target_type, target_id, address, user_agent, details, n)
        ORDER BY e.n`,
      [
        entries.map((e) => e.tenantId),
        entries.map((e) => e.actor?.userId ?? null),
        entries.map((e) => e.actor?.loginName ?? null),
        entries.map((e) => e.action),
        entries.map((e) => e.target?.type ?? null),
        entries.map((e) => e.target?.id ?? null),
        entries.map((e) => e.client?.address ?? null),
        entries.map((e) => e.client?.userAgent ?? null),
        entries.map((e) => JSON.stringify(e.details ?? {})),
      ],
    );
  }
}

/**
 * Migration helper: a service's append-only audit log, the shape auth has used since its first schema
 * (so auth's `auth.audit_log` is this table, with its data). A tenant reads and appends its own rows; the platform
 * context (no tenant set) reads and appends the rows without a tenant. No UPDATE/DELETE policy, and a trigger
 * refuses UPDATE, DELETE and TRUNCATE for every role, the owner included. After each provisioning the migration
 * script should also run `auditLogRevokeStatement` (provisioning grants the runtime role UPDATE/DELETE on every table).
 */
export async function createAuditLogTable(queryRunner: Pick<QueryRunner, 'query'>, schema: string): Promise<void> {
  if (!IDENT.test(schema)) throw new Error(`bad schema name ${schema}`);
  const tenant = `NULLIF(current_setting('${TENANT_SETTING}', true), '')::uuid`;
  await queryRunner.query(`CREATE TABLE ${schema}.audit_log (
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
  await queryRunner.query(`CREATE INDEX audit_log_tenant ON ${schema}.audit_log (tenant_id, at)`);
  await queryRunner.query(`ALTER TABLE ${schema}.audit_log ENABLE ROW LEVEL SECURITY`);
  await queryRunner.query(`ALTER TABLE ${schema}.audit_log FORCE ROW LEVEL SECURITY`);
  await queryRunner.query(
    `CREATE POLICY audit_read ON ${schema}.audit_log FOR SELECT USING (tenant_id = ${tenant} OR (tenant_id IS NULL AND ${tenant} IS NULL))`,
  );
  await queryRunner.query(
    `CREATE POLICY audit_append ON ${schema}.audit_log FOR INSERT WITH CHECK (tenant_id IS NULL OR tenant_id = ${tenant})`,
  );
  await queryRunner.query(`CREATE FUNCTION ${schema}.audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION '${schema}.audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
  // Statement-level: it fires even when no row qualifies, so an attempt fails loudly.
  await queryRunner.query(`CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE OR TRUNCATE ON ${schema}.audit_log
      FOR EACH STATEMENT EXECUTE FUNCTION ${schema}.audit_log_is_append_only()`);
}

export async function dropAuditLogTable(queryRunner: Pick<QueryRunner, 'query'>, schema: string): Promise<void> {
  if (!IDENT.test(schema)) throw new Error(`bad schema name ${schema}`);
  await queryRunner.query(`DROP TABLE ${schema}.audit_log`);
  await queryRunner.query(`DROP FUNCTION ${schema}.audit_log_is_append_only()`);
}

/** Takes UPDATE/DELETE/TRUNCATE on the audit log back from the runtime role (run as the owner after provisioning). */
export function auditLogRevokeStatement(schema: string, runtimeRole: string): string {
  if (!IDENT.test(schema)) throw new Error(`bad schema name ${schema}`);
  if (!IDENT.test(runtimeRole)) throw new Error(`bad role name ${runtimeRole}`);
  return `REVOKE UPDATE, DELETE, TRUNCATE ON ${schema}.audit_log FROM ${runtimeRole}`;
}

/**
 * The migration that gives a service its audit log (createAuditLogTable): every service records at least the
 * guard's access denials and its audited reads (issue 8, finding 9). runMigrations takes UPDATE/DELETE back.
 */
export function createAuditLogMigration(schema: string, timestamp: number) {
  return class implements MigrationInterface {
    name = `AuditLog${timestamp}`;
    async up(queryRunner: QueryRunner): Promise<void> {
      await createAuditLogTable(queryRunner, schema);
    }
    async down(queryRunner: QueryRunner): Promise<void> {
      await dropAuditLogTable(queryRunner, schema);
    }
  };
}
