import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import {
  FUSION_INVOICE_NOT_RAISED_LABEL,
  INVOICE_ACTIONS,
  INVOICE_SIDES,
  INVOICE_STATUSES,
  type BILLING_API,
  type BodyOf,
  type FusionInvoiceActivity,
  type FusionInvoiceLine,
  type InvoiceAction,
  type InvoiceSide,
  type InvoiceStatus,
  type Money,
} from '@rayworks/contracts';
import type { InvoicePatch } from '@rayworks/lifecycles';
import {
  centreReachSql,
  containsPattern,
  QueryParams,
  typedRows,
  type ChangeTx,
  type ReadTx,
  type RequestAccess,
} from '@rayworks/nest-kit';

type CurrencyCode = Money['currency'];

const minor = z.coerce.number().int().refine(Number.isSafeInteger);
const iso = z.coerce.date().transform((d) => d.toISOString());
const status = z.enum(INVOICE_STATUSES);
const side = z.enum(INVOICE_SIDES);

const invoiceRow = z
  .object({
    id: z.uuid(),
    tenant_id: z.uuid(),
    fusion_centre_id: z.uuid(),
    fusion_centre_name: z.string().nullable(),
    client_tenant_id: z.uuid(),
    client_centre_id: z.uuid(),
    client_centre_name: z.string().nullable(),
    month: z.string(),
    status: status.nullable(),
    version: z.number().int(),
    currency: z.enum(['INR']),
    line_count: z.number().int(),
    unpriced_count: z.coerce.number().int(),
    lines_total_minor: minor,
    total_minor: minor.nullable(),
    paid_minor: minor,
    requested_minor: minor.nullable(),
    held_from: status.nullable(),
    held_by: side.nullable(),
    hold_reason: z.string().nullable(),
    reject_reason: z.string().nullable(),
    raised_at: iso.nullable(),
    completed_at: iso.nullable(),
    created_at: iso,
    updated_at: iso,
    as_hub: z.boolean(),
    as_client: z.boolean(),
    total: z.coerce.number().int().optional(),
  })
  .transform((r) => ({
    id: r.id,
    tenantId: r.tenant_id,
    fusionCentreId: r.fusion_centre_id,
    fusionCentreName: r.fusion_centre_name,
    clientTenantId: r.client_tenant_id,
    clientCentreId: r.client_centre_id,
    clientCentreName: r.client_centre_name,
    month: r.month,
    status: r.status,
    version: r.version,
    currency: r.currency,
    lineCount: r.line_count,
    unpricedLineCount: r.unpriced_count,
    linesTotalMinor: r.lines_total_minor,
    totalMinor: r.total_minor,
    paidMinor: r.paid_minor,
    requestedMinor: r.requested_minor,
    heldFrom: r.held_from,
    heldBy: r.held_by,
    holdReason: r.hold_reason,
    rejectReason: r.reject_reason,
    raisedAt: r.raised_at,
    completedAt: r.completed_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    /** The sides the caller's organisation is on (its company and reach); empty: it does not see the invoice. */
    sides: INVOICE_SIDES.filter((s) => (s === 'FUSION_HUB' ? r.as_hub : r.as_client)),
    total: r.total ?? 0,
  }));
/** An invoice as the caller sees it, with the sides it is on. */
export type FusionInvoiceRow = z.output<typeof invoiceRow>;

const lineRow = z
  .object({
    id: z.uuid(),
    case_id: z.uuid(),
    modality: z.string().nullable(),
    completed_at: iso,
    completed_on: z.iso.date(),
    radiologist_id: z.uuid().nullable(),
    rate_version_id: z.uuid().nullable(),
    unit_minor: minor.nullable(),
    currency: z.enum(['INR']),
  })
  .transform((r): FusionInvoiceLine & { completedOn: string } => ({
    _id: r.id,
    caseId: r.case_id,
    modality: r.modality,
    completedAt: r.completed_at,
    completedOn: r.completed_on,
    radiologistId: r.radiologist_id,
    rateVersionId: r.rate_version_id,
    unitMinor: r.unit_minor,
    currency: r.currency,
  }));

const activityRow = z
  .object({
    id: z.uuid(),
    kind: z.enum(['ACTION', 'COMMENT']),
    action: z.enum(INVOICE_ACTIONS),
    side,
    actor_id: z.uuid().nullable(),
    actor_name: z.string().nullable(),
    text: z.string().nullable(),
    amount_minor: minor.nullable(),
    status: status.nullable(),
    created_at: iso,
  })
  .transform((r): FusionInvoiceActivity => ({
    _id: r.id,
    kind: r.kind,
    action: r.action,
    side: r.side,
    actorId: r.actor_id,
    actorName: r.actor_name,
    text: r.text,
    amountMinor: r.amount_minor,
    status: r.status,
    at: r.created_at,
  }));

