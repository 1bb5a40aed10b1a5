import type { MigrationInterface, QueryRunner } from 'typeorm';

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
