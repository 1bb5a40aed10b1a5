import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import {
  RESULT_FLAGS,
  RESULT_SOURCES,
  RESULT_STATUSES,
  resultValueSchema,
  type BodyOf,
  type LIMS_API,
  type ResultLine,
  type ResultStatus,
} from '@rayworks/contracts';
import {
  centreReachSql,
  QueryParams,
  typedRows,
  type ChangeTx,
  type ReadTx,
  type RequestAccess,
} from '@rayworks/nest-kit';

const date = z.coerce.date();
const orderRow = z.object({
  order_id: z.uuid(),
  tenant_id: z.uuid(),
  test_code: z.string(),
  test_name: z.string(),
  sample_id: z.uuid(),
  barcode: z.string(),
  registration_id: z.uuid(),
  registration_number: z.string(),
  registered_at: date,
  centre_id: z.uuid(),
  group_id: z.uuid().nullable(),
  patient_id: z.uuid(),
  mr_number: z.string(),
  patient_name: z.string(),
  gender: z.string(),
  date_of_birth: z.string().nullable(),
  age_years: z.number().int().nullable(),
  collected_at: date.nullable(),
  accepted_at: date.nullable(),
  time_zone: z.string().nullable(),
  /** The results' row: null until first entered. */
  status: z.enum(RESULT_STATUSES).nullable(),
  amendment: z.number().int().nullable(),
  test_version_id: z.uuid().nullable(),
  complete: z.boolean().nullable(),
  critical: z.boolean().nullable(),
  holds: z.array(z.string()).nullable(),
  auto_validated: z.boolean().nullable(),
  validated_by: z.uuid().nullable(),
  validated_by_name: z.string().nullable(),
  validated_at: date.nullable(),
  signed_by: z.uuid().nullable(),
  signed_by_name: z.string().nullable(),
  signed_at: date.nullable(),
  critical_alert_id: z.uuid().nullable(),
  version: z.number().int().nullable(),
  /** The catalogue's current version of the test, and whether it validates itself. */
  current_version_id: z.uuid().nullable(),
  auto_validate: z.boolean().nullable(),
});
export type OrderRow = z.output<typeof orderRow>;

const counted = orderRow.extend({ total: z.coerce.number().int() });

const versionRow = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  auto_validate: z.boolean(),
  parameters: z.array(z.unknown()),
});
export type VersionRow = z.output<typeof versionRow>;

const resultRow = z.object({
  lab_order_id: z.uuid(),
  parameter_code: z.string(),
  value: resultValueSchema,
  source: z.enum(RESULT_SOURCES),
  flag: z.enum(RESULT_FLAGS).nullable(),
});
export type ResultRow = z.output<typeof resultRow>;

const previousRow = z.object({ order_id: z.uuid(), parameter_code: z.string(), value: resultValueSchema });

const historyRow = z.object({
  amendment: z.number().int(),
  status: z.enum(RESULT_STATUSES),
  lines: z.array(z.unknown()),
  by_name: z.string(),
  at: date,
  reason: z.string().nullable(),
});

const personRow = z.object({ full_name: z.string() });

/** The work still to do: what the worksheet lists unless asked for other statuses. */
const OPEN_STATUSES: readonly ResultStatus[] = ['PENDING', 'ENTERED', 'VALIDATED'];

/**
 * An order with its sample, results and test. Who validated and who signed are named as the person's first and last
 * name as the directory has it (lims.users, docs/decisions/0374), else as stored (a user the LIMS has not learnt yet;
 * 'Auto-validation').
 */
const ORDER_COLUMNS = `
  o.id AS order_id, o.tenant_id, o.test_code, o.test_name,
  s.id AS sample_id, s.barcode, s.registration_id, s.registration_number, s.registered_at, s.centre_id, s.group_id,
  s.patient_id, s.mr_number, s.patient_name, s.gender, s.date_of_birth::text AS date_of_birth, s.age_years, s.collected_at,
  s.accepted_at, s.time_zone,
  r.status, r.amendment, r.test_version_id, r.complete, r.critical, r.holds, r.auto_validated,
  r.validated_by, COALESCE(NULLIF(vu.full_name, ''), r.validated_by_name) AS validated_by_name, r.validated_at,
  r.signed_by, COALESCE(NULLIF(su.full_name, ''), r.signed_by_name) AS signed_by_name, r.signed_at,
  r.critical_alert_id, r.version,
  t.current_version_id, t.auto_validate`;

