import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import { MANIFEST_STATUSES, type BodyOf, type LIMS_API, type ManifestStatus } from '@rayworks/contracts';
import {
  centreReachSql,
  QueryParams,
  typedRows,
  type ChangeTx,
  type ReadTx,
  type RequestAccess,
} from '@rayworks/nest-kit';

const date = z.coerce.date();

const manifestRow = z.object({
  id: z.uuid(),
  tenant_id: z.uuid(),
  number: z.string(),
  lab_id: z.uuid(),
  lab_name: z.string(),
  lab_code: z.string(),
  lab_active: z.boolean(),
  status: z.enum(MANIFEST_STATUSES),
  courier: z.string().nullable(),
  tracking_note: z.string().nullable(),
  created_by_name: z.string(),
  created_at: date,
  dispatched_by_name: z.string().nullable(),
  dispatched_at: date.nullable(),
  received_by_name: z.string().nullable(),
  received_at: date.nullable(),
  completed_at: date.nullable(),
  cancelled_by_name: z.string().nullable(),
  cancelled_at: date.nullable(),
  version: z.number().int(),
  samples: z.coerce.number().int(),
  orders: z.coerce.number().int(),
  resulted: z.coerce.number().int(),
});
export type ManifestRow = z.output<typeof manifestRow>;
const counted = manifestRow.extend({ total: z.coerce.number().int() });

/** One order of a sample, as a manifest (or a manifest to be) holds it. */
const sampleOrderRow = z.object({
  sample_id: z.uuid(),
  barcode: z.string(),
  mr_number: z.string(),
  patient_name: z.string(),
  gender: z.string(),
  sample_type: z.string(),
  container: z.string(),
  collected_at: date.nullable(),
  accepted_at: date.nullable(),
  order_id: z.uuid(),
  test_code: z.string(),
  test_name: z.string(),
  resulted: z.boolean(),
});
export type SampleOrderRow = z.output<typeof sampleOrderRow>;

const sampleRow = z.object({ id: z.uuid(), barcode: z.string(), status: z.string() });
const heldRow = z.object({ sample_id: z.uuid(), number: z.string() });
const numberRow = z.object({ last_number: z.coerce.number().int() });
const idRow = z.object({ id: z.uuid() });

/** Sortable list fields (contract names) → columns. */
const MANIFEST_SORT = { createdAt: 'm.created_at', number: 'm.number', status: 'm.status' } as const;

const MANIFEST_COLUMNS = `
  m.id, m.tenant_id, m.number, m.lab_id, l.name AS lab_name, l.code AS lab_code, l.is_active AS lab_active, m.status,
  m.courier, m.tracking_note, m.created_by_name, m.created_at, m.dispatched_by_name, m.dispatched_at,
  m.received_by_name, m.received_at, m.completed_at, m.cancelled_by_name, m.cancelled_at, m.version,
  (SELECT count(*) FROM lims.manifest_samples ms WHERE ms.manifest_id = m.id) AS samples,
  (SELECT count(*) FROM lims.manifest_orders mo WHERE mo.manifest_id = m.id) AS orders,
  (SELECT count(*) FROM lims.manifest_orders mo WHERE mo.manifest_id = m.id AND mo.resulted_at IS NOT NULL) AS resulted`;

/** A manifest is in reach when one of its samples is (the caller's centres, centreReachSql). */
const inReach = (access: RequestAccess, p: QueryParams) => `EXISTS (
  SELECT 1 FROM lims.manifest_samples ms JOIN lims.samples s ON s.id = ms.sample_id
   WHERE ms.manifest_id = m.id AND ${centreReachSql(access, p, { centre: 's.centre_id', group: 's.group_id' })})`;

/** What a manifest's state change writes. */
export interface ManifestChange {
  status: ManifestStatus;
  courier?: string;
  trackingNote?: string | null;
  dispatchedBy?: string | null;
  dispatchedByName?: string;
  dispatchedAt?: Date;
  receivedBy?: string | null;
  receivedByName?: string;
  receivedAt?: Date;
  completedAt?: Date;
  cancelledBy?: string | null;
  cancelledByName?: string;
  cancelledAt?: Date;
}

const COLUMN_OF: Record<keyof ManifestChange, string> = {
  status: 'status',
  courier: 'courier',
  trackingNote: 'tracking_note',
  dispatchedBy: 'dispatched_by',
  dispatchedByName: 'dispatched_by_name',
  dispatchedAt: 'dispatched_at',
  receivedBy: 'received_by',
  receivedByName: 'received_by_name',
  receivedAt: 'received_at',
  completedAt: 'completed_at',
  cancelledBy: 'cancelled_by',
  cancelledByName: 'cancelled_by_name',
  cancelledAt: 'cancelled_at',
};

/**
 * Manifests under row-level security (the company), narrowed to the caller's centres through their samples
 * (patient data): lims.manifests, manifest_samples, manifest_orders, the per-company counter; and the accepted samples
 * (lims.samples, lims.lab_orders) a lab performs tests of.
 */
