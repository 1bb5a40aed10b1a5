import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { OFFER_STATUSES, type MarketplaceOffer } from '@rayworks/contracts';
import { QueryParams, typedRows, type ChangeTx, type ReadTx } from '@rayworks/nest-kit';

const offerRow = z.object({
  id: z.string(),
  tenant_id: z.string(),
  case_id: z.string(),
  status: z.enum(OFFER_STATUSES),
  offered_by: z.string().nullable(),
  offered_at: z.date(),
  expires_at: z.date(),
  take_minutes: z.number().int(),
  taken_by: z.string().nullable(),
  taken_at: z.date().nullable(),
  return_at: z.date().nullable(),
  closed_at: z.date().nullable(),
  closed_reason: z.string().nullable(),
});
export type OfferRow = z.output<typeof offerRow>;

const COLUMNS = `id, tenant_id, case_id, status, offered_by, offered_at, expires_at, take_minutes, taken_by, taken_at,
  return_at, closed_at, closed_reason`;

/** An offer as the API shows it. */
export const offerView = (o: OfferRow): MarketplaceOffer => ({
  _id: o.id,
  caseId: o.case_id,
  status: o.status,
  offeredBy: o.offered_by,
  offeredAt: o.offered_at.toISOString(),
  expiresAt: o.expires_at.toISOString(),
  takenBy: o.taken_by,
  takenAt: o.taken_at?.toISOString() ?? null,
  returnAt: o.return_at?.toISOString() ?? null,
  closedAt: o.closed_at?.toISOString() ?? null,
  closedReason: o.closed_reason,
});

/** A due offer the sweeper handles (docs/decisions/0151-offer-timeouts.md). */
export interface DueOffer {
  id: string;
  tenantId: string;
  caseId: string;
  status: 'OPEN' | 'TAKEN';
}

const countRow = z.object({ n: z.coerce.number().int() });
const dueOfferRow = z.object({
  id: z.string(),
  tenant_id: z.string(),
  case_id: z.string(),
  status: z.enum(['OPEN', 'TAKEN']),
});
const idRow = z.object({ id: z.string() });

/**
 * The queries of cases.marketplace_offers (docs/decisions/0147-marketplace-offers.md). Row-level security decides
 * what each context sees: a company its own offers; a marketplace radiologist the OPEN ones and its own TAKEN ones;
 * the sweeper's 'system' context the live ones of every company (no case data).
 */
@Injectable()
export class OffersRepository {
  /** A new OPEN offer of the case (the unique live index refuses a second live one). */
  async open(
    tx: ChangeTx,
    o: { tenantId: string; caseId: string; offeredBy: string | null; openMinutes: number; takeMinutes: number },
  ): Promise<OfferRow> {
    const [row] = await typedRows(
      tx.manager,
      offerRow,
      `INSERT INTO cases.marketplace_offers (tenant_id, case_id, status, offered_by, expires_at, take_minutes)
       VALUES (:tenantId, :caseId, 'OPEN', :offeredBy, now() + make_interval(mins => :openMinutes), :takeMinutes)
       RETURNING ${COLUMNS}`,
      o,
    );
    return row!;
  }

  /**
   * Takes the case's OPEN offer for this radiologist: one conditional UPDATE, so of two radiologists accepting at
   * once exactly one gets the row (the other waits on its lock, then finds it no longer OPEN: null).
   */
  async take(tx: ChangeTx, caseId: string, radiologistId: string): Promise<OfferRow | null> {
    const [row] = await typedRows(
      tx.manager,
      offerRow,
      `UPDATE cases.marketplace_offers
       SET status = 'TAKEN', taken_by = :radiologistId, taken_at = now(),
           return_at = now() + make_interval(mins => take_minutes), updated_at = now()
       WHERE case_id = :caseId AND status = 'OPEN'
       RETURNING ${COLUMNS}`,
      { caseId, radiologistId },
    );
    return row ?? null;
  }

