import { Inject, Injectable } from '@nestjs/common';
import { deadLetterSchema, type DeadLetter, type DeadLetterState } from '@rayworks/contracts';
import { typedRows } from '../database/typed-query.js';
import type { ChangeTx, ReadTx } from '../database/unit-of-work.js';
import { ServiceKitSettings } from './service-kit.settings.js';

const iso = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The columns of a dead letter under the contract's names (libs/contracts deadLetterSchema). */
const COLUMNS = `id::text AS id, consumer_group AS "consumerGroup", topic, partition, "offset", message_key AS "messageKey",
  value, error, attempts, ${iso('failed_at')} AS "failedAt", tenant_id::text AS "tenantId",
  COALESCE(resolution, 'open') AS state, ${iso('resolved_at')} AS "resolvedAt", resolved_by::text AS "resolvedBy",
  resolution_note AS note`;

/**
 * The service's dead_letters table (docs/decisions/0076, 0200): the only queries of the dead-letter routes. Each
 * names the company it reads (null: the platform's, those of no company) in SQL, and row-level security refuses the
 * rows of any other context even if it did not.
 */
@Injectable()
export class DeadLettersRepository {
  constructor(@Inject(ServiceKitSettings) private readonly settings: ServiceKitSettings) {}

  private get table(): string {
    return `${this.settings.schema}.dead_letters`;
  }

  list(tx: ReadTx, filter: { limit: number; state: DeadLetterState | 'all' }): Promise<DeadLetter[]> {
    return typedRows(
      tx.manager,
      deadLetterSchema,
      `SELECT ${COLUMNS} FROM ${this.table}
        WHERE tenant_id IS NOT DISTINCT FROM :tenantId::uuid
          AND (:state::text = 'all' OR COALESCE(resolution, 'open') = :state::text)
        ORDER BY id DESC LIMIT :limit`,
      { tenantId: tx.tenantId, state: filter.state, limit: filter.limit },
    );
  }

  async find(tx: ReadTx, id: string): Promise<DeadLetter | null> {
    const [row] = await typedRows(
      tx.manager,
      deadLetterSchema,
      `SELECT ${COLUMNS} FROM ${this.table} WHERE id = :id::bigint AND tenant_id IS NOT DISTINCT FROM :tenantId::uuid`,
      { id, tenantId: tx.tenantId },
    );
    return row ?? null;
  }

  /** Marks an open dead letter replayed or discarded; null when it is not open (any more) in the caller's reach. */
  async resolve(
    tx: ChangeTx,
    id: string,
    change: { resolution: 'replayed' | 'discarded'; by: string; note: string | null },
  ): Promise<DeadLetter | null> {
    const [row] = await typedRows(
      tx.manager,
      deadLetterSchema,
      `UPDATE ${this.table} SET resolved_at = now(), resolution = :resolution, resolved_by = :by::uuid,
              resolution_note = :note
        WHERE id = :id::bigint AND tenant_id IS NOT DISTINCT FROM :tenantId::uuid AND resolved_at IS NULL
        RETURNING ${COLUMNS}`,
      { id, tenantId: tx.tenantId, resolution: change.resolution, by: change.by, note: change.note },
    );
    return row ?? null;
  }
}
