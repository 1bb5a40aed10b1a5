import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import { z } from 'zod';
import {
  analyzerReadingSchema,
  type AnalyzerProtocol,
  type AnalyzerReading,
  type AnalyzerResultReason,
  type AnalyzerResultStatus,
  type BodyOf,
  type LIMS_API,
} from '@rayworks/contracts';
import {
  centreReachSql,
  orderAndPage,
  QueryParams,
  typedRows,
  type ChangeTx,
  type ReadTx,
  type RequestAccess,
} from '@rayworks/nest-kit';
import { AnalyzerEntity } from './analyzer.entity.js';
import { AnalyzerResultEntity } from './analyzer-result.entity.js';

const RESULT_SORT = { receivedAt: 'r.receivedAt', barcode: 'r.barcode', analyzerCode: 'r.analyzerCode' } as const;

const messageRow = z.object({
  id: z.uuid(),
  analyzer_id: z.uuid(),
  readings: z.array(analyzerReadingSchema),
  received_at: z.date(),
  matched_at: z.date().nullable(),
});
export type StoredMessage = z.infer<typeof messageRow>;

const sampleOrderRow = z.object({
  sample_id: z.uuid(),
  barcode: z.string(),
  order_id: z.uuid().nullable(),
  test_code: z.string().nullable(),
});
/** A sample of the company with its orders not cancelled (test code → order id). */
export interface SampleOrders {
  sampleId: string;
  barcode: string;
  orders: Map<string, string>;
}

const limitsRow = z.object({ possible_min: z.string().nullable(), possible_max: z.string().nullable() });
const existsRow = z.object({ present: z.boolean() });

/** What becomes of one result (a new row, or a waiting row resolved). */
export interface ResultDecision {
  status: AnalyzerResultStatus;
  reason: AnalyzerResultReason | null;
  note: string | null;
  sampleId: string | null;
  labOrderId: string | null;
  testCode: string | null;
  parameterCode: string | null;
}

const idRow = z.object({ id: z.uuid() });
const idSeqRow = z.object({ id: z.uuid(), seq: z.number().int() });

/** A stored result's reach: its analyzer's centre and group when it was stored (docs/decisions/0373). */
const RESULT_REACH = { centre: 'r.centre_id', group: 'r.group_id' } as const;

/**
 * lims.analyzer_messages and lims.analyzer_results under row-level security, and what matching reads of the
 * samples (lims.samples, lims.lab_orders) and of the catalogue (lims.lab_test_versions). A lab user's reads are
 * narrowed to the caller's centres (centreReachSql): a result by its analyzer's centre, a sample by its own.
 */
@Injectable()
export class AnalyzerResultsRepository {
  /** Stores a message; null when the analyzer sent this control id before (nothing is written then). */
  async insertMessage(
    tx: ChangeTx,
    row: {
      tenantId: string;
      analyzerId: string;
      protocol: AnalyzerProtocol;
      controlId: string;
      raw: string;
      readings: AnalyzerReading[];
    },
  ): Promise<string | null> {
    const [inserted] = await typedRows(
      tx.manager,
      idRow,
      `INSERT INTO lims.analyzer_messages (tenant_id, analyzer_id, protocol, control_id, raw, readings)
       VALUES (:tenantId, :analyzerId, :protocol, :controlId, :raw, :readings::jsonb)
       ON CONFLICT ON CONSTRAINT analyzer_messages_control DO NOTHING
       RETURNING id`,
      { ...row, readings: JSON.stringify(row.readings) },
    );
    return inserted?.id ?? null;
  }

  async lockMessage(tx: ReadTx, id: string): Promise<StoredMessage | null> {
    const [row] = await typedRows(
      tx.manager,
      messageRow,
      `SELECT id, analyzer_id, readings, received_at, matched_at FROM lims.analyzer_messages WHERE id = :id FOR UPDATE`,
      { id },
    );
    return row ?? null;
  }