/** The sortable fields of the invoices list (contract names) → columns of the view below. */
const INVOICE_SORT = {
  month: 'v.month',
  createdAt: 'v.created_at',
  updatedAt: 'v.updated_at',
  totalMinor: 'v.total_minor',
} as const;

/** Where a completed read is billed: the fusion centre, the client centre and the month. */
export interface InvoiceKey {
  tenantId: string;
  fusionCentreId: string;
  fusionCentreName: string | null;
  clientTenantId: string;
  clientCentreId: string;
  clientCentreName: string | null;
  currency: CurrencyCode;
}

export interface NewLine {
  tenantId: string;
  clientTenantId: string;
  invoiceId: string;
  caseId: string;
  modality: string | null;
  completedAt: Date;
  completedOn: string;
  radiologistId: string | null;
  rateVersionId: string | null;
  unitMinor: number | null;
  currency: CurrencyCode;
  eventId: string;
}

export interface NewActivity {
  tenantId: string;
  clientTenantId: string;
  invoiceId: string;
  kind: 'ACTION' | 'COMMENT';
  action: InvoiceAction;
  side: InvoiceSide;
  actorId: string | null;
  actorName: string | null;
  text: string | null;
  amountMinor: number | null;
  status: InvoiceStatus | null;
}

/** The columns a move of the invoice machine writes (InvoicePatch's fields). */
const PATCH_COLUMNS: Record<keyof InvoicePatch, string> = {
  paidMinor: 'paid_minor',
  requestedMinor: 'requested_minor',
  heldFrom: 'held_from',
  heldBy: 'held_by',
  holdReason: 'hold_reason',
  rejectReason: 'reject_reason',
};

/**
 * The invoices as the caller sees them, with the sides it is on: the hub's company's invoices of the fusion centres
 * it reaches (FUSION_HUB), and the raised invoices addressed to its company's client centres it reaches
 * (CLIENT_CENTRE). Row-level security already keeps every other company's out; the reach narrows within the company
 * (centreReachSql over billing.centres, each company's own read model).
 */
function visibleInvoices(access: RequestAccess, p: QueryParams): string {
  const me = p.add(access.principal.tenantId);
  const hubReach = centreReachSql(access, p, { centre: 'hc.id', group: 'hc.group_id' });
  const clientReach = centreReachSql(access, p, { centre: 'cc.id', group: 'cc.group_id' });
  return `SELECT i.id, i.tenant_id, i.fusion_centre_id, i.fusion_centre_name, i.client_tenant_id, i.client_centre_id,
      i.client_centre_name, i.month, i.status, i.version, i.currency, i.line_count, t.unpriced_count,
      t.lines_total_minor, i.total_minor, i.paid_minor, i.requested_minor, i.held_from, i.held_by, i.hold_reason,
      i.reject_reason, i.raised_at, i.completed_at, i.created_at, i.updated_at,
      COALESCE(i.tenant_id = ${me}::uuid AND hc.id IS NOT NULL AND ${hubReach}, false) AS as_hub,
      COALESCE(i.client_tenant_id = ${me}::uuid AND i.status IS NOT NULL AND cc.id IS NOT NULL AND ${clientReach}, false)
        AS as_client
    FROM billing.fusion_invoices i
    LEFT JOIN billing.centres hc ON hc.id = i.fusion_centre_id
    LEFT JOIN billing.centres cc ON cc.id = i.client_centre_id
    CROSS JOIN LATERAL (
      SELECT count(*) FILTER (WHERE l.unit_minor IS NULL) AS unpriced_count,
        COALESCE(sum(l.unit_minor), 0) AS lines_total_minor
      FROM billing.fusion_invoice_lines l WHERE l.invoice_id = i.id
    ) t`;
}

const idRow = z.object({ id: z.uuid() });
const idStatusRow = z.object({ id: z.uuid(), status: status.nullable() });

