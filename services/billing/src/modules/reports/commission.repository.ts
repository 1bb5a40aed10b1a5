import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { addDays } from '@rayworks/contracts';
import { centreReachSql, QueryParams, typedRows, type ReadTx, type RequestAccess } from '@rayworks/nest-kit';

const minor = z.coerce.number().int();

const visitRow = z.object({
  registration_id: z.uuid(),
  registration_number: z.string(),
  centre_id: z.uuid(),
  patient_id: z.uuid(),
  mr_number: z.string(),
  patient_name: z.string(),
  invoice_id: z.uuid(),
  invoice_number: z.string(),
  issued_on: z.string(),
  total_minor: minor,
  credited_minor: minor,
});
export type CommissionVisitRow = z.output<typeof visitRow>;

/** A referral's visits of a period: the referral, the local dates (both included). */
export interface CommissionPeriod {
  referralId: string;
  from: string;
  to: string;
}

const visitsBaseRow = z.object({ visits: z.coerce.number().int(), base: minor });

/**
 * A referral's visits (registrations naming it) at the centres the caller reaches, whose invoice was issued on a local
 * date of the period (docs/decisions/0279), with their invoices' totals and credit notes. The registration's time
 * narrows the search on the `registrations_referral` index (a day either side covers every time zone); the invoice's
 * date of issue — the centre's own date, written when the visit was registered — decides.
 */
@Injectable()
export class CommissionRepository {
  private where(access: RequestAccess, p: QueryParams, period: CommissionPeriod): string {
    return [
      `r.referral_id = ${p.add(period.referralId)}::uuid`,
      `r.registered_at >= ${p.add(`${addDays(period.from, -1)}T00:00:00Z`)}::timestamptz`,
      `r.registered_at < ${p.add(`${addDays(period.to, 2)}T00:00:00Z`)}::timestamptz`,
      `i.issued_on BETWEEN ${p.add(period.from)}::date AND ${p.add(period.to)}::date`,
      centreReachSql(access, p, { centre: 'r.centre_id', group: 'r.group_id' }),
    ].join(' AND ');
  }

  /** How many visits, and their invoice totals less credit notes: what the commission is paid on. */
  async totals(
    tx: ReadTx,
    access: RequestAccess,
    period: CommissionPeriod,
  ): Promise<{ visits: number; baseMinor: number }> {
    const p = new QueryParams();
    const [row] = await typedRows(
      tx.manager,
      visitsBaseRow,
      `SELECT count(*) AS visits, coalesce(sum(i.total_minor - i.credited_minor), 0) AS base
       FROM billing.registrations r JOIN billing.invoices i ON i.id = r.invoice_id
       WHERE ${this.where(access, p, period)}`,
      p,
    );
    return { visits: row?.visits ?? 0, baseMinor: row?.base ?? 0 };
  }

  /** A page of the visits, in the order they were made. */
  page(
    tx: ReadTx,
    access: RequestAccess,
    period: CommissionPeriod,
    q: { page: number; pageSize: number },
  ): Promise<CommissionVisitRow[]> {
    const p = new QueryParams();
    return typedRows(
      tx.manager,
      visitRow,
      `SELECT r.id AS registration_id, r.registration_number, r.centre_id, i.patient_id, i.mr_number, i.patient_name,
              i.id AS invoice_id, i.number AS invoice_number, i.issued_on::text AS issued_on, i.total_minor,
              i.credited_minor
       FROM billing.registrations r JOIN billing.invoices i ON i.id = r.invoice_id
       WHERE ${this.where(access, p, period)}
       ORDER BY i.issued_on, r.registered_at, r.id
       OFFSET ${p.add((q.page - 1) * q.pageSize)}::int LIMIT ${p.add(q.pageSize)}::int`,
      p,
    );
  }
}