  async markMatched(tx: ChangeTx, id: string): Promise<void> {
    await tx.manager.query(`UPDATE lims.analyzer_messages SET matched_at = now() WHERE id = $1`, [id]);
  }

  /**
   * The company's samples with these barcodes and their orders not cancelled (`access` null: the listener's
   * matching — the company only; a lab user's: only the samples of the centres it reaches).
   */
  async samplesByBarcodes(
    tx: ReadTx,
    access: RequestAccess | null,
    barcodes: readonly string[],
  ): Promise<Map<string, SampleOrders>> {
    const found = new Map<string, SampleOrders>();
    if (barcodes.length === 0) return found;
    const p = new QueryParams();
    const reach = access ? `AND ${centreReachSql(access, p, { centre: 's.centre_id', group: 's.group_id' })}` : '';
    const rows = await typedRows(
      tx.manager,
      sampleOrderRow,
      `SELECT s.id AS sample_id, s.barcode, o.id AS order_id, o.test_code
         FROM lims.samples s
         LEFT JOIN lims.lab_orders o ON o.sample_id = s.id AND o.status <> 'CANCELLED'
        WHERE s.barcode = ANY(${p.add([...new Set(barcodes)])}) AND s.status <> 'CANCELLED' ${reach}
        ORDER BY o.created_at`,
      p,
    );
    for (const row of rows) {
      const sample = found.get(row.barcode) ?? { sampleId: row.sample_id, barcode: row.barcode, orders: new Map() };
      if (row.order_id && row.test_code && !sample.orders.has(row.test_code))
        sample.orders.set(row.test_code, row.order_id);
      found.set(row.barcode, sample);
    }
    return found;
  }

  /**
   * The possible minimum and maximum of a parameter in its test's current version (lims.lab_tests
   * current_version_id → lims.lab_test_versions), or null when the catalogue does not hold it — or does not exist yet: the check is then
   * skipped (docs/decisions/0303).
   */
  async possibleLimitsOf(
    tx: ReadTx,
    testCode: string,
    parameterCode: string,
  ): Promise<{ possibleMin: string | null; possibleMax: string | null } | null> {
    const [catalogue] = await typedRows(
      tx.manager,
      existsRow,
      `SELECT to_regclass('lims.lab_test_versions') IS NOT NULL AND to_regclass('lims.lab_tests') IS NOT NULL AS present`,
    );
    if (!catalogue?.present) return null;
    const [row] = await typedRows(
      tx.manager,
      limitsRow,
      `SELECT p->>'possibleMin' AS possible_min, p->>'possibleMax' AS possible_max
         FROM lims.lab_tests t
         JOIN lims.lab_test_versions v ON v.id = t.current_version_id
         CROSS JOIN LATERAL jsonb_array_elements(v.parameters) p
        WHERE t.code = :testCode AND p->>'code' = :parameterCode
        LIMIT 1`,
      { testCode, parameterCode },
    );
    return row ? { possibleMin: row.possible_min, possibleMax: row.possible_max } : null;
  }

