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

/**
 * A centre's finished days, summed once (docs/decisions/0280): billing.finance_days (invoices and credit notes per local
 * date), billing.finance_day_modes (payments and refunds per local date and mode) and billing.finance_frontiers (the
 * last day summed). A day is summed from the invoices', payments' and credit notes' rows when the dashboard first needs
 * it after it is over; its figures cannot change afterwards (every entry is dated when it is made), so the sums are
 * kept and the dashboard reads a few rows per centre and day instead of every invoice. Only the dashboard writes these
 * tables — never a desk's unit of work — so they add no lock to taking money.
 */
@Injectable()
export class FinanceDaysRepository {
  /** The last day summed of each centre that has one. */
  async frontiers(tx: ReadTx, centreIds: readonly string[]): Promise<Map<string, string>> {
    if (centreIds.length === 0) return new Map();
    const rows = await typedRows(
      tx.manager,
      z.object({ centre_id: z.uuid(), frozen_through: z.string() }),
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
    await tx.manager.query(
      `INSERT INTO billing.finance_days (tenant_id, centre_id, local_date, invoices, invoiced_minor, credit_notes,
         credited_minor)
       SELECT $1, $2, day, sum(invoices), sum(invoiced), sum(notes), sum(credited)
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
       ) AS d
       GROUP BY day
       ON CONFLICT (centre_id, local_date) DO NOTHING`,
      [f.tenantId, f.centreId, after, f.through, afterEndsAt, throughEndsAt, f.timeZone],
    );
    await tx.manager.query(
      `INSERT INTO billing.finance_day_modes (tenant_id, centre_id, local_date, mode, payments, paid_minor, refunds,
         refunded_minor)
       SELECT $1, $2, (p.taken_at AT TIME ZONE $5)::date, p.mode,
              count(*) FILTER (WHERE p.kind = 'PAYMENT'), coalesce(sum(p.amount_minor) FILTER (WHERE p.kind = 'PAYMENT'), 0),
              count(*) FILTER (WHERE p.kind = 'REFUND'), coalesce(sum(p.amount_minor) FILTER (WHERE p.kind = 'REFUND'), 0)
       FROM billing.payments p
       WHERE p.centre_id = $2 AND p.taken_at >= $3::timestamptz AND p.taken_at < $4::timestamptz
       GROUP BY 3, 4
       ON CONFLICT (centre_id, local_date, mode) DO NOTHING`,
      [f.tenantId, f.centreId, afterEndsAt, throughEndsAt, f.timeZone],
    );
  }

  /** The centres' summed invoices and credit notes of the days of their ranges. */
  async sums(tx: ReadTx, rs: readonly DateRange[]): Promise<FrozenSums[]> {
    if (rs.length === 0) return [];
    const rows = await typedRows(
      tx.manager,
      z.object({ centre_id: z.uuid(), invoices: count, invoiced: minor, notes: count, credited: minor }),
      `SELECT s.centre_id, sum(f.invoices) AS invoices, sum(f.invoiced_minor) AS invoiced,
              sum(f.credit_notes) AS notes, sum(f.credited_minor) AS credited
       FROM ${RANGES}
       JOIN billing.finance_days f ON f.centre_id = s.centre_id AND f.local_date BETWEEN s.from_date AND s.to_date
       GROUP BY s.centre_id`,
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

  /** The centres' summed payments and refunds by mode of the days of their ranges. */
  async modes(tx: ReadTx, rs: readonly DateRange[]): Promise<FrozenModeSums[]> {
    if (rs.length === 0) return [];
    const rows = await typedRows(
      tx.manager,
      z.object({
        centre_id: z.uuid(),
        mode: z.enum(PAYMENT_MODES),
        payments: count,
        paid: minor,
        refunds: count,
        refunded: minor,
      }),
      `SELECT s.centre_id, m.mode, sum(m.payments) AS payments, sum(m.paid_minor) AS paid, sum(m.refunds) AS refunds,
              sum(m.refunded_minor) AS refunded
       FROM ${RANGES}
       JOIN billing.finance_day_modes m ON m.centre_id = s.centre_id AND m.local_date BETWEEN s.from_date AND s.to_date
       GROUP BY s.centre_id, m.mode`,
      ranges(rs),
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
   * (what was paid of it). Their difference is what the invoices of those days' entries still owe.
   */
  async balances(
    tx: ReadTx,
    centreIds: readonly string[],
  ): Promise<{ centreId: string; dueMinor: number; paidMinor: number }[]> {
    if (centreIds.length === 0) return [];
    const rows = await typedRows(
      tx.manager,
      z.object({ centre_id: z.uuid(), due: minor, paid: minor }),
      `SELECT c.centre_id,
              coalesce((SELECT sum(f.invoiced_minor - f.credited_minor) FROM billing.finance_days f
                        WHERE f.centre_id = c.centre_id), 0) AS due,
              coalesce((SELECT sum(m.paid_minor - m.refunded_minor) FROM billing.finance_day_modes m
                        WHERE m.centre_id = c.centre_id), 0) AS paid
       FROM unnest(:ids::uuid[]) AS c(centre_id)`,
      { ids: [...centreIds] },
    );
    return rows.map((r) => ({ centreId: r.centre_id, dueMinor: r.due, paidMinor: r.paid }));
  }
}
