import type { MigrationInterface, QueryRunner } from 'typeorm';
import { PRINCIPAL_LEVEL_SETTING, TENANT_SETTING } from './tenant-context.js';

/**
 * Migration helper: the outbox (events written in the same transaction as the state change),
 * the inbox (event ids already handled, per consumer group) and the dead letters of a service.
 * These are infrastructure tables, read across tenants by the relay and the consumer, so not under RLS.
 */
export async function createEventTables(queryRunner: QueryRunner, schema: string): Promise<void> {
  await queryRunner.query(`
    CREATE TABLE ${schema}.outbox (
      id bigserial PRIMARY KEY,
      event_id uuid NOT NULL UNIQUE,
      topic text NOT NULL,
      message_key text NOT NULL,
      envelope jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      published_at timestamptz
    )`);
  await queryRunner.query(`CREATE INDEX outbox_unpublished ON ${schema}.outbox (id) WHERE published_at IS NULL`);
  await queryRunner.query(`
    CREATE TABLE ${schema}.inbox (
      event_id uuid NOT NULL,
      consumer_group text NOT NULL,
      topic text NOT NULL,
      event_type text NOT NULL,
      handled_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (event_id, consumer_group)
    )`);
  await queryRunner.query(`
    CREATE TABLE ${schema}.dead_letters (
      id bigserial PRIMARY KEY,
      consumer_group text NOT NULL,
      topic text NOT NULL,
      partition integer NOT NULL,
      "offset" text NOT NULL,
      message_key text,
      value text,
      error text NOT NULL,
      attempts integer NOT NULL,
      failed_at timestamptz NOT NULL DEFAULT now()
    )`);
}

export async function dropEventTables(queryRunner: QueryRunner, schema: string): Promise<void> {
  await queryRunner.query(`DROP TABLE ${schema}.dead_letters`);
  await queryRunner.query(`DROP TABLE ${schema}.inbox`);
  await queryRunner.query(`DROP TABLE ${schema}.outbox`);
}

/** The NOTIFY channel of a service's outbox and of its job outbox: the table's qualified name. */
export const outboxChannel = (schema: string): string => `${schema}.outbox`;
export const jobOutboxChannel = (schema: string): string => `${schema}.job_outbox`;

/**
 * Migration helper (second step, docs/decisions/0037 and 0038):
 * - the job outbox: jobs recorded in the same transaction as the change that starts them; the job relay hands
 *   each to BullMQ after commit with the row id as the job id, then marks it sent;
 * - a statement trigger on the outbox and the job outbox that sends NOTIFY `<schema>.<table>`. PostgreSQL
 *   delivers it when the transaction commits (never for a rolled-back one, once per transaction and channel),
 *   which wakes the relays right after commit.
 */
export async function createJobOutboxAndWakeups(queryRunner: QueryRunner, schema: string): Promise<void> {
  await queryRunner.query(`
    CREATE TABLE ${schema}.job_outbox (
      id bigserial PRIMARY KEY,
      job_name text NOT NULL,
      queue text NOT NULL,
      payload jsonb NOT NULL,
      tenant_id uuid,
      correlation_id text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      sent_at timestamptz
    )`);
  await queryRunner.query(`CREATE INDEX job_outbox_unsent ON ${schema}.job_outbox (id) WHERE sent_at IS NULL`);
  await queryRunner.query(`
    CREATE FUNCTION ${schema}.notify_relay() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify(TG_TABLE_SCHEMA || '.' || TG_TABLE_NAME, '');
      RETURN NULL;
    END $$`);
  for (const table of ['outbox', 'job_outbox']) {
    await queryRunner.query(
      `CREATE TRIGGER ${table}_notify AFTER INSERT ON ${schema}.${table} FOR EACH STATEMENT EXECUTE FUNCTION ${schema}.notify_relay()`,
    );
  }
}

