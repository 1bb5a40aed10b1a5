import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import {
  DELIVERY_CHANNELS,
  RESULT_STATUSES,
  type BodyOf,
  type DeliveryChannel,
  type LIMS_API,
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

/** A lab order of a registration with its results' state and its test's definition, as a report reads it. */
const reportOrderRow = z.object({
  order_id: z.uuid(),
  tenant_id: z.uuid(),
  test_code: z.string(),
  test_name: z.string(),
  registration_id: z.uuid(),
  registration_number: z.string(),
  registered_at: date,
  centre_id: z.uuid(),
  patient_id: z.uuid(),
  mr_number: z.string(),
  patient_name: z.string(),
  gender: z.string(),
  date_of_birth: z.string().nullable(),
  phone_number: z.string().nullable(),
  age_years: z.number().int().nullable(),
  barcode: z.string(),
  sample_type: z.string(),
  collected_at: date.nullable(),
  accepted_at: date.nullable(),
  time_zone: z.string().nullable(),
  status: z.enum(RESULT_STATUSES).nullable(),
  amendment: z.number().int().nullable(),
  test_version_id: z.uuid().nullable(),
  signed_at: date.nullable(),
  department: z.string().nullable(),
  sub_department_code: z.string().nullable(),
  sub_department_name: z.string().nullable(),
  method: z.string().nullable(),
  loinc_code: z.string().nullable(),
});
export type ReportOrderRow = z.infer<typeof reportOrderRow>;

const REPORT_ORDER_COLUMNS = `
  o.id AS order_id, o.tenant_id, o.test_code, o.test_name,
  s.registration_id, s.registration_number, s.registered_at, s.centre_id, s.patient_id, s.mr_number, s.patient_name,
  s.gender, s.date_of_birth::text AS date_of_birth, s.phone_number, s.age_years, s.barcode, s.sample_type, s.collected_at,
  s.accepted_at, s.time_zone, r.status, r.amendment, r.test_version_id, r.signed_at,
  t.department, t.sub_department_code, t.sub_department_name, t.method, t.loinc_code`;

const REPORT_ORDER_FROM = `
  FROM lims.lab_orders o
  JOIN lims.samples s ON s.id = o.sample_id
  LEFT JOIN lims.order_results r ON r.lab_order_id = o.id
  LEFT JOIN lims.lab_tests t ON t.tenant_id = o.tenant_id AND t.code = o.test_code`;

/** Departments, then sub-departments, then tests, in the order a report prints them. */
const REPORT_ORDER_BY = `t.department NULLS LAST, t.sub_department_name NULLS LAST, o.test_code, o.id`;

const labReportRow = z.object({
  id: z.uuid(),
  tenant_id: z.uuid(),
  registration_id: z.uuid(),
  selection: z.string(),
  orders: z.array(z.object({ orderId: z.uuid(), amendment: z.number().int() })),
  object_key: z.string().nullable(),
  created_at: date,
});
export type LabReportRow = z.infer<typeof labReportRow>;

const deliveryRow = z.object({
  id: z.uuid(),
  tenant_id: z.uuid(),
  lab_report_id: z.uuid(),
  channel: z.enum(DELIVERY_CHANNELS),
  to_address: z.string(),
  to_name: z.string().nullable(),
  status: z.enum(['QUEUED', 'SENT', 'RETRYING', 'FAILED']),
  attempts: z.number().int(),
  link_expires_at: date.nullable(),
});
const DELIVERY_COLUMNS = `id, tenant_id, lab_report_id, channel, to_address, to_name, status, attempts, link_expires_at`;
export type LabReportDeliveryRow = z.infer<typeof deliveryRow>;

/** The object key of a stored lab report's PDF. */
export const labReportKey = (tenantId: string, registrationId: string, reportId: string): string =>
  `lims/${tenantId}/reports/${registrationId}/${reportId}.pdf`;

const registrationIdTotalRow = z.object({ registration_id: z.uuid(), total: z.coerce.number().int() });
const idRow = z.object({ id: z.uuid() });

/**
 * The lab reports' queries under row-level security (the company): registrations' lab orders with their results'
 * state and their tests' definitions (narrowed to the caller's centres, on the sample), the stored reports
 * (lims.lab_reports) and their deliveries by e-mail and SMS (lims.lab_report_deliveries).
 */
@Injectable()
export class LabReportsRepository {
  /** A page of registrations with lab orders the caller reaches (latest first by default), in page order, with their orders. */
  async reportable(
    tx: ReadTx,
    access: RequestAccess,
    q: BodyOf<typeof LIMS_API.findReportable>,
  ): Promise<{ registrationIds: string[]; rows: ReportOrderRow[]; total: number }> {
    const p = new QueryParams();
    const where = [`o.status = 'ORDERED'`, centreReachSql(access, p, { centre: 's.centre_id', group: 's.group_id' })];
    if (q.search) {
      const text = p.add(q.search.toUpperCase());
      const lower = p.add(q.search.toLowerCase());
      where.push(`(starts_with(upper(s.registration_number), ${text}) OR starts_with(upper(s.mr_number), ${text})
        OR starts_with(lower(s.patient_name), ${lower}))`);
    }
    const page = await typedRows(
      tx.manager,
      registrationIdTotalRow,
      `SELECT s.registration_id, count(*) OVER () AS total
         FROM lims.lab_orders o JOIN lims.samples s ON s.id = o.sample_id
        WHERE ${where.join(' AND ')}
        GROUP BY s.registration_id
        ORDER BY max(s.registered_at) ${q.sortBy && q.sortDir === 'asc' ? 'ASC' : 'DESC'}, s.registration_id
        OFFSET ${p.add((q.page - 1) * q.pageSize)} LIMIT ${p.add(q.pageSize)}`,
      p,
    );
    if (page.length === 0) return { registrationIds: [], rows: [], total: 0 };
    const rows = await typedRows(
      tx.manager,
      reportOrderRow,
      `SELECT ${REPORT_ORDER_COLUMNS} ${REPORT_ORDER_FROM}
        WHERE o.status = 'ORDERED' AND s.registration_id = ANY(:ids::uuid[])
        ORDER BY ${REPORT_ORDER_BY}`,
      { ids: page.map((r) => r.registration_id) },
    );
    return { registrationIds: page.map((r) => r.registration_id), rows, total: page[0]!.total };
  }

  /**
   * A registration's lab orders (not cancelled), in print order; `access` null: the system's work (the worker) — the
   * company only. Empty when the registration is not there or out of the caller's reach.
   */
  async registration(tx: ReadTx, access: RequestAccess | null, registrationId: string): Promise<ReportOrderRow[]> {
    const p = new QueryParams();
    const reach = access ? `AND ${centreReachSql(access, p, { centre: 's.centre_id', group: 's.group_id' })}` : '';
    return typedRows(
      tx.manager,
      reportOrderRow,
      `SELECT ${REPORT_ORDER_COLUMNS} ${REPORT_ORDER_FROM}
        WHERE o.status = 'ORDERED' AND s.registration_id = ${p.add(registrationId)}::uuid ${reach}
        ORDER BY ${REPORT_ORDER_BY}`,
      p,
    );
  }

  async byId(tx: ReadTx, id: string): Promise<LabReportRow | null> {
    const [row] = await typedRows(
      tx.manager,
      labReportRow,
      `SELECT id, tenant_id, registration_id, selection, orders, object_key, created_at
         FROM lims.lab_reports WHERE id = :id`,
      { id },
    );
    return row ?? null;
  }

  /** The report of this choice of orders at their amendments: the one recorded, or a new one. */
  async findOrCreate(
    tx: ChangeTx,
    row: {
      tenantId: string;
      registrationId: string;
      selection: string;
      orders: readonly { orderId: string; amendment: number }[];
    },
  ): Promise<LabReportRow> {
    await tx.manager.query(
      `INSERT INTO lims.lab_reports (tenant_id, registration_id, selection, orders)
       VALUES ($1, $2, $3, $4::jsonb) ON CONFLICT (tenant_id, registration_id, selection) DO NOTHING`,
      [row.tenantId, row.registrationId, row.selection, JSON.stringify(row.orders)],
    );
    const [found] = await typedRows(
      tx.manager,
      labReportRow,
      `SELECT id, tenant_id, registration_id, selection, orders, object_key, created_at
         FROM lims.lab_reports WHERE registration_id = :registrationId AND selection = :selection`,
      { registrationId: row.registrationId, selection: row.selection },
    );
    return found!;
  }

  /** Records the stored PDF; false when it was recorded already (a retried job). */
  async markStored(
    tx: ChangeTx,
    id: string,
    pdf: { key: string; size: number; pages: number; ms: number },
  ): Promise<boolean> {
    const updated = await typedRows(
      tx.manager,
      idRow,
      `UPDATE lims.lab_reports SET object_key = :key, size_bytes = :size, pages = :pages, render_ms = :ms,
              stored_at = now()
        WHERE id = :id AND object_key IS NULL RETURNING id`,
      { id, ...pdf },
    );
    return updated.length > 0;
  }

  async createDelivery(
    tx: ChangeTx,
    row: {
      tenantId: string;
      reportId: string;
      channel: DeliveryChannel;
      to: string;
      name: string | null;
      createdBy: string;
    },
  ): Promise<string> {
    const [created] = await typedRows(
      tx.manager,
      idRow,
      `INSERT INTO lims.lab_report_deliveries (tenant_id, lab_report_id, channel, to_address, to_name, status, created_by)
       VALUES (:tenantId, :reportId, :channel, :to, :name, 'QUEUED', :createdBy) RETURNING id`,
      row,
    );
    return created!.id;
  }

  async delivery(tx: ReadTx, id: string): Promise<LabReportDeliveryRow | null> {
    const [row] = await typedRows(
      tx.manager,
      deliveryRow,
      `SELECT ${DELIVERY_COLUMNS} FROM lims.lab_report_deliveries WHERE id = :id`,
      { id },
    );
    return row ?? null;
  }

  /** The delivery whose SMS link has this token hash (the company's, under row-level security). */
  async deliveryByLinkHash(tx: ReadTx, hash: string): Promise<LabReportDeliveryRow | null> {
    const [row] = await typedRows(
      tx.manager,
      deliveryRow,
      `SELECT ${DELIVERY_COLUMNS} FROM lims.lab_report_deliveries WHERE link_token_hash = :hash`,
      { hash },
    );
    return row ?? null;
  }

  /** A new SMS link of the delivery: only its token's hash is kept (the last link replaces the one before), valid for `ttlSeconds`. */
  async setLink(tx: ChangeTx, deliveryId: string, tokenHash: string, ttlSeconds: number): Promise<void> {
    await tx.manager.query(
      `UPDATE lims.lab_report_deliveries
          SET link_token_hash = $2, link_expires_at = clock_timestamp() + make_interval(secs => $3)
        WHERE id = $1`,
      [deliveryId, tokenHash, ttlSeconds],
    );
  }

  /** Records one attempt: SENT, or RETRYING/FAILED with its error. */
  async recordAttempt(
    tx: ChangeTx,
    id: string,
    attempt: { status: 'SENT' | 'RETRYING' | 'FAILED'; error: string | null; providerId: string | null },
  ): Promise<void> {
    await tx.manager.query(
      `UPDATE lims.lab_report_deliveries
          SET status = $2::text, attempts = attempts + 1, last_error = $3, provider_id = coalesce($4, provider_id),
              sent_at = CASE WHEN $2::text = 'SENT' THEN now() ELSE sent_at END
        WHERE id = $1`,
      [id, attempt.status, attempt.error, attempt.providerId],
    );
  }
}
