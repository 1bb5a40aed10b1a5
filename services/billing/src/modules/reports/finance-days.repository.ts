import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { PAYMENT_MODES, type PaymentMode } from '@rayworks/contracts';
import { typedRows, type ChangeTx, type ReadTx } from '@rayworks/nest-kit';
import type { DateRange } from '../day-end/finance-figures.repository.js';

const minor = z.coerce.number().int();
const count = z.coerce.number().int().min(0);

/** What summing a centre's finished days needs: the days after `after` (all when null) to `through`, both local. */
export interface FreezeRequest {
  tenantId: string;
  centreId: string;
  timeZone: string;
  /** The last day summed before (the frontier), or null the first time. */
  after: string | null;
  /** Local midnight at the start of the day after `after` (null with it). */
  afterEndsAt: Date | null;
  /** The last day to sum. */
  through: string;
  /** Local midnight at the start of the day after `through`. */
  throughEndsAt: Date;
}

/** A centre's invoices and credit notes of its summed days in a range. */
export interface FrozenSums {
  centreId: string;
  invoices: number;
  invoicedMinor: number;
  creditNotes: number;
  creditedMinor: number;
}

/** A centre's payments and refunds of one mode, on its summed days in a range. */
export interface FrozenModeSums {
  centreId: string;
  mode: PaymentMode;
  payments: number;
  paidMinor: number;
  refunds: number;
  refundedMinor: number;
}

const ranges = (rs: readonly DateRange[]) => ({
  ids: rs.map((r) => r.centreId),
  froms: rs.map((r) => r.from),
  tos: rs.map((r) => r.to),
});
const RANGES = 'unnest(:ids::uuid[], :froms::date[], :tos::date[]) AS s(centre_id, from_date, to_date)';
/** A range's centre's last summed day on a condition (`f`): its running totals. */
const lastDay = (on: string) =>
  `SELECT f.run_invoices, f.run_invoiced_minor, f.run_credit_notes, f.run_credited_minor FROM billing.finance_days f
   WHERE f.centre_id = s.centre_id AND ${on} ORDER BY f.local_date DESC LIMIT 1`;
/** A range's centre's last summed day of a mode (`mo.mode`) on a condition (`m`): its running totals. */
const lastModeDay = (on: string) =>
  `SELECT m.run_payments, m.run_paid_minor, m.run_refunds, m.run_refunded_minor FROM billing.finance_day_modes m
   WHERE m.centre_id = s.centre_id AND m.mode = mo.mode AND ${on} ORDER BY m.local_date DESC LIMIT 1`;

const frozenThroughRow = z.object({ centre_id: z.uuid(), frozen_through: z.string() });
const centreInvoicedRow = z.object({
  centre_id: z.uuid(),
  invoices: count,
  invoiced: minor,
  notes: count,
  credited: minor,
});
const centreModeRow = z.object({
  centre_id: z.uuid(),
  mode: z.enum(PAYMENT_MODES),
  payments: count,
  paid: minor,
  refunds: count,
  refunded: minor,
});
const centreDueRow = z.object({ centre_id: z.uuid(), due: minor, paid: minor });

/**
 * A centre's finished days, summed once (docs/decisions/0280): billing.finance_days (invoices and credit notes per local
 * date), billing.finance_day_modes (payments and refunds per local date and mode) and billing.finance_frontiers (the
 * last day summed). A day is summed from the invoices', payments' and credit notes' rows when the dashboard first needs
 * it after it is over; its figures cannot change afterwards (every entry is dated when it is made), so the sums are
 * kept and the dashboard reads a few rows per centre and day instead of every invoice — with running totals
 * (docs/decisions/0290), two rows per centre (and mode) for a period of any length. Only the dashboard writes these
 * tables — never a desk's unit of work — so they add no lock to taking money.
 */
@Injectable()
export class FinanceDaysRepository {
  /** The last day summed of each centre that has one. */
  async frontiers(tx: ReadTx, centreIds: readonly string[]): Promise<Map<string, string>> {
    if (centreIds.length === 0) return new Map();
    const rows = await typedRows(
      tx.manager,
      frozenThroughRow,
      `SELECT centre_id, frozen_through::text AS frozen_through FROM billing.finance_frontiers
       WHERE centre_id = ANY(:ids::uuid[])`,
      { ids: [...centreIds] },
    );
    return new Map(rows.map((r) => [r.centre_id, r.frozen_through]));
  }