export async function dropJobOutboxAndWakeups(queryRunner: QueryRunner, schema: string): Promise<void> {
  await queryRunner.query(`DROP TRIGGER outbox_notify ON ${schema}.outbox`);
  await queryRunner.query(`DROP TABLE ${schema}.job_outbox`);
  await queryRunner.query(`DROP FUNCTION ${schema}.notify_relay()`);
}

/** The second migration of every service with an outbox: its job outbox and the relays' NOTIFY triggers. */
export function createJobOutboxMigration(schema: string, timestamp: number) {
  return class implements MigrationInterface {
    name = `JobOutbox${timestamp}`;
    async up(queryRunner: QueryRunner): Promise<void> {
      await createJobOutboxAndWakeups(queryRunner, schema);
    }
    async down(queryRunner: QueryRunner): Promise<void> {
      await dropJobOutboxAndWakeups(queryRunner, schema);
    }
  };
}

/** The first migration of every service: its outbox, inbox and dead-letter tables. */
export function createEventTablesMigration(schema: string, timestamp: number) {
  return class implements MigrationInterface {
    name = `EventTables${timestamp}`;
    async up(queryRunner: QueryRunner): Promise<void> {
      await createEventTables(queryRunner, schema);
    }
    async down(queryRunner: QueryRunner): Promise<void> {
      await dropEventTables(queryRunner, schema);
    }
  };
}

/**
 * Migration helper (docs/decisions/0076-dead-letters-per-tenant.md): a dead letter carries the tenant of its event
 * (the envelope's tenantId; null when the message is not a readable envelope), and the table is under row-level
 * security for reading: a tenant's transaction sees its own dead letters only. The consumer records any failure
 * (INSERT is open: it runs outside a tenant transaction); nobody updates or deletes through the runtime role.
 * Existing rows take the tenant from their stored envelope text.
 */
export async function addDeadLetterTenant(queryRunner: Pick<QueryRunner, 'query'>, schema: string): Promise<void> {
  const tenant = `NULLIF(current_setting('${TENANT_SETTING}', true), '')::uuid`;
  await queryRunner.query(`ALTER TABLE ${schema}.dead_letters ADD COLUMN tenant_id uuid`);
  await queryRunner.query(
    `UPDATE ${schema}.dead_letters SET tenant_id = substring(value from '"tenantId":"([0-9a-fA-F-]{36})"')::uuid WHERE value IS NOT NULL`,
  );
  await queryRunner.query(`CREATE INDEX dead_letters_tenant ON ${schema}.dead_letters (tenant_id, id)`);
  await queryRunner.query(`ALTER TABLE ${schema}.dead_letters ENABLE ROW LEVEL SECURITY`);
  await queryRunner.query(`ALTER TABLE ${schema}.dead_letters FORCE ROW LEVEL SECURITY`);
  await queryRunner.query(
    `CREATE POLICY dead_letters_read ON ${schema}.dead_letters FOR SELECT USING (tenant_id = ${tenant})`,
  );
  await queryRunner.query(`CREATE POLICY dead_letters_record ON ${schema}.dead_letters FOR INSERT WITH CHECK (true)`);
}

export async function dropDeadLetterTenant(queryRunner: Pick<QueryRunner, 'query'>, schema: string): Promise<void> {
  await queryRunner.query(`DROP POLICY dead_letters_record ON ${schema}.dead_letters`);
  await queryRunner.query(`DROP POLICY dead_letters_read ON ${schema}.dead_letters`);
  await queryRunner.query(`ALTER TABLE ${schema}.dead_letters NO FORCE ROW LEVEL SECURITY`);
  await queryRunner.query(`ALTER TABLE ${schema}.dead_letters DISABLE ROW LEVEL SECURITY`);
  await queryRunner.query(`DROP INDEX ${schema}.dead_letters_tenant`);
  await queryRunner.query(`ALTER TABLE ${schema}.dead_letters DROP COLUMN tenant_id`);
}

