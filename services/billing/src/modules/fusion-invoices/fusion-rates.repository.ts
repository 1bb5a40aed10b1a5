import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { BILLING_API, BodyOf, FusionRateVersion, Money } from '@rayworks/contracts';
import {
  centreReachSql,
  QueryParams,
  typedRows,
  type ChangeTx,
  type ReadTx,
  type RequestAccess,
} from '@rayworks/nest-kit';

type CurrencyCode = Money['currency'];

const minor = z.coerce.number().int().refine(Number.isSafeInteger);
const iso = z.coerce.date().transform((d) => d.toISOString());
/** A `date` column as 'YYYY-MM-DD' (selected as text). */
const day = z.iso.date();

const versionRow = z
  .object({
    id: z.uuid(),
    rate_id: z.uuid(),
    rate_minor: minor,
    currency: z.enum(['INR']),
    valid_from: day,
    created_at: iso,
  })
  .transform((r): FusionRateVersion & { rateId: string } => ({
    _id: r.id,
    rateId: r.rate_id,
    rateMinor: r.rate_minor,
    currency: r.currency,
    validFrom: r.valid_from,
    createdAt: r.created_at,
  }));

const rateRow = z
  .object({
    id: z.uuid(),
    version: z.number().int(),
    fusion_centre_id: z.uuid(),
    fusion_centre_name: z.string().nullable(),
    client_centre_id: z.uuid().nullable(),
    modality: z.string(),
    created_at: iso,
    updated_at: iso,
    total: z.coerce.number().int().optional(),
  })
  .transform((r) => ({
    id: r.id,
    version: r.version,
    fusionCentreId: r.fusion_centre_id,
    fusionCentreName: r.fusion_centre_name,
    clientCentreId: r.client_centre_id,
    modality: r.modality,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    total: r.total ?? 0,
  }));
export type FusionRateRow = z.output<typeof rateRow>;

/** The sortable fields of the rates list (contract names) → columns. */
const RATE_SORT = { modality: 'r.modality', createdAt: 'r.created_at', updatedAt: 'r.updated_at' } as const;

/** A rate version in force for a read: which version, and its amount. */
export interface RateInForce {
  versionId: string;
  rateMinor: number;
  currency: CurrencyCode;
}

const SELECT_RATE = `SELECT r.id, r.version, r.fusion_centre_id, c.name AS fusion_centre_name, r.client_centre_id,
    r.modality, r.created_at, r.updated_at
  FROM billing.fusion_rates r LEFT JOIN billing.centres c ON c.id = r.fusion_centre_id`;

const idRow = z.object({ id: z.uuid() });
const rateAmountRow = z.object({ id: z.uuid(), rate_minor: minor, currency: z.enum(['INR']) });

/**
 * billing.fusion_rates and their versions (the fusion hub company's rows, row-level security), narrowed to the fusion
 * centres the caller reaches (centreReachSql over billing.centres).
 */
@Injectable()
export class FusionRatesRepository {
  /** A page of the rates of the fusion centres the caller reaches. */
  async list(
    tx: ReadTx,
    access: RequestAccess,
    q: BodyOf<typeof BILLING_API.findFusionRates>,
  ): Promise<{ items: FusionRateRow[]; total: number }> {
    const p = new QueryParams();
    const where = [centreReachSql(access, p, { centre: 'c.id', group: 'c.group_id' }), 'c.id IS NOT NULL'];
    if (q.fusionCentreId) where.push(`r.fusion_centre_id = ${p.add(q.fusionCentreId)}`);
    if (q.clientCentreId) where.push(`r.client_centre_id = ${p.add(q.clientCentreId)}`);
    if (q.modality) where.push(`r.modality = ${p.add(q.modality)}`);
    const dir = q.sortDir === 'desc' ? 'DESC' : 'ASC';
    const rows = await typedRows(
      tx.manager,
      rateRow,
      `SELECT count(*) OVER () AS total, r.id, r.version, r.fusion_centre_id, c.name AS fusion_centre_name,
         r.client_centre_id, r.modality, r.created_at, r.updated_at
       FROM billing.fusion_rates r LEFT JOIN billing.centres c ON c.id = r.fusion_centre_id
       WHERE ${where.join(' AND ')}
       ORDER BY ${RATE_SORT[q.sortBy ?? 'createdAt']} ${dir}, r.id ${dir}
       LIMIT ${p.add(q.pageSize)} OFFSET ${p.add((q.page - 1) * q.pageSize)}`,
      p,
    );
    return { items: rows, total: rows[0]?.total ?? 0 };
  }

