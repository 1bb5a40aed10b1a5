import type { EntityManager, QueryRunner } from 'typeorm';
import { OrgUnitCreatedV1, OrgUnitUpdatedV1, type EventEnvelope, type OrgUnitPayload } from '@rayworks/contracts';
import { enableTenantRls } from '../database/rls.js';
import { companyOfEvent, type EventConsumer } from '../events/event-consumer.js';

/**
 * A service's read model of auth's groups and centres (auth.org.v1: OrgUnitCreated / OrgUnitUpdated), written once
 * here and kept the same way by every service that needs to know a company's centres (docs/decisions/0238): the
 * table `<schema>.<table>` under tenant row-level security, so a centre of another company is never found; the topic
 * is compacted (docs/decisions/0120), so a consumer group reading it from the beginning holds every group and centre
 * auth ever made. Each service reads the table with its own repository, for what it needs to know of a centre.
 */
export class OrgUnitsReadModel {
  /** @param table the schema-qualified table, e.g. `billing.centres` */
  constructor(readonly table: string) {}

  /** Keeps the table from auth's org unit events (each applied once by the consumer's inbox). */
  keepFrom(consumer: EventConsumer): void {
    const apply = (e: EventEnvelope<OrgUnitPayload>, manager: EntityManager) =>
      this.upsert(manager, companyOfEvent(e), e.payload);
    consumer.on(OrgUnitCreatedV1, apply).on(OrgUnitUpdatedV1, apply);
  }

  /** Writes one group or centre as auth last described it, in its company. */
  async upsert(manager: EntityManager, tenantId: string, o: OrgUnitPayload): Promise<void> {
    await manager.query(
      `INSERT INTO ${this.table} (id, tenant_id, kind, name, code, group_id, is_fusion, is_active)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, code = EXCLUDED.code, group_id = EXCLUDED.group_id,
         is_fusion = EXCLUDED.is_fusion, is_active = EXCLUDED.is_active, updated_at = now()`,
      [o.id, tenantId, o.kind, o.name, o.code, o.groupId, o.isFusion, o.isActive],
    );
  }

  /**
   * For the service's migration: creates the table with the columns `upsert` writes, its row-level security and
   * the comment that marks it a read model (npm test's demo check leaves read models out: they fill from Kafka at
   * their own pace).
   */
  async createTable(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ${this.table} (
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
    await q.query(`CREATE INDEX ON ${this.table} (tenant_id, group_id)`);
    await enableTenantRls(q, this.table);
    await q.query(`COMMENT ON TABLE ${this.table} IS 'read model of auth.org.v1 (auth.centres)'`);
  }
}