  /**
   * Sums the centre's days after the frontier through `through` and moves the frontier there. The frontier's row is
   * taken first, so two dashboards summing one centre at once take turns (each centre in the same order: the caller
   * sorts them); a day summed twice is written once (its key).
   */
  async freeze(tx: ChangeTx, f: FreezeRequest): Promise<void> {
    await tx.manager.query(
      `INSERT INTO billing.finance_frontiers (centre_id, tenant_id, frozen_through, time_zone)
       VALUES ($1, $2, $3::date, $4)
       ON CONFLICT (centre_id) DO UPDATE
         SET frozen_through = greatest(billing.finance_frontiers.frozen_through, EXCLUDED.frozen_through),
             time_zone = EXCLUDED.time_zone, updated_at = now()`,
      [f.centreId, f.tenantId, f.through, f.timeZone],
    );
    const after = f.after ?? '0001-01-01';
    const afterEndsAt = (f.afterEndsAt ?? new Date(Date.UTC(1, 0, 1))).toISOString();
    const throughEndsAt = f.throughEndsAt.toISOString();
    // each new day with the centre's running totals: those of its last day summed before, plus the new days' so far
    await tx.manager.query(
      `WITH prev AS (
         SELECT run_invoices, run_invoiced_minor, run_credit_notes, run_credited_minor FROM billing.finance_days
         WHERE centre_id = $2 AND local_date <= $3::date ORDER BY local_date DESC LIMIT 1
       ), d AS (
         SELECT day, sum(invoices) AS invoices, sum(invoiced) AS invoiced, sum(notes) AS notes, sum(credited) AS credited
         FROM (
           SELECT i.issued_on AS day, count(*) AS invoices, sum(i.total_minor) AS invoiced, 0 AS notes, 0 AS credited
           FROM billing.invoices i
           WHERE i.centre_id = $2 AND i.issued_on > $3::date AND i.issued_on <= $4::date
           GROUP BY i.issued_on
           UNION ALL
           SELECT (n.issued_at AT TIME ZONE $7)::date, 0, 0, count(*), sum(n.amount_minor)
           FROM billing.credit_notes n
           WHERE n.centre_id = $2 AND n.issued_at >= $5::timestamptz AND n.issued_at < $6::timestamptz
           GROUP BY 1
         ) AS e
         GROUP BY day
       )
       INSERT INTO billing.finance_days (tenant_id, centre_id, local_date, invoices, invoiced_minor, credit_notes,
         credited_minor, run_invoices, run_invoiced_minor, run_credit_notes, run_credited_minor)
       SELECT $1, $2, d.day, d.invoices, d.invoiced, d.notes, d.credited,
              coalesce((SELECT run_invoices FROM prev), 0) + sum(d.invoices) OVER w,
              coalesce((SELECT run_invoiced_minor FROM prev), 0) + sum(d.invoiced) OVER w,
              coalesce((SELECT run_credit_notes FROM prev), 0) + sum(d.notes) OVER w,
              coalesce((SELECT run_credited_minor FROM prev), 0) + sum(d.credited) OVER w
       FROM d
       WINDOW w AS (ORDER BY d.day)
       ON CONFLICT (centre_id, local_date) DO NOTHING`,
      [f.tenantId, f.centreId, after, f.through, afterEndsAt, throughEndsAt, f.timeZone],
    );
    await tx.manager.query(
      `WITH prev AS (
         SELECT DISTINCT ON (mode) mode, run_payments, run_paid_minor, run_refunds, run_refunded_minor
         FROM billing.finance_day_modes
         WHERE centre_id = $2 AND local_date <= $6::date
         ORDER BY mode, local_date DESC
       ), d AS (
         SELECT (p.taken_at AT TIME ZONE $5)::date AS day, p.mode,
                count(*) FILTER (WHERE p.kind = 'PAYMENT') AS payments,
                coalesce(sum(p.amount_minor) FILTER (WHERE p.kind = 'PAYMENT'), 0) AS paid,
                count(*) FILTER (WHERE p.kind = 'REFUND') AS refunds,
                coalesce(sum(p.amount_minor) FILTER (WHERE p.kind = 'REFUND'), 0) AS refunded
         FROM billing.payments p
         WHERE p.centre_id = $2 AND p.taken_at >= $3::timestamptz AND p.taken_at < $4::timestamptz
         GROUP BY 1, 2
       )
       INSERT INTO billing.finance_day_modes (tenant_id, centre_id, local_date, mode, payments, paid_minor, refunds,
         refunded_minor, run_payments, run_paid_minor, run_refunds, run_refunded_minor)
       SELECT $1, $2, d.day, d.mode, d.payments, d.paid, d.refunds, d.refunded,
              coalesce(pr.run_payments, 0) + sum(d.payments) OVER w,
              coalesce(pr.run_paid_minor, 0) + sum(d.paid) OVER w,
              coalesce(pr.run_refunds, 0) + sum(d.refunds) OVER w,
              coalesce(pr.run_refunded_minor, 0) + sum(d.refunded) OVER w
       FROM d LEFT JOIN prev pr ON pr.mode = d.mode
       WINDOW w AS (PARTITION BY d.mode ORDER BY d.day)
       ON CONFLICT (centre_id, local_date, mode) DO NOTHING`,
      [f.tenantId, f.centreId, afterEndsAt, throughEndsAt, f.timeZone, after],
    );
  }

