import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { LEDGER_ENTRY_KINDS, PAYMENT_MODES, type LedgerSum } from '@rayworks/contracts';
import { QueryParams, typedRows, type ReadTx } from '@rayworks/nest-kit';

/** Whole minor units as PostgreSQL answers a bigint or a sum (text), checked to be a safe integer. */
const minor = z.coerce.number().int();
const count = z.coerce.number().int().min(0);

/** The instants a centre's local day or period begins and ends: [startsAt, endsAt). */
export interface Span {
  centreId: string;
  startsAt: Date;
  endsAt: Date;
}

/** A group of a centre's payments or refunds: mode, kind and (when asked) the user who took them. */
export interface CentreLedgerSum extends LedgerSum {
  centreId: string;
  user: { userId: string; loginName: string } | null;
}

/** A centre's invoices issued in a period, and what of them is left to pay now. */
export interface CentreInvoiced {
  centreId: string;
  invoices: number;
  totalMinor: number;
  openInvoices: number;
  balanceMinor: number;
}

/** What the centres' invoices are owed now (the invoices with something left to pay). */
export interface CentreOpen {
  centreId: string;
  invoices: number;
  balanceMinor: number;
}

const ledgerRow = z.object({
  centre_id: z.uuid(),
  mode: z.enum(PAYMENT_MODES),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  user_id: z.uuid().nullable(),
  login_name: z.string().nullable(),
  entries: count,
  amount_minor: minor,
});

const lateRow = z.object({
  id: z.uuid(),
  invoice_id: z.uuid(),
  invoice_number: z.string(),
  kind: z.enum(LEDGER_ENTRY_KINDS),
  mode: z.enum(PAYMENT_MODES),
  amount_minor: minor,
  taken_at: z.date(),
  taken_by: z.uuid(),
  taken_by_name: z.string(),
});
export type LateLedgerRow = z.output<typeof lateRow>;

/** A centre's range of local dates, both included. */
export interface DateRange {
  centreId: string;
  from: string;
  to: string;
}

/** The key of a local midnight in `midnights`' answer. */
export const midnightKey = (date: string, zone: string): string => `${zone} ${date}`;

/** The spans as three parallel arrays, unnested into rows `s(centre_id, starts_at, ends_at)` by the statement. */
function spansSql(p: QueryParams, spans: readonly Span[]): string {
  const ids = p.add(spans.map((s) => s.centreId));
  const starts = p.add(spans.map((s) => s.startsAt.toISOString()));
  const ends = p.add(spans.map((s) => s.endsAt.toISOString()));
  return `unnest(${ids}::uuid[], ${starts}::timestamptz[], ${ends}::timestamptz[]) AS s(centre_id, starts_at, ends_at)`;
}

const centreDayRow = z.object({ day: z.string(), zone: z.string(), starts_at: z.date() });
const centreInvoicesRow = z.object({ centre_id: z.uuid(), invoices: count, total: minor, open: count, balance: minor });
const centreNotesRow = z.object({ centre_id: z.uuid(), notes: count, amount: minor });
const centreOpenRow = z.object({ centre_id: z.uuid(), invoices: count, balance: minor });

/**
 * The figures of a centre's day end and of the finance dashboard (docs/decisions/0278, 0280): sums of billing's
 * invoices, payments and credit notes by centre between a local day's or period's instants, each statement answered
 * from the covering indexes of migration 1797500000000-DayEnd. This module reports on the rows the invoices and
 * payments modules write and never changes them. Callers pass only centres they checked to be in the caller's reach;
 * row-level security keeps every statement in the caller's company.
 */
@Injectable()
export class FinanceFiguresRepository {
  /**
   * The instant each local date begins in its time zone (local midnight), as PostgreSQL's time zone data reads it
   * (daylight saving included): keyed `midnightKey(date, zone)`.
   */
  async midnights(tx: ReadTx, items: readonly { date: string; zone: string }[]): Promise<Map<string, Date>> {
    if (items.length === 0) return new Map();
    const rows = await typedRows(
      tx.manager,
      centreDayRow,
      `SELECT day, zone, (day::date)::timestamp AT TIME ZONE zone AS starts_at
       FROM unnest(:days::text[], :zones::text[]) AS u(day, zone)`,
      { days: items.map((i) => i.date), zones: items.map((i) => i.zone) },
    );
    return new Map(rows.map((r) => [midnightKey(r.day, r.zone), r.starts_at]));
  }

