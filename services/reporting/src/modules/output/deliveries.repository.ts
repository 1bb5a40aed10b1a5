import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { DeliveryChannel, DeliveryStatus, ReportDelivery } from '@rayworks/contracts';
import { typedRows, type ReadTx } from '@rayworks/nest-kit';

const deliveryRow = z.object({
  id: z.string(),
  tenant_id: z.string(),
  report_id: z.string(),
  case_id: z.string(),
  channel: z.enum(['mail', 'sms']),
  to_address: z.string(),
  to_name: z.string().nullable(),
  pdf_version: z.number().int(),
  status: z.enum(['QUEUED', 'SENT', 'RETRYING', 'FAILED']),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  link_expires_at: z.date().nullable(),
  created_by: z.string(),
  created_at: z.date(),
  sent_at: z.date().nullable(),
});
export type DeliveryRow = z.infer<typeof deliveryRow>;
const attemptRow = z.object({
  delivery_id: z.string(),
  attempt: z.number().int(),
  status: z.enum(['SENT', 'FAILED']),
  error: z.string().nullable(),
  created_at: z.date(),
});
const COLUMNS = `id, tenant_id, report_id, case_id, channel, to_address, to_name, pdf_version, status, attempts, last_error,
  link_expires_at, created_by, created_at, sent_at`;

const attemptNumberRow = z.object({ attempt: z.number() });

/** reporting.report_deliveries and their attempts (reporting.report_delivery_attempts). */
@Injectable()
export class DeliveriesRepository {
  async create(
    tx: ReadTx,
    row: {
      tenantId: string;
      reportId: string;
      caseId: string;
      channel: DeliveryChannel;
      to: string;
      name: string | null;
      pdfVersion: number;
      createdBy: string;
      linkTokenHash?: string | null;
      linkExpiresAt?: Date | null;
    },
  ): Promise<DeliveryRow> {
    const [created] = await typedRows(
      tx.manager,
      deliveryRow,
      `INSERT INTO reporting.report_deliveries
         (tenant_id, report_id, case_id, channel, to_address, to_name, pdf_version, created_by, link_token_hash, link_expires_at)
       VALUES (:t, :r, :c, :ch, :to, :n, :v, :by, :h, :exp) RETURNING ${COLUMNS}`,
      {
        t: row.tenantId,
        r: row.reportId,
        c: row.caseId,
        ch: row.channel,
        to: row.to,
        n: row.name,
        v: row.pdfVersion,
        by: row.createdBy,
        h: row.linkTokenHash ?? null,
        exp: row.linkExpiresAt ?? null,
      },
    );
    return created!;
  }

  async byId(tx: ReadTx, id: string, options: { lock?: boolean } = {}): Promise<DeliveryRow | null> {
    const [row] = await typedRows(
      tx.manager,
      deliveryRow,
      `SELECT ${COLUMNS} FROM reporting.report_deliveries WHERE id = :id${options.lock ? ' FOR UPDATE' : ''}`,
      { id },
    );
    return row ?? null;
  }

  async byLinkHash(tx: ReadTx, hash: string): Promise<DeliveryRow | null> {
    const [row] = await typedRows(
      tx.manager,
      deliveryRow,
      `SELECT ${COLUMNS} FROM reporting.report_deliveries WHERE link_token_hash = :h`,
      { h: hash },
    );
    return row ?? null;
  }

  /** Records one attempt and the delivery's new state; false when that attempt was already recorded. */
  async recordAttempt(
    tx: ReadTx,
    delivery: DeliveryRow,
    attempt: number,
    outcome: { status: 'SENT' | 'FAILED'; error: string | null; providerId: string | null; next: DeliveryStatus },
  ): Promise<boolean> {
    const inserted = await typedRows(
      tx.manager,
      attemptNumberRow,
      `INSERT INTO reporting.report_delivery_attempts (delivery_id, attempt, tenant_id, status, error, provider_id)
       VALUES (:d, :a, :t, :s, :e, :p) ON CONFLICT (delivery_id, attempt) DO NOTHING RETURNING attempt`,
      { d: delivery.id, a: attempt, t: delivery.tenant_id, s: outcome.status, e: outcome.error, p: outcome.providerId },
    );
    if (inserted.length === 0) return false;
    await tx.manager.query(
      `UPDATE reporting.report_deliveries
          SET status = $2::varchar, attempts = GREATEST(attempts, $3::int), last_error = $4::text,
              sent_at = CASE WHEN $2::varchar = 'SENT' THEN clock_timestamp() ELSE sent_at END
        WHERE id = $1`,
      [delivery.id, outcome.next, attempt, outcome.error],
    );
    return true;
  }

  /** A new SMS link of the delivery: only its token's hash is kept, valid for `ttlSeconds` from now. */
  async setLink(tx: ReadTx, deliveryId: string, tokenHash: string, ttlSeconds: number): Promise<void> {
    await tx.manager.query(
      `UPDATE reporting.report_deliveries SET link_token_hash = $2, link_expires_at = clock_timestamp() + make_interval(secs => $3)
          WHERE id = $1`,
      [deliveryId, tokenHash, ttlSeconds],
    );
  }

  /** The deliveries of a case with their attempts, newest first. */
  async ofCase(tx: ReadTx, caseId: string): Promise<ReportDelivery[]> {
    const rows = await typedRows(
      tx.manager,
      deliveryRow,
      `SELECT ${COLUMNS} FROM reporting.report_deliveries WHERE case_id = :c ORDER BY created_at DESC, id`,
      { c: caseId },
    );
    if (rows.length === 0) return [];
    const attempts = await typedRows(
      tx.manager,
      attemptRow,
      `SELECT delivery_id, attempt, status, error, created_at FROM reporting.report_delivery_attempts
        WHERE delivery_id = ANY(:ids::uuid[]) ORDER BY attempt`,
      { ids: rows.map((r) => r.id) },
    );
    return rows.map((r) => ({
      id: r.id,
      reportId: r.report_id,
      channel: r.channel,
      to: r.to_address,
      status: r.status,
      attempts: r.attempts,
      lastError: r.last_error,
      pdfVersion: r.pdf_version,
      createdBy: r.created_by,
      createdAt: r.created_at.toISOString(),
      sentAt: r.sent_at?.toISOString() ?? null,
      attemptLog: attempts
        .filter((a) => a.delivery_id === r.id)
        .map((a) => ({ attempt: a.attempt, status: a.status, error: a.error, createdAt: a.created_at.toISOString() })),
    }));
  }
}