  async insertResults(
    tx: ChangeTx,
    message: { tenantId: string; analyzerId: string; messageId: string; receivedAt: Date },
    rows: readonly (ResultDecision & { seq: number; reading: AnalyzerReading })[],
  ): Promise<Map<number, string>> {
    const inserted = await typedRows(
      tx.manager,
      idSeqRow,
      // each result keeps its analyzer's centre and group as they are now (docs/decisions/0373)
      `INSERT INTO lims.analyzer_results (tenant_id, analyzer_id, centre_id, group_id, message_id, seq, status, reason,
              note, barcode, analyzer_code, sample_id, lab_order_id, test_code, parameter_code, value, unit, flags,
              observed_at, received_at)
       SELECT :tenantId, a.id, a.centre_id, a.group_id, :messageId, r.seq, r.status, r.reason, r.note, r.barcode,
              r.analyzer_code, r.sample_id, r.lab_order_id, r.test_code, r.parameter_code, r.value, r.unit, r.flags,
              r.observed_at, :receivedAt
         FROM lims.analyzers a
        CROSS JOIN jsonb_to_recordset(:rows::jsonb) AS r (seq int, status text, reason text, note text, barcode text,
              analyzer_code text, sample_id uuid, lab_order_id uuid, test_code text, parameter_code text, value text,
              unit text, flags text, observed_at timestamptz)
        WHERE a.id = :analyzerId
       ON CONFLICT ON CONSTRAINT analyzer_results_seq DO NOTHING
       RETURNING id, seq`,
      {
        ...message,
        rows: JSON.stringify(
          rows.map((r) => ({
            seq: r.seq,
            status: r.status,
            reason: r.reason,
            note: r.note,
            barcode: r.reading.barcode,
            analyzer_code: r.reading.analyzerCode,
            sample_id: r.sampleId,
            lab_order_id: r.labOrderId,
            test_code: r.testCode,
            parameter_code: r.parameterCode,
            value: r.reading.value,
            unit: r.reading.unit,
            flags: r.reading.flags,
            observed_at: r.reading.observedAt,
          })),
        ),
      },
    );
    return new Map(inserted.map((r) => [r.seq, r.id]));
  }

  /** A page of the results of the analyzers of the centres the caller reaches. */
  async list(
    tx: ReadTx,
    access: RequestAccess,
    q: BodyOf<typeof LIMS_API.findAnalyzerResults>,
  ): Promise<{ items: AnalyzerResultEntity[]; total: number }> {
    const p = new QueryParams();
    const qb = tx
      .repo(AnalyzerResultEntity)
      .createQueryBuilder('r')
      .where(centreReachSql(access, p, RESULT_REACH));
    if (q.status) qb.andWhere(`r.status = ${p.add(q.status)}`);
    if (q.analyzerId) qb.andWhere(`r.analyzer_id = ${p.add(q.analyzerId)}`);
    if (q.sampleId) qb.andWhere(`r.sample_id = ${p.add(q.sampleId)}`);
    if (q.search) {
      const s = p.add(q.search);
      qb.andWhere(`(r.barcode = ${s} OR r.analyzer_code = ${s})`);
    }
    qb.setParameters(p.values);
    const [items, total] = await orderAndPage(qb, q, RESULT_SORT, 'receivedAt', 'r.id').getManyAndCount();
    return { items, total };
  }

  /** One result if the caller reaches its centre (`access` null: the company's work — any), or null. */
  find(tx: ReadTx, access: RequestAccess | null, id: string, lock = false): Promise<AnalyzerResultEntity | null> {
    const p = new QueryParams();
    const qb = tx
      .repo(AnalyzerResultEntity)
      .createQueryBuilder('r')
      .where(`r.id = ${p.add(id)}`);
    if (access) qb.andWhere(centreReachSql(access, p, RESULT_REACH));
    qb.setParameters(p.values);
    if (lock) qb.setLock('pessimistic_write');
    return qb.getOne();
  }

  /** An analyzer's results still waiting (UNMATCHED, REFUSED) move to its new centre. */
  async moveWaiting(tx: ChangeTx, analyzerId: string, to: { centreId: string; groupId: string | null }): Promise<void> {
    await tx.manager.query(
      `UPDATE lims.analyzer_results SET centre_id = $2, group_id = $3, updated_at = now()
        WHERE analyzer_id = $1 AND status IN ('UNMATCHED', 'REFUSED')`,
      [analyzerId, to.centreId, to.groupId],
    );
  }

  async update(
    tx: ChangeTx,
    id: string,
    fields: Partial<ResultDecision> & { resolvedBy?: string | null; resolvedAt?: Date | null },
  ): Promise<void> {
    await tx.repo(AnalyzerResultEntity).update({ id }, fields);
  }

  /** The names of these analyzers (for the results' answers). */
  async analyzerNames(tx: ReadTx, ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await tx
      .repo(AnalyzerEntity)
      .find({ where: { id: In([...new Set(ids)]) }, select: { id: true, name: true } });
    return new Map(rows.map((r) => [r.id, r.name]));
  }
}