const ORDER_FROM = `
  FROM lims.lab_orders o
  JOIN lims.samples s ON s.id = o.sample_id
  LEFT JOIN lims.order_results r ON r.lab_order_id = o.id
  LEFT JOIN lims.lab_tests t ON t.tenant_id = o.tenant_id AND t.code = o.test_code
  LEFT JOIN lims.users vu ON vu.id = r.validated_by
  LEFT JOIN lims.users su ON su.id = r.signed_by`;

/** A stored line (value, source, flag) to write. */
export interface StoredLine {
  code: string;
  value: string | readonly string[];
  source: (typeof RESULT_SOURCES)[number];
  flag: (typeof RESULT_FLAGS)[number] | null;
}

/** What order_results holds besides its keys. */
export interface OrderResultsState {
  status: ResultStatus;
  amendment: number;
  complete: boolean;
  critical: boolean;
  holds: readonly string[];
  autoValidated: boolean;
  validatedBy: string | null;
  validatedByName: string | null;
  validatedAt: Date | null;
  signedBy: string | null;
  signedByName: string | null;
  signedAt: Date | null;
  criticalAlertId: string | null;
}

const idRow = z.object({ id: z.uuid() });

/**
 * The lab's results under row-level security (the company): lab orders of accepted samples with their results, the
 * catalogue versions they are judged by, the patient's previous signed results, and the append-only history. Reads
 * of patient data are narrowed to the caller's centres (centreReachSql on the sample).
 */
@Injectable()
export class ResultsRepository {
  /** A page of the worksheet: orders of accepted samples the caller reaches, oldest accepted first. */
  async worksheet(
    tx: ReadTx,
    access: RequestAccess,
    q: BodyOf<typeof LIMS_API.findWorksheet>,
  ): Promise<{ rows: OrderRow[]; total: number }> {
    const p = new QueryParams();
    const where = [
      `o.status = 'ORDERED'`,
      `s.status = 'ACCEPTED'`,
      centreReachSql(access, p, { centre: 's.centre_id', group: 's.group_id' }),
      `coalesce(r.status, 'PENDING') = ANY(${p.add([...(q.status ?? OPEN_STATUSES)])}::text[])`,
    ];
    if (q.testCode) where.push(`o.test_code = ${p.add(q.testCode)}`);
    if (q.sampleId) where.push(`s.id = ${p.add(q.sampleId)}::uuid`);
    if (q.orderId) where.push(`o.id = ${p.add(q.orderId)}::uuid`);
    if (q.search) {
      const text = p.add(q.search.toUpperCase());
      const lower = p.add(q.search.toLowerCase());
      where.push(`(starts_with(s.barcode, ${text}) OR starts_with(upper(s.mr_number), ${text})
        OR starts_with(lower(s.patient_name), ${lower}))`);
    }
    const rows = await typedRows(
      tx.manager,
      counted,
      `SELECT ${ORDER_COLUMNS}, count(*) OVER () AS total ${ORDER_FROM}
        WHERE ${where.join(' AND ')}
        ORDER BY s.accepted_at, s.barcode, o.test_code, o.id
        OFFSET ${p.add((q.page - 1) * q.pageSize)} LIMIT ${p.add(q.pageSize)}`,
      p,
    );
    return { rows, total: rows[0]?.total ?? 0 };
  }

  /** A user's first and last name as the directory has it (lims.users, docs/decisions/0374), or null. */
  async personName(tx: ReadTx, userId: string): Promise<string | null> {
    const [row] = await typedRows(
      tx.manager,
      personRow,
      `SELECT full_name FROM lims.users WHERE id = :userId AND full_name <> ''`,
      { userId },
    );
    return row?.full_name ?? null;
  }