/** billing.fusion_invoices, their lines and history (row-level security: the hub's company, and the client's once raised). */
@Injectable()
export class FusionInvoicesRepository {
  /** A page of the invoices the caller sees. */
  async list(
    tx: ReadTx,
    access: RequestAccess,
    q: BodyOf<typeof BILLING_API.findFusionInvoices>,
  ): Promise<{ items: FusionInvoiceRow[]; total: number }> {
    const p = new QueryParams();
    const where = ['(v.as_hub OR v.as_client)'];
    if (q.status === FUSION_INVOICE_NOT_RAISED_LABEL) where.push('v.status IS NULL');
    else if (q.status) where.push(`v.status = ${p.add(q.status)}`);
    if (q.side) where.push(q.side === 'FUSION_HUB' ? 'v.as_hub' : 'v.as_client');
    if (q.month) where.push(`v.month = ${p.add(q.month)}`);
    if (q.fusionCentreId) where.push(`v.fusion_centre_id = ${p.add(q.fusionCentreId)}::uuid`);
    if (q.clientCentreId) where.push(`v.client_centre_id = ${p.add(q.clientCentreId)}::uuid`);
    if (q.search) {
      const like = p.add(containsPattern(q.search));
      where.push(`(v.client_centre_name ILIKE ${like} OR v.fusion_centre_name ILIKE ${like})`);
    }
    const dir = q.sortDir === 'desc' ? 'DESC' : 'ASC';
    const column = q.sortBy ? INVOICE_SORT[q.sortBy] : INVOICE_SORT.month;
    const rows = await typedRows(
      tx.manager,
      invoiceRow,
      `SELECT count(*) OVER () AS total, v.* FROM (${visibleInvoices(access, p)}) v
       WHERE ${where.join(' AND ')}
       ORDER BY ${column} ${q.sortBy ? dir : 'DESC'} NULLS LAST, v.id ${dir}
       LIMIT ${p.add(q.pageSize)} OFFSET ${p.add((q.page - 1) * q.pageSize)}`,
      p,
    );
    return { items: rows, total: rows[0]?.total ?? 0 };
  }

  /**
   * One invoice the caller sees (on at least one side), or null: another company's, out of its reach, not raised yet
   * for the client, or missing — the same. `lock`: held for a change in this unit of work.
   */
  async findVisible(tx: ReadTx, access: RequestAccess, id: string, lock = false): Promise<FusionInvoiceRow | null> {
    const p = new QueryParams();
    const select = visibleInvoices(access, p);
    const [row] = await typedRows(
      tx.manager,
      invoiceRow,
      `${select} WHERE i.id = ${p.add(id)}::uuid${lock ? ' FOR UPDATE OF i' : ''}`,
      p,
    );
    return row && row.sides.length > 0 ? row : null;
  }

  async lines(tx: ReadTx, invoiceId: string) {
    return typedRows(
      tx.manager,
      lineRow,
      `SELECT id, case_id, modality, completed_at, completed_on::text AS completed_on, radiologist_id, rate_version_id,
         unit_minor, currency
       FROM billing.fusion_invoice_lines WHERE invoice_id = :invoiceId ORDER BY completed_at, id`,
      { invoiceId },
    );
  }

  async activity(tx: ReadTx, invoiceId: string): Promise<FusionInvoiceActivity[]> {
    return typedRows(
      tx.manager,
      activityRow,
      `SELECT id, kind, action, side, actor_id, actor_name, text, amount_minor, status, created_at
       FROM billing.fusion_invoice_activity WHERE invoice_id = :invoiceId ORDER BY created_at, id`,
      { invoiceId },
    );
  }

  /** Whether a line bills this case's read already. */
  async caseBilled(tx: ReadTx, caseId: string): Promise<boolean> {
    const rows = await typedRows(
      tx.manager,
      idRow,
      `SELECT id FROM billing.fusion_invoice_lines WHERE case_id = :caseId`,
      { caseId },
    );
    return rows.length > 0;
  }

  /**
   * The month's invoice of this fusion centre to this client centre, made if missing, locked for this unit of work
   * (a raise and a new line never cross): its id and whether it is raised.
   */
  async monthInvoice(tx: ChangeTx, key: InvoiceKey, month: string): Promise<{ id: string; raised: boolean }> {
    await tx.manager.query(
      `INSERT INTO billing.fusion_invoices (tenant_id, fusion_centre_id, fusion_centre_name, client_tenant_id,
         client_centre_id, client_centre_name, month, currency)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (fusion_centre_id, client_centre_id, month) DO NOTHING`,
      [
        key.tenantId,
        key.fusionCentreId,
        key.fusionCentreName,
        key.clientTenantId,
        key.clientCentreId,
        key.clientCentreName,
        month,
        key.currency,
      ],
    );
    const [row] = await typedRows(
      tx.manager,
      idStatusRow,
      `SELECT id, status FROM billing.fusion_invoices
       WHERE fusion_centre_id = :fusionCentreId AND client_centre_id = :clientCentreId AND month = :month FOR UPDATE`,
      { fusionCentreId: key.fusionCentreId, clientCentreId: key.clientCentreId, month },
    );
    return { id: row!.id, raised: row!.status !== null };
  }