/** The migration of every service that puts its dead letters per tenant (addDeadLetterTenant). */
export function createDeadLetterTenantMigration(schema: string, timestamp: number) {
  return class implements MigrationInterface {
    name = `DeadLetterTenant${timestamp}`;
    async up(queryRunner: QueryRunner): Promise<void> {
      await addDeadLetterTenant(queryRunner, schema);
    }
    async down(queryRunner: QueryRunner): Promise<void> {
      await dropDeadLetterTenant(queryRunner, schema);
    }
  };
}

/**
 * Migration helper (docs/decisions/0200-dead-letters-for-operators.md): dead letters that can be replayed or
 * discarded, and seen by the platform's operators when they belong to no company.
 * - `resolved_at`, `resolution` ('replayed' | 'discarded'), `resolved_by` and `resolution_note`: an open dead letter
 *   has none; a replayed or discarded one keeps its row (the audit log says who and why).
 * - Reading: a company's context its own (as before); the platform operator's context (no company, level
 *   'platform') those of no company; the 'system' context (the service's operational counts) every row.
 * - Resolving (UPDATE): the same rows a company's or the operator's context reads, and only those.
 */
export async function addDeadLetterOperations(queryRunner: Pick<QueryRunner, 'query'>, schema: string): Promise<void> {
  const tenant = `NULLIF(current_setting('${TENANT_SETTING}', true), '')`;
  const level = `current_setting('${PRINCIPAL_LEVEL_SETTING}', true)`;
  const ownRows = `(tenant_id = ${tenant}::uuid OR (tenant_id IS NULL AND ${tenant} IS NULL AND ${level} = 'platform'))`;
  await queryRunner.query(`
    ALTER TABLE ${schema}.dead_letters
      ADD COLUMN resolved_at timestamptz,
      ADD COLUMN resolution text CHECK (resolution IN ('replayed', 'discarded')),
      ADD COLUMN resolved_by uuid,
      ADD COLUMN resolution_note text,
      ADD CONSTRAINT dead_letters_resolved CHECK ((resolved_at IS NULL) = (resolution IS NULL))`);
  await queryRunner.query(
    `CREATE INDEX dead_letters_open ON ${schema}.dead_letters (tenant_id, id) WHERE resolved_at IS NULL`,
  );
  await queryRunner.query(
    `CREATE POLICY dead_letters_platform_read ON ${schema}.dead_letters FOR SELECT
       USING (tenant_id IS NULL AND ${tenant} IS NULL AND ${level} = 'platform')`,
  );
  await queryRunner.query(
    `CREATE POLICY dead_letters_system_read ON ${schema}.dead_letters FOR SELECT USING (${level} = 'system')`,
  );
  await queryRunner.query(
    `CREATE POLICY dead_letters_resolve ON ${schema}.dead_letters FOR UPDATE USING ${ownRows} WITH CHECK ${ownRows}`,
  );
}

export async function dropDeadLetterOperations(queryRunner: Pick<QueryRunner, 'query'>, schema: string): Promise<void> {
  await queryRunner.query(`DROP POLICY dead_letters_resolve ON ${schema}.dead_letters`);
  await queryRunner.query(`DROP POLICY dead_letters_system_read ON ${schema}.dead_letters`);
  await queryRunner.query(`DROP POLICY dead_letters_platform_read ON ${schema}.dead_letters`);
  await queryRunner.query(`DROP INDEX ${schema}.dead_letters_open`);
  await queryRunner.query(`
    ALTER TABLE ${schema}.dead_letters DROP CONSTRAINT dead_letters_resolved,
      DROP COLUMN resolution_note, DROP COLUMN resolved_by, DROP COLUMN resolution, DROP COLUMN resolved_at`);
}

/** The migration of every service that lets operators replay and discard dead letters (addDeadLetterOperations). */
export function createDeadLetterOperationsMigration(schema: string, timestamp: number) {
  return class implements MigrationInterface {
    name = `DeadLetterOperations${timestamp}`;
    async up(queryRunner: QueryRunner): Promise<void> {
      await addDeadLetterOperations(queryRunner, schema);
    }
    async down(queryRunner: QueryRunner): Promise<void> {
      await dropDeadLetterOperations(queryRunner, schema);
    }
  };
}