@Injectable()
export class ManifestsRepository {
  async list(
    tx: ReadTx,
    access: RequestAccess,
    q: BodyOf<typeof LIMS_API.findManifests>,
  ): Promise<{ rows: ManifestRow[]; total: number }> {
    const p = new QueryParams();
    const where = [inReach(access, p)];
    if (q.status) where.push(`m.status = ${p.add(q.status)}`);
    if (q.labId) where.push(`m.lab_id = ${p.add(q.labId)}::uuid`);
    if (q.search) {
      const text = p.add(q.search.trim().toUpperCase());
      where.push(`(m.number = ${text} OR EXISTS (SELECT 1 FROM lims.manifest_samples ms
        JOIN lims.samples s ON s.id = ms.sample_id WHERE ms.manifest_id = m.id AND s.barcode = ${text}))`);
    }
    const sort = MANIFEST_SORT[q.sortBy ?? 'createdAt'];
    const rows = await typedRows(
      tx.manager,
      counted,
      `SELECT ${MANIFEST_COLUMNS}, count(*) OVER () AS total
         FROM lims.manifests m JOIN lims.outsourcing_labs l ON l.id = m.lab_id
        WHERE ${where.join(' AND ')}
        ORDER BY ${sort} ${q.sortBy ? (q.sortDir === 'desc' ? 'DESC' : 'ASC') : 'DESC'}, m.id
        OFFSET ${p.add((q.page - 1) * q.pageSize)} LIMIT ${p.add(q.pageSize)}`,
      p,
    );
    return { rows, total: rows[0]?.total ?? 0 };
  }

  /** The manifest if the caller reaches one of its samples (`access` null: the system's work), else null. */
  async find(tx: ReadTx, access: RequestAccess | null, id: string, lock = false): Promise<ManifestRow | null> {
    const p = new QueryParams();
    const reach = access ? `AND ${inReach(access, p)}` : '';
    const [row] = await typedRows(
      tx.manager,
      manifestRow,
      `SELECT ${MANIFEST_COLUMNS}
         FROM lims.manifests m JOIN lims.outsourcing_labs l ON l.id = m.lab_id
        WHERE m.id = ${p.add(id)}::uuid ${reach} ${lock ? 'FOR UPDATE OF m' : ''}`,
      p,
    );
    return row ?? null;
  }

  /** The manifest's samples the caller reaches, with their outsourced orders. */
  samplesOf(tx: ReadTx, access: RequestAccess, manifestId: string): Promise<SampleOrderRow[]> {
    const p = new QueryParams();
    return typedRows(
      tx.manager,
      sampleOrderRow,
      `SELECT s.id AS sample_id, s.barcode, s.mr_number, s.patient_name, s.gender, s.sample_type, s.container,
              s.collected_at, s.accepted_at, o.id AS order_id, o.test_code, o.test_name,
              mo.resulted_at IS NOT NULL AS resulted
         FROM lims.manifest_orders mo
         JOIN lims.samples s ON s.id = mo.sample_id
         JOIN lims.lab_orders o ON o.id = mo.lab_order_id
        WHERE mo.manifest_id = ${p.add(manifestId)}::uuid
          AND ${centreReachSql(access, p, { centre: 's.centre_id', group: 's.group_id' })}
        ORDER BY s.barcode, o.test_code`,
      p,
    );
  }

  /**
   * Accepted samples the caller reaches, with their orders the lab performs that went out on no manifest yet (but a
   * cancelled one): `sampleIds` given, only those (a manifest being made); else those on no open manifest.
   */
  performable(
    tx: ReadTx,
    access: RequestAccess,
    labId: string,
    filter: { sampleIds?: readonly string[]; search?: string },
  ): Promise<SampleOrderRow[]> {
    const p = new QueryParams();
    const where = [
      `s.status = 'ACCEPTED'`,
      centreReachSql(access, p, { centre: 's.centre_id', group: 's.group_id' }),
      `NOT EXISTS (SELECT 1 FROM lims.manifest_orders mo JOIN lims.manifests m ON m.id = mo.manifest_id
        WHERE mo.lab_order_id = o.id AND m.status <> 'CANCELLED')`,
    ];
    if (filter.sampleIds) where.push(`s.id = ANY(${p.add([...filter.sampleIds])}::uuid[])`);
    else where.push(`NOT EXISTS (SELECT 1 FROM lims.manifest_samples ms WHERE ms.sample_id = s.id AND ms.open)`);
    if (filter.search) {
      const text = p.add(filter.search.toUpperCase());
      where.push(
        `(s.barcode = ${text} OR upper(s.mr_number) = ${text} OR starts_with(upper(s.patient_name), ${text}))`,
      );
    }
    return typedRows(
      tx.manager,
      sampleOrderRow,
      `SELECT s.id AS sample_id, s.barcode, s.mr_number, s.patient_name, s.gender, s.sample_type, s.container,
              s.collected_at, s.accepted_at, o.id AS order_id, o.test_code, o.test_name, false AS resulted
         FROM lims.samples s
         JOIN lims.lab_orders o ON o.sample_id = s.id AND o.status = 'ORDERED'
         JOIN lims.outsourcing_lab_tests lt ON lt.lab_id = ${p.add(labId)}::uuid AND lt.test_code = o.test_code
        WHERE ${where.join(' AND ')}
        ORDER BY s.accepted_at, s.barcode, o.test_code
        LIMIT 1000`,
      p,
    );
  }