  /** Adds the line of a read; false when the read is billed already (case_id is unique). */
  async insertLine(tx: ChangeTx, line: NewLine): Promise<boolean> {
    const rows = await typedRows(
      tx.manager,
      idRow,
      `INSERT INTO billing.fusion_invoice_lines (tenant_id, client_tenant_id, invoice_id, case_id, modality,
         completed_at, completed_on, radiologist_id, rate_version_id, unit_minor, currency, event_id)
       VALUES (:tenantId, :clientTenantId, :invoiceId, :caseId, :modality, :completedAt, :completedOn::date,
         :radiologistId, :rateVersionId, :unitMinor, :currency, :eventId)
       ON CONFLICT (case_id) DO NOTHING RETURNING id`,
      { ...line },
    );
    return rows.length > 0;
  }

  /** A line was added: the invoice counts it and moves on (a raise of the older version is refused). */
  async lineAdded(tx: ChangeTx, invoiceId: string): Promise<void> {
    await tx.manager.query(
      `UPDATE billing.fusion_invoices SET line_count = line_count + 1, version = version + 1, updated_at = now()
       WHERE id = $1`,
      [invoiceId],
    );
  }

  /** Removes an invoice made for a line that turned out to be billed already (nothing on it, not raised). */
  async dropIfEmpty(tx: ChangeTx, invoiceId: string): Promise<void> {
    await tx.manager.query(
      `DELETE FROM billing.fusion_invoices i WHERE i.id = $1 AND i.status IS NULL AND i.line_count = 0
         AND NOT EXISTS (SELECT 1 FROM billing.fusion_invoice_lines l WHERE l.invoice_id = i.id)`,
      [invoiceId],
    );
  }

  /** Prices a line (once: a priced line keeps its rate). */
  async priceLine(tx: ChangeTx, lineId: string, rateVersionId: string, unitMinor: number): Promise<void> {
    await tx.manager.query(
      `UPDATE billing.fusion_invoice_lines SET rate_version_id = $2, unit_minor = $3
       WHERE id = $1 AND rate_version_id IS NULL`,
      [lineId, rateVersionId, unitMinor],
    );
  }

  /**
   * Writes a move of the invoice machine if the invoice is still at `version`: the status, exactly the patch's
   * fields, and on raising its total. False: it moved on meanwhile.
   */
  async move(
    tx: ChangeTx,
    id: string,
    version: number,
    move: { status: InvoiceStatus; patch: InvoicePatch; raise?: { totalMinor: number; by: string } },
  ): Promise<boolean> {
    const p = new QueryParams();
    const set = [`status = ${p.add(move.status)}`, 'version = version + 1', 'updated_at = now()'];
    for (const [key, column] of Object.entries(PATCH_COLUMNS) as [keyof InvoicePatch, string][])
      if (key in move.patch) set.push(`${column} = ${p.add(move.patch[key] ?? null)}`);
    if (move.raise)
      set.push(
        `total_minor = ${p.add(move.raise.totalMinor)}`,
        'raised_at = now()',
        `raised_by = ${p.add(move.raise.by)}::uuid`,
      );
    if (move.status === 'COMPLETED') set.push('completed_at = now()');
    const rows = await typedRows(
      tx.manager,
      idRow,
      `UPDATE billing.fusion_invoices SET ${set.join(', ')}
       WHERE id = ${p.add(id)}::uuid AND version = ${p.add(version)} RETURNING id`,
      p,
    );
    return rows.length > 0;
  }

  async addActivity(tx: ChangeTx, row: NewActivity): Promise<FusionInvoiceActivity> {
    const [made] = await typedRows(
      tx.manager,
      activityRow,
      `INSERT INTO billing.fusion_invoice_activity (tenant_id, client_tenant_id, invoice_id, kind, action, side,
         actor_id, actor_name, text, amount_minor, status)
       VALUES (:tenantId, :clientTenantId, :invoiceId, :kind, :action, :side, :actorId, :actorName, :text,
         :amountMinor, :status)
       RETURNING id, kind, action, side, actor_id, actor_name, text, amount_minor, status, created_at`,
      { ...row },
    );
    return made!;
  }
}
