import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { BodyOf, LIMS_API } from '@rayworks/contracts';
import {
  centreReachSql,
  orderAndPage,
  prefixPattern,
  QueryParams,
  typedRows,
  type ChangeTx,
  type ReadTx,
  type RequestAccess,
} from '@rayworks/nest-kit';
import { In } from 'typeorm';
import { LabOrderEntity } from './lab-order.entity.js';
import { SampleEntity } from './sample.entity.js';

/** Sortable list fields (contract names) → columns. */
export const SAMPLE_SORT = {
  registeredAt: 's.registeredAt',
  barcode: 's.barcode',
  patientName: 's.patientName',
  status: 's.status',
} as const;

export type NewSample = Omit<
  SampleEntity,
  | 'id'
  | 'createdAt'
  | 'updatedAt'
  | 'version'
  | 'barcode'
  | 'collectedBy'
  | 'collectedByName'
  | 'collectedAt'
  | 'collectionPlace'
  | 'acceptedBy'
  | 'acceptedByName'
  | 'acceptedAt'
  | 'rejectedBy'
  | 'rejectedByName'
  | 'rejectedAt'
  | 'rejectionReason'
  | 'rejectionNote'
>;

export type NewLabOrder = Pick<
  LabOrderEntity,
  'tenantId' | 'sampleId' | 'registrationId' | 'registrationItemId' | 'testCode' | 'testName' | 'packageCode'
>;

const numberRow = z.object({ last_number: z.coerce.number().int() });
const idRow = z.object({ registration_item_id: z.uuid() });

/**
 * lims.samples and lims.lab_orders under row-level security (the company); the desk's and the lab's reads narrowed to
 * the caller's centres (centreReachSql) — samples are patient data.
 */
@Injectable()
export class SamplesRepository {
  /** A page of the samples the caller reaches (search: barcode, MR or registration number exactly, name's start). */
  async list(
    tx: ReadTx,
    access: RequestAccess,
    q: BodyOf<typeof LIMS_API.findSamples>,
  ): Promise<{ items: SampleEntity[]; total: number }> {
    const p = new QueryParams();
    const qb = tx
      .repo(SampleEntity)
      .createQueryBuilder('s')
      .where(centreReachSql(access, p, { centre: 's.centre_id', group: 's.group_id' }));
    if (q.status) qb.andWhere(`s.status = ${p.add(q.status)}`);
    if (q.registrationId) qb.andWhere(`s.registration_id = ${p.add(q.registrationId)}`);
    if (q.search) {
      const text = q.search.trim();
      qb.andWhere(
        `(s.barcode = ${p.add(text.toUpperCase())} OR s.mr_number = ${p.add(text)} OR ` +
          `s.registration_number = ${p.add(text)} OR s.patient_name ILIKE ${p.add(prefixPattern(text))})`,
      );
    }
    qb.setParameters(p.values);
    const [items, total] = await orderAndPage(qb, q, SAMPLE_SORT, 'registeredAt', 's.id').getManyAndCount();
    return { items, total };
  }

  /** The sample of a barcode if the caller reaches its centre, or null; `lock`: locked for this unit of work. */
  byBarcode(tx: ReadTx, access: RequestAccess, barcode: string, lock = false): Promise<SampleEntity | null> {
    return this.oneInReach(tx, access, 's.barcode', barcode, lock);
  }

  /** The sample if the caller reaches its centre, or null; `lock`: locked for this unit of work. */
  byId(tx: ReadTx, access: RequestAccess, id: string, lock = false): Promise<SampleEntity | null> {
    return this.oneInReach(tx, access, 's.id', id, lock);
  }

  private oneInReach(
    tx: ReadTx,
    access: RequestAccess,
    column: string,
    value: string,
    lock: boolean,
  ): Promise<SampleEntity | null> {
    const p = new QueryParams();
    const qb = tx
      .repo(SampleEntity)
      .createQueryBuilder('s')
      .where(centreReachSql(access, p, { centre: 's.centre_id', group: 's.group_id' }))
      .andWhere(`${column} = ${p.add(value)}`)
      .setParameters(p.values);
    if (lock) qb.setLock('pessimistic_write');
    return qb.getOne();
  }