  /** These samples if the caller reaches them, locked for this unit of work. */
  lockSamples(tx: ChangeTx, access: RequestAccess, ids: readonly string[]): Promise<z.output<typeof sampleRow>[]> {
    const p = new QueryParams();
    return typedRows(
      tx.manager,
      sampleRow,
      `SELECT s.id, s.barcode, s.status FROM lims.samples s
        WHERE s.id = ANY(${p.add([...ids])}::uuid[])
          AND ${centreReachSql(access, p, { centre: 's.centre_id', group: 's.group_id' })}
        ORDER BY s.id FOR UPDATE`,
      p,
    );
  }

  /** Which of these samples an open manifest holds, and its number. */
  held(tx: ReadTx, sampleIds: readonly string[]): Promise<z.output<typeof heldRow>[]> {
    return typedRows(
      tx.manager,
      heldRow,
      `SELECT ms.sample_id, m.number FROM lims.manifest_samples ms JOIN lims.manifests m ON m.id = ms.manifest_id
        WHERE ms.sample_id = ANY(:ids::uuid[]) AND ms.open`,
      { ids: [...sampleIds] },
    );
  }

  /** The company's next manifest number (its counter row, taken in this unit of work). */
  async nextNumber(tx: ChangeTx, tenantId: string): Promise<number> {
    const [row] = await typedRows(
      tx.manager,
      numberRow,
      `INSERT INTO lims.manifest_counters AS c (tenant_id, last_number) VALUES (:tenantId, 1)
       ON CONFLICT (tenant_id) DO UPDATE SET last_number = c.last_number + 1
       RETURNING last_number`,
      { tenantId },
    );
    return row!.last_number;
  }

  /** A DRAFT manifest with its samples and orders. */
  async insert(
    tx: ChangeTx,
    m: {
      tenantId: string;
      number: string;
      labId: string;
      createdBy: string | null;
      createdByName: string;
      orders: readonly { sampleId: string; orderId: string }[];
    },
  ): Promise<string> {
    const [row] = await typedRows(
      tx.manager,
      idRow,
      `INSERT INTO lims.manifests (tenant_id, number, lab_id, status, created_by, created_by_name)
       VALUES (:tenantId, :number, :labId, 'DRAFT', :createdBy, :createdByName) RETURNING id`,
      {
        tenantId: m.tenantId,
        number: m.number,
        labId: m.labId,
        createdBy: m.createdBy,
        createdByName: m.createdByName,
      },
    );
    const id = row!.id;
    await tx.manager.query(
      `INSERT INTO lims.manifest_samples (tenant_id, manifest_id, sample_id)
       SELECT $1, $2, unnest($3::uuid[])`,
      [m.tenantId, id, [...new Set(m.orders.map((o) => o.sampleId))]],
    );
    await tx.manager.query(
      `INSERT INTO lims.manifest_orders (tenant_id, manifest_id, sample_id, lab_order_id)
       SELECT $1, $2, o.sample_id, o.order_id FROM jsonb_to_recordset($3::jsonb) AS o (sample_id uuid, order_id uuid)`,
      [m.tenantId, id, JSON.stringify(m.orders.map((o) => ({ sample_id: o.sampleId, order_id: o.orderId })))],
    );
    return id;
  }

  /** Writes a state change; false when the manifest's version moved meanwhile (nothing written). */
  async update(tx: ChangeTx, id: string, version: number, change: ManifestChange): Promise<boolean> {
    const p = new QueryParams();
    const sets = Object.entries(change).map(
      ([key, value]) => `${COLUMN_OF[key as keyof ManifestChange]} = ${p.add(value as string | Date | null)}`,
    );
    const rows = await typedRows(
      tx.manager,
      idRow,
      `UPDATE lims.manifests SET ${sets.join(', ')}, version = version + 1, updated_at = now()
        WHERE id = ${p.add(id)}::uuid AND version = ${p.add(version)} RETURNING id`,
      p,
    );
    return rows.length === 1;
  }

  /** A manifest that closed (COMPLETED, CANCELLED) lets its samples go on another. */
  async release(tx: ChangeTx, id: string): Promise<void> {
    await tx.manager.query(`UPDATE lims.manifest_samples SET open = false WHERE manifest_id = $1`, [id]);
  }
}