  /** One rate of a fusion centre the caller reaches, or null; `lock`: for an update in this unit of work. */
  async findInReach(tx: ReadTx, access: RequestAccess, id: string, lock = false): Promise<FusionRateRow | null> {
    const p = new QueryParams();
    const reach = centreReachSql(access, p, { centre: 'c.id', group: 'c.group_id' });
    const [row] = await typedRows(
      tx.manager,
      rateRow,
      `${SELECT_RATE} WHERE r.id = ${p.add(id)} AND c.id IS NOT NULL AND ${reach}${lock ? ' FOR UPDATE OF r' : ''}`,
      p,
    );
    return row ?? null;
  }

  /** Every version of these rates, oldest first. */
  async versionsOf(tx: ReadTx, rateIds: readonly string[]): Promise<Map<string, FusionRateVersion[]>> {
    const rows = await typedRows(
      tx.manager,
      versionRow,
      `SELECT id, rate_id, rate_minor, currency, valid_from::text AS valid_from, created_at
       FROM billing.fusion_rate_versions WHERE rate_id = ANY(:ids::uuid[]) ORDER BY valid_from`,
      { ids: [...rateIds] },
    );
    const byRate = new Map<string, FusionRateVersion[]>();
    for (const { rateId, ...version } of rows) byRate.set(rateId, [...(byRate.get(rateId) ?? []), version]);
    return byRate;
  }

  /** A new rate (its first version is `addVersion`'s); null when the fusion centre has one for this key already. */
  async insert(
    tx: ChangeTx,
    row: { tenantId: string; fusionCentreId: string; clientCentreId: string | null; modality: string; by: string },
  ): Promise<string | null> {
    const [made] = await typedRows(
      tx.manager,
      idRow,
      `INSERT INTO billing.fusion_rates (tenant_id, fusion_centre_id, client_centre_id, modality, created_by)
       VALUES (:tenantId, :fusionCentreId, :clientCentreId, :modality, :by)
       ON CONFLICT (fusion_centre_id, client_centre_id, modality) DO NOTHING RETURNING id`,
      row,
    );
    return made?.id ?? null;
  }

  async addVersion(
    tx: ChangeTx,
    row: { tenantId: string; rateId: string; rateMinor: number; currency: CurrencyCode; validFrom: string; by: string },
  ): Promise<void> {
    await tx.manager.query(
      `INSERT INTO billing.fusion_rate_versions (tenant_id, rate_id, rate_minor, currency, valid_from, created_by)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [row.tenantId, row.rateId, row.rateMinor, row.currency, row.validFrom, row.by],
    );
  }

  /** The rate moved on (a version added): its version goes up. */
  async bump(tx: ChangeTx, id: string): Promise<void> {
    await tx.manager.query(`UPDATE billing.fusion_rates SET version = version + 1, updated_at = now() WHERE id = $1`, [
      id,
    ]);
  }

  /**
   * The rate version in force on a day for a read of this modality sent by this client centre to this fusion centre:
   * the client centre's own rate, else the fusion centre's rate for every client centre; the latest version started
   * on or before the day. Null: no rate covers the read.
   */
  async inForce(
    tx: ReadTx,
    key: { fusionCentreId: string; clientCentreId: string; modality: string | null; on: string },
  ): Promise<RateInForce | null> {
    if (key.modality === null) return null;
    const [row] = await typedRows(
      tx.manager,
      rateAmountRow,
      `SELECT v.id, v.rate_minor, v.currency
       FROM billing.fusion_rates r JOIN billing.fusion_rate_versions v ON v.rate_id = r.id
       WHERE r.fusion_centre_id = :fusionCentreId AND r.modality = upper(:modality)
         AND (r.client_centre_id = :clientCentreId OR r.client_centre_id IS NULL)
         AND v.valid_from <= :on::date
       ORDER BY r.client_centre_id NULLS LAST, v.valid_from DESC
       LIMIT 1`,
      key,
    );
    return row ? { versionId: row.id, rateMinor: row.rate_minor, currency: row.currency } : null;
  }
}