  /**
   * The centres' payments and refunds taken within their spans, summed by centre, mode and kind — and by the user who
   * took them when `byUser` (or only the entries `userId` took).
   */
  async ledger(
    tx: ReadTx,
    spans: readonly Span[],
    options: { byUser?: boolean; userId?: string } = {},
  ): Promise<CentreLedgerSum[]> {
    if (spans.length === 0) return [];
    const p = new QueryParams();
    const byUser = options.byUser || options.userId !== undefined;
    const user = byUser ? 'p.taken_by' : 'NULL::uuid';
    const rows = await typedRows(
      tx.manager,
      ledgerRow,
      `SELECT s.centre_id, p.mode, p.kind, ${user} AS user_id,
              ${byUser ? 'max(p.taken_by_name)' : 'NULL::text'} AS login_name,
              count(*) AS entries, sum(p.amount_minor) AS amount_minor
       FROM ${spansSql(p, spans)}
       JOIN billing.payments p ON p.centre_id = s.centre_id AND p.taken_at >= s.starts_at AND p.taken_at < s.ends_at
       ${options.userId !== undefined ? `WHERE p.taken_by = ${p.add(options.userId)}::uuid` : ''}
       GROUP BY s.centre_id, p.mode, p.kind${byUser ? ', p.taken_by' : ''}`,
      p,
    );
    return rows.map((r) => ({
      centreId: r.centre_id,
      mode: r.mode,
      kind: r.kind,
      entries: r.entries,
      amountMinor: r.amount_minor,
      user: r.user_id === null ? null : { userId: r.user_id, loginName: r.login_name ?? '' },
    }));
  }

  /** The centres' invoices issued on the local dates of their ranges, and what is left to pay of them now. */
  async invoiced(tx: ReadTx, ranges: readonly DateRange[]): Promise<CentreInvoiced[]> {
    if (ranges.length === 0) return [];
    const rows = await typedRows(
      tx.manager,
      centreInvoicesRow,
      `SELECT s.centre_id, count(*) AS invoices, sum(i.total_minor) AS total,
              count(*) FILTER (WHERE i.paid_minor + i.credited_minor < i.total_minor) AS open,
              coalesce(sum(i.total_minor - i.credited_minor - i.paid_minor), 0) AS balance
       FROM unnest(:ids::uuid[], :froms::date[], :tos::date[]) AS s(centre_id, from_date, to_date)
       JOIN billing.invoices i ON i.centre_id = s.centre_id AND i.issued_on BETWEEN s.from_date AND s.to_date
       GROUP BY s.centre_id`,
      { ids: ranges.map((r) => r.centreId), froms: ranges.map((r) => r.from), tos: ranges.map((r) => r.to) },
    );
    return rows.map((r) => ({
      centreId: r.centre_id,
      invoices: r.invoices,
      totalMinor: r.total,
      openInvoices: r.open,
      balanceMinor: r.balance,
    }));
  }

  /** The centres' credit notes issued within their spans: how many, and how much they took back. */
  async credited(
    tx: ReadTx,
    spans: readonly Span[],
  ): Promise<{ centreId: string; creditNotes: number; amountMinor: number }[]> {
    if (spans.length === 0) return [];
    const p = new QueryParams();
    const rows = await typedRows(
      tx.manager,
      centreNotesRow,
      `SELECT s.centre_id, count(*) AS notes, sum(n.amount_minor) AS amount
       FROM ${spansSql(p, spans)}
       JOIN billing.credit_notes n ON n.centre_id = s.centre_id AND n.issued_at >= s.starts_at AND n.issued_at < s.ends_at
       GROUP BY s.centre_id`,
      p,
    );
    return rows.map((r) => ({ centreId: r.centre_id, creditNotes: r.notes, amountMinor: r.amount }));
  }

  /** What every invoice of the centres with something left to pay is owed now (the open invoices' partial index). */
  async open(tx: ReadTx, centreIds: readonly string[]): Promise<CentreOpen[]> {
    if (centreIds.length === 0) return [];
    const rows = await typedRows(
      tx.manager,
      centreOpenRow,
      `SELECT i.centre_id, count(*) AS invoices, sum(i.total_minor - i.credited_minor - i.paid_minor) AS balance
       FROM billing.invoices i
       WHERE i.centre_id = ANY(:ids::uuid[]) AND i.paid_minor + i.credited_minor < i.total_minor
       GROUP BY i.centre_id`,
      { ids: [...centreIds] },
    );
    return rows.map((r) => ({ centreId: r.centre_id, invoices: r.invoices, balanceMinor: r.balance }));
  }

  /** A centre's payments and refunds taken from `after` (included) until `before`, the latest first. */
  late(tx: ReadTx, centreId: string, after: Date, before: Date, limit: number): Promise<LateLedgerRow[]> {
    return typedRows(
      tx.manager,
      lateRow,
      `SELECT p.id, p.invoice_id, i.number AS invoice_number, p.kind, p.mode, p.amount_minor, p.taken_at, p.taken_by,
              p.taken_by_name
       FROM billing.payments p JOIN billing.invoices i ON i.id = p.invoice_id
       WHERE p.centre_id = :centreId AND p.taken_at >= :after AND p.taken_at < :before
       ORDER BY p.taken_at DESC, p.id DESC
       LIMIT :limit`,
      { centreId, after: after.toISOString(), before: before.toISOString(), limit },
    );
  }
}