  /** The orders of these samples, oldest first. */
  ordersOf(tx: ReadTx, sampleIds: readonly string[]): Promise<LabOrderEntity[]> {
    if (sampleIds.length === 0) return Promise.resolve([]);
    return tx
      .repo(LabOrderEntity)
      .find({ where: { sampleId: In([...sampleIds]) }, order: { createdAt: 'ASC', testCode: 'ASC' } });
  }

  /** Which of these registration items already have an order (a registration delivered again). */
  async orderedItems(tx: ReadTx, itemIds: readonly string[]): Promise<Set<string>> {
    if (itemIds.length === 0) return new Set();
    const rows = await typedRows(
      tx.manager,
      idRow,
      `SELECT registration_item_id FROM lims.lab_orders WHERE registration_item_id = ANY(:ids::uuid[])`,
      { ids: [...itemIds] },
    );
    return new Set(rows.map((r) => r.registration_item_id));
  }

  /** The orders of these registration items, locked for this unit of work (a cancellation). */
  ordersOfItems(tx: ChangeTx, itemIds: readonly string[]): Promise<LabOrderEntity[]> {
    if (itemIds.length === 0) return Promise.resolve([]);
    return tx
      .repo(LabOrderEntity)
      .createQueryBuilder('o')
      .where('o.registration_item_id = ANY(:ids::uuid[])', { ids: [...itemIds] })
      .setLock('pessimistic_write')
      .getMany();
  }

  /** The next `count` barcode numbers of the company (its counter row, taken in this unit of work). */
  async nextBarcodeNumbers(tx: ChangeTx, tenantId: string, count: number): Promise<number[]> {
    const [row] = await typedRows(
      tx.manager,
      numberRow,
      `INSERT INTO lims.sample_barcode_counters AS c (tenant_id, last_number) VALUES (:tenantId, :count)
       ON CONFLICT (tenant_id) DO UPDATE SET last_number = c.last_number + :count
       RETURNING last_number`,
      { tenantId, count },
    );
    const last = row!.last_number;
    return Array.from({ length: count }, (_, i) => last - count + 1 + i);
  }

  async insertSample(tx: ChangeTx, sample: NewSample & { barcode: string }): Promise<SampleEntity> {
    const result = await tx.repo(SampleEntity).insert(sample);
    const id = (result.identifiers[0] as { id: string }).id;
    return (await tx.repo(SampleEntity).findOneBy({ id }))!;
  }

  async insertOrders(tx: ChangeTx, orders: readonly NewLabOrder[]): Promise<void> {
    if (orders.length === 0) return;
    await tx.repo(LabOrderEntity).insert(orders.map((o) => ({ ...o, status: 'ORDERED' as const, cancelledAt: null })));
  }

  async cancelOrders(tx: ChangeTx, ids: readonly string[], at: Date): Promise<void> {
    if (ids.length === 0) return;
    await tx.repo(LabOrderEntity).update({ id: In([...ids]) }, { status: 'CANCELLED', cancelledAt: at });
  }

  /** Moves a rejected sample's orders (still ORDERED) to its recollection. */
  async moveOrders(tx: ChangeTx, fromSampleId: string, toSampleId: string): Promise<void> {
    await tx.repo(LabOrderEntity).update({ sampleId: fromSampleId, status: 'ORDERED' }, { sampleId: toSampleId });
  }

  /** Writes a sample's changed columns; false when its version moved meanwhile (nothing written). */
  async update(tx: ChangeTx, sample: SampleEntity, changes: Partial<SampleEntity>): Promise<boolean> {
    const result = await tx
      .repo(SampleEntity)
      .createQueryBuilder()
      .update()
      .set({ ...changes, version: () => 'version + 1' })
      .where('id = :id AND version = :version', { id: sample.id, version: sample.version })
      .execute();
    return (result.affected ?? 0) === 1;
  }

  reload(tx: ReadTx, id: string): Promise<SampleEntity | null> {
    return tx.repo(SampleEntity).findOneBy({ id });
  }
}