  /** Closes the case's live offer in `from` status as `to` (RETURNED, WITHDRAWN), with why. */
  async close(
    tx: ChangeTx,
    caseId: string,
    from: 'OPEN' | 'TAKEN',
    to: 'RETURNED' | 'WITHDRAWN',
    reason: string,
  ): Promise<OfferRow | null> {
    const [row] = await typedRows(
      tx.manager,
      offerRow,
      `UPDATE cases.marketplace_offers
       SET status = :to, closed_at = now(), closed_reason = :reason, return_at = NULL, updated_at = now()
       WHERE case_id = :caseId AND status = :from
       RETURNING ${COLUMNS}`,
      { caseId, from, to, reason },
    );
    return row ?? null;
  }

  /** The taken case moved on with its taker (to typing, review, completed): no timeout any more. */
  async started(tx: ChangeTx, offerId: string): Promise<void> {
    await tx.manager.query(
      `UPDATE cases.marketplace_offers SET return_at = NULL, updated_at = now() WHERE id = $1 AND status = 'TAKEN'`,
      [offerId],
    );
  }

  /** The case's newest offer this context sees. */
  async latest(tx: ReadTx, caseId: string): Promise<OfferRow | null> {
    const [row] = await typedRows(
      tx.manager,
      offerRow,
      `SELECT ${COLUMNS} FROM cases.marketplace_offers WHERE case_id = :caseId ORDER BY offered_at DESC LIMIT 1`,
      { caseId },
    );
    return row ?? null;
  }

  /** The case's live offer (OPEN or TAKEN) this context sees, locked. */
  async live(tx: ReadTx, caseId: string): Promise<OfferRow | null> {
    const [row] = await typedRows(
      tx.manager,
      offerRow,
      `SELECT ${COLUMNS} FROM cases.marketplace_offers WHERE case_id = :caseId AND status IN ('OPEN', 'TAKEN')
       FOR UPDATE`,
      { caseId },
    );
    return row ?? null;
  }

  /**
   * A marketplace radiologist's page: the OPEN offers (or, `mine`, the ones it took), newest first — what
   * row-level security shows this context, nothing filtered here but the page and the modality.
   */
  async page(
    tx: ReadTx,
    q: { mine: boolean; modality?: string; page: number; pageSize: number },
  ): Promise<{ rows: OfferRow[]; total: number }> {
    const p = new QueryParams();
    const where = [q.mine ? `o.status = 'TAKEN'` : `o.status = 'OPEN'`];
    if (q.modality) where.push(`c.modality = ${p.add(q.modality)}`);
    const from = `FROM cases.marketplace_offers o JOIN cases.cases c ON c.id = o.case_id WHERE ${where.join(' AND ')}`;
    const rows = await typedRows(
      tx.manager,
      offerRow,
      `SELECT ${COLUMNS.split(',')
        .map((c) => `o.${c.trim()}`)
        .join(
          ', ',
        )} ${from} ORDER BY o.offered_at DESC LIMIT ${p.add(q.pageSize)} OFFSET ${p.add((q.page - 1) * q.pageSize)}`,
      p,
    );
    const [count] = await typedRows(tx.manager, countRow, `SELECT count(*) AS n ${from}`, p);
    return { rows, total: count?.n ?? 0 };
  }

  /** The live offers due (an OPEN one expired, a TAKEN one past its return time), of every company: the sweeper's. */
  async due(tx: ReadTx, limit: number): Promise<DueOffer[]> {
    const rows = await typedRows(
      tx.manager,
      dueOfferRow,
      `SELECT id, tenant_id, case_id, status FROM cases.marketplace_offers
       WHERE (status = 'OPEN' AND expires_at <= now()) OR (status = 'TAKEN' AND return_at <= now())
       ORDER BY offered_at LIMIT :limit`,
      { limit },
    );
    return rows.map((r) => ({ id: r.id, tenantId: r.tenant_id, caseId: r.case_id, status: r.status }));
  }

  /** Whether the case has a TAKEN offer (seen in the sweeper's 'system' context): the late loser's clear 409. */
  async isTaken(tx: ReadTx, caseId: string): Promise<boolean> {
    const rows = await typedRows(
      tx.manager,
      idRow,
      `SELECT id FROM cases.marketplace_offers WHERE case_id = :caseId AND status = 'TAKEN'`,
      { caseId },
    );
    return rows.length > 0;
  }
}