  /**
   * The centres' summed invoices and credit notes of the days of their ranges: the running totals at a range's last
   * summed day less those before its first (one row per range).
   */
  async sums(tx: ReadTx, rs: readonly DateRange[]): Promise<FrozenSums[]> {
    if (rs.length === 0) return [];
    const rows = await typedRows(
      tx.manager,
      centreInvoicedRow,
      `SELECT s.centre_id,
              coalesce(hi.run_invoices, 0) - coalesce(lo.run_invoices, 0) AS invoices,
              coalesce(hi.run_invoiced_minor, 0) - coalesce(lo.run_invoiced_minor, 0) AS invoiced,
              coalesce(hi.run_credit_notes, 0) - coalesce(lo.run_credit_notes, 0) AS notes,
              coalesce(hi.run_credited_minor, 0) - coalesce(lo.run_credited_minor, 0) AS credited
       FROM ${RANGES}
       LEFT JOIN LATERAL (${lastDay('f.local_date <= s.to_date')}) hi ON true
       LEFT JOIN LATERAL (${lastDay('f.local_date < s.from_date')}) lo ON true`,
      ranges(rs),
    );
    return rows.map((r) => ({
      centreId: r.centre_id,
      invoices: r.invoices,
      invoicedMinor: r.invoiced,
      creditNotes: r.notes,
      creditedMinor: r.credited,
    }));
  }

  /**
   * The centres' summed payments and refunds by mode of the days of their ranges (running totals, as `sums`); a mode
   * with neither in a range is left out.
   */
  async modes(tx: ReadTx, rs: readonly DateRange[]): Promise<FrozenModeSums[]> {
    if (rs.length === 0) return [];
    const rows = await typedRows(
      tx.manager,
      centreModeRow,
      `SELECT * FROM (
         SELECT s.centre_id, mo.mode,
                coalesce(hi.run_payments, 0) - coalesce(lo.run_payments, 0) AS payments,
                coalesce(hi.run_paid_minor, 0) - coalesce(lo.run_paid_minor, 0) AS paid,
                coalesce(hi.run_refunds, 0) - coalesce(lo.run_refunds, 0) AS refunds,
                coalesce(hi.run_refunded_minor, 0) - coalesce(lo.run_refunded_minor, 0) AS refunded
         FROM ${RANGES}
         CROSS JOIN unnest(:modes::text[]) AS mo(mode)
         LEFT JOIN LATERAL (${lastModeDay('m.local_date <= s.to_date')}) hi ON true
         LEFT JOIN LATERAL (${lastModeDay('m.local_date < s.from_date')}) lo ON true
       ) AS t
       WHERE payments > 0 OR refunds > 0`,
      { ...ranges(rs), modes: [...PAYMENT_MODES] },
    );
    return rows.map((r) => ({
      centreId: r.centre_id,
      mode: r.mode,
      payments: r.payments,
      paidMinor: r.paid,
      refunds: r.refunds,
      refundedMinor: r.refunded,
    }));
  }

  /**
   * Of every summed day of the centres: invoiced less credit notes (what became due), and payments less refunds
   * (what was paid of it) — the running totals of each centre's (and mode's) last summed day. Their difference is
   * what the invoices of those days' entries still owe.
   */
  async balances(
    tx: ReadTx,
    centreIds: readonly string[],
  ): Promise<{ centreId: string; dueMinor: number; paidMinor: number }[]> {
    if (centreIds.length === 0) return [];
    const rows = await typedRows(
      tx.manager,
      centreDueRow,
      `SELECT c.centre_id,
              coalesce((SELECT f.run_invoiced_minor - f.run_credited_minor FROM billing.finance_days f
                        WHERE f.centre_id = c.centre_id ORDER BY f.local_date DESC LIMIT 1), 0) AS due,
              coalesce((SELECT sum(last.paid) FROM unnest(:modes::text[]) AS mo(mode)
                        CROSS JOIN LATERAL (
                          SELECT m.run_paid_minor - m.run_refunded_minor AS paid FROM billing.finance_day_modes m
                          WHERE m.centre_id = c.centre_id AND m.mode = mo.mode ORDER BY m.local_date DESC LIMIT 1
                        ) AS last), 0) AS paid
       FROM unnest(:ids::uuid[]) AS c(centre_id)`,
      { ids: [...centreIds], modes: [...PAYMENT_MODES] },
    );
    return rows.map((r) => ({ centreId: r.centre_id, dueMinor: r.due, paidMinor: r.paid }));
  }
}