  /**
   * One order of an accepted sample, its row locked for a change (`access` null: the system's work, e.g. an
   * analyzer's results — the company only); null when it is not there, out of reach, cancelled or not accepted.
   */
  async lockOrder(tx: ChangeTx, access: RequestAccess | null, orderId: string): Promise<OrderRow | null> {
    const p = new QueryParams();
    const reach = access ? `AND ${centreReachSql(access, p, { centre: 's.centre_id', group: 's.group_id' })}` : '';
    const [row] = await typedRows(
      tx.manager,
      orderRow,
      `SELECT ${ORDER_COLUMNS} ${ORDER_FROM}
        WHERE o.id = ${p.add(orderId)}::uuid AND o.status = 'ORDERED' AND s.status = 'ACCEPTED' ${reach}
        FOR UPDATE OF o`,
      p,
    );
    return row ?? null;
  }

  /** Catalogue versions by id, with their test's code, name and rule. */
  versions(tx: ReadTx, ids: readonly string[]): Promise<VersionRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return typedRows(
      tx.manager,
      versionRow,
      `SELECT v.id, t.code, t.name, t.auto_validate, v.parameters
         FROM lims.lab_test_versions v JOIN lims.lab_tests t ON t.id = v.lab_test_id
        WHERE v.id = ANY(:ids::uuid[])`,
      { ids: [...ids] },
    );
  }

  /** The stored results of orders. */
  results(tx: ReadTx, orderIds: readonly string[]): Promise<ResultRow[]> {
    if (orderIds.length === 0) return Promise.resolve([]);
    return typedRows(
      tx.manager,
      resultRow,
      `SELECT lab_order_id, parameter_code, value, source, flag FROM lims.results
        WHERE lab_order_id = ANY(:ids::uuid[])`,
      { ids: [...orderIds] },
    );
  }

  /**
   * Each order's patient's previous result of each parameter: the latest signed before this sample was accepted, of
   * the same test, for the same patient (billing's patient: a centre's own — the same Patient ID at another centre is
   * another patient), by order and parameter code.
   */
  async previous(tx: ReadTx, orderIds: readonly string[]): Promise<Map<string, Map<string, string>>> {
    const out = new Map<string, Map<string, string>>();
    if (orderIds.length === 0) return out;
    const rows = await typedRows(
      tx.manager,
      previousRow,
      `SELECT DISTINCT ON (co.id, res.parameter_code) co.id AS order_id, res.parameter_code, res.value
         FROM lims.lab_orders co
         JOIN lims.samples cs ON cs.id = co.sample_id
         JOIN lims.samples ps ON ps.tenant_id = cs.tenant_id AND ps.patient_id = cs.patient_id AND ps.id <> cs.id
         JOIN lims.lab_orders po ON po.sample_id = ps.id AND po.test_code = co.test_code
         JOIN lims.order_results pr ON pr.lab_order_id = po.id AND pr.status = 'SIGNED'
         JOIN lims.results res ON res.lab_order_id = po.id
        WHERE co.id = ANY(:ids::uuid[]) AND pr.signed_at < coalesce(cs.accepted_at, now())
        ORDER BY co.id, res.parameter_code, pr.signed_at DESC`,
      { ids: [...orderIds] },
    );
    for (const r of rows) {
      if (typeof r.value !== 'string') continue;
      const byCode = out.get(r.order_id) ?? new Map<string, string>();
      byCode.set(r.parameter_code, r.value);
      out.set(r.order_id, byCode);
    }
    return out;
  }

  /**
   * The order's results row, made at the first entry with the catalogue version it is judged by: version 2 (a pending
   * order without a row reads as version 1).
   */
  async insertState(tx: ChangeTx, row: OrderRow, testVersionId: string, state: OrderResultsState): Promise<void> {
    await tx.manager.query(
      `INSERT INTO lims.order_results (lab_order_id, tenant_id, sample_id, test_version_id, status, amendment, complete,
         critical, holds, auto_validated, validated_by, validated_by_name, validated_at, signed_by, signed_by_name,
         signed_at, critical_alert_id, version)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, 2)`,
      [row.order_id, row.tenant_id, row.sample_id, testVersionId, ...stateValues(state)],
    );
  }

  /** The results row's new state, and its next version. */
  async updateState(tx: ChangeTx, orderId: string, state: OrderResultsState): Promise<void> {
    await tx.manager.query(
      `UPDATE lims.order_results SET status = $2, amendment = $3, complete = $4, critical = $5, holds = $6,
         auto_validated = $7, validated_by = $8, validated_by_name = $9, validated_at = $10, signed_by = $11,
         signed_by_name = $12, signed_at = $13, critical_alert_id = $14, version = version + 1, updated_at = now()
       WHERE lab_order_id = $1`,
      [orderId, ...stateValues(state)],
    );
  }

  /**
   * The order's lines as judged: a line with a value is written (its enterer kept when the value did not change), a
   * line without one is removed.
   */
  async writeLines(
    tx: ChangeTx,
    row: OrderRow,
    lines: readonly StoredLine[],
    cleared: readonly string[],
    who: { userId: string | null; name: string },
  ): Promise<void> {
    if (cleared.length > 0)
      await tx.manager.query(`DELETE FROM lims.results WHERE lab_order_id = $1 AND parameter_code = ANY($2::text[])`, [
        row.order_id,
        [...cleared],
      ]);
    if (lines.length === 0) return;
    await tx.manager.query(
      `INSERT INTO lims.results (lab_order_id, parameter_code, tenant_id, value, source, flag, entered_by, entered_by_name)
       SELECT $1, l.code, $2, l.value, l.source, l.flag, $3, $4
         FROM jsonb_to_recordset($5::jsonb) AS l(code text, value jsonb, source text, flag text)
       ON CONFLICT (lab_order_id, parameter_code) DO UPDATE
         SET value = excluded.value, source = excluded.source, flag = excluded.flag,
             entered_by = CASE WHEN lims.results.value = excluded.value THEN lims.results.entered_by ELSE excluded.entered_by END,
             entered_by_name = CASE WHEN lims.results.value = excluded.value THEN lims.results.entered_by_name
                                    ELSE excluded.entered_by_name END,
             entered_at = CASE WHEN lims.results.value = excluded.value THEN lims.results.entered_at ELSE now() END`,
      [row.order_id, row.tenant_id, who.userId, who.name, JSON.stringify(lines)],
    );
  }

  /** Appends to the order's history (signed lines; an amendment and its reason). */
  async appendHistory(
    tx: ChangeTx,
    row: OrderRow,
    entry: {
      amendment: number;
      status: ResultStatus;
      lines: readonly ResultLine[];
      who: { userId: string | null; name: string };
      reason: string | null;
    },
  ): Promise<void> {
    await tx.manager.query(
      `INSERT INTO lims.result_history (tenant_id, lab_order_id, amendment, status, lines, by_user, by_name, reason)
       VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7, $8)`,
      [
        row.tenant_id,
        row.order_id,
        entry.amendment,
        entry.status,
        JSON.stringify(entry.lines),
        entry.who.userId,
        entry.who.name,
        entry.reason,
      ],
    );
  }

  /** The order's history, oldest first (the order must be in the caller's reach: checked by the caller). */
  history(tx: ReadTx, orderId: string): Promise<z.output<typeof historyRow>[]> {
    return typedRows(
      tx.manager,
      historyRow,
      `SELECT amendment, status, lines, by_name, at, reason FROM lims.result_history
        WHERE lab_order_id = :id::uuid ORDER BY id`,
      { id: orderId },
    );
  }

  /** Whether an order is in the caller's reach (any status: the history of a signed order is still read). */
  async reaches(tx: ReadTx, access: RequestAccess, orderId: string): Promise<boolean> {
    const p = new QueryParams();
    const rows = await typedRows(
      tx.manager,
      idRow,
      `SELECT o.id FROM lims.lab_orders o JOIN lims.samples s ON s.id = o.sample_id
        WHERE o.id = ${p.add(orderId)}::uuid AND ${centreReachSql(access, p, { centre: 's.centre_id', group: 's.group_id' })}`,
      p,
    );
    return rows.length > 0;
  }
}

function stateValues(s: OrderResultsState): unknown[] {
  return [
    s.status,
    s.amendment,
    s.complete,
    s.critical,
    [...s.holds],
    s.autoValidated,
    s.validatedBy,
    s.validatedByName,
    s.validatedAt,
    s.signedBy,
    s.signedByName,
    s.signedAt,
    s.criticalAlertId,
  ];
}
