import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import type { BILLING_API, BodyOf, DocumentSeries, InvoiceAmounts, PatientInvoiceStatus } from '@rayworks/contracts';
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
import { InvoiceLineEntity } from './invoice-line.entity.js';
import { InvoiceEntity } from './invoice.entity.js';

/** Sortable list fields (contract names) → columns. */
export const INVOICE_SORT = { issuedAt: 'i.issuedAt', number: 'i.number', totalMinor: 'i.totalMinor' } as const;

/** A new invoice's row: everything but what the database gives (id, times) and what moves later (starts at 0, 1). */
export type NewInvoice = Omit<
  InvoiceEntity,
  'id' | 'createdAt' | 'updatedAt' | 'creditedMinor' | 'paidMinor' | 'version' | 'toSummary'
>;
export type NewInvoiceLine = Omit<InvoiceLineEntity, 'id' | 'createdAt' | 'updatedAt' | 'invoiceId' | 'toLine'>;

const lastNumberRow = z.object({ last_number: z.coerce.number().int().min(1) });

/** billing.invoices and their lines under row-level security, narrowed to the caller's centres (centreReachSql). */
@Injectable()
export class InvoicesRepository {
  private inReach(tx: ReadTx, access: RequestAccess) {
    const p = new QueryParams();
    const qb = tx
      .repo(InvoiceEntity)
      .createQueryBuilder('i')
      .where(centreReachSql(access, p, { centre: 'i.centre_id', group: 'i.group_id' }));
    return { qb, p };
  }

  /**
   * The invoice if the caller reaches it, or null (another centre's, another company's or missing: the same).
   * `lock`: the row is locked for this unit of work (a payment, refund or credit note decides on it, then writes).
   */
  findReadable(tx: ReadTx, access: RequestAccess, id: string, lock = false): Promise<InvoiceEntity | null> {
    const { qb, p } = this.inReach(tx, access);
    qb.andWhere(`i.id = ${p.add(id)}`).setParameters(p.values);
    if (lock) qb.setLock('pessimistic_write');
    return qb.getOne();
  }

  /**
   * The company's invoice by its id, whoever reaches it (row-level security keeps it to the company): for work that
   * runs as the system, not a caller — e.g. printing its PDF in the worker. A caller's read is findReadable.
   */
  byId(tx: ReadTx, id: string): Promise<InvoiceEntity | null> {
    return tx.repo(InvoiceEntity).findOneBy({ id });
  }

  /** A page of the invoices the caller reaches, filtered by centre, patient, status, dates and number prefix. */
  async list(
    tx: ReadTx,
    access: RequestAccess,
    q: BodyOf<typeof BILLING_API.findInvoices>,
  ): Promise<{ items: InvoiceEntity[]; total: number }> {
    const { qb, p } = this.inReach(tx, access);
    if (q.search) qb.andWhere(`i.number LIKE ${p.add(prefixPattern(q.search.toUpperCase()))}`);
    if (q.centreId) qb.andWhere(`i.centre_id = ${p.add(q.centreId)}`);
    if (q.patientId) qb.andWhere(`i.patient_id = ${p.add(q.patientId)}`);
    if (q.status) qb.andWhere(`i.status = ${p.add(q.status)}`);
    if (q.issuedFrom) qb.andWhere(`i.issued_on >= ${p.add(q.issuedFrom)}::date`);
    if (q.issuedTo) qb.andWhere(`i.issued_on <= ${p.add(q.issuedTo)}::date`);
    qb.setParameters(p.values);
    const [items, total] = await orderAndPage(qb, q, INVOICE_SORT, 'issuedAt', 'i.id').getManyAndCount();
    return { items, total };
  }

  lines(tx: ReadTx, invoiceId: string): Promise<InvoiceLineEntity[]> {
    return tx.repo(InvoiceLineEntity).find({ where: { invoiceId }, order: { position: 'ASC' } });
  }

  /**
   * The next number of a centre's series in a financial year (1, 2, …), gap-free: the counter row is advanced
   * (created at 1 the first time) and stays locked by this unit of work until it commits — a concurrent issue at the
   * same centre and year waits for it and then takes the next number; a unit that rolls back rolls the counter back
   * with it, so its number is given to the next issue and no number is ever skipped (docs/decisions/0253).
   */
  async nextNumber(
    tx: ChangeTx,
    at: { tenantId: string; centreId: string; financialYear: string; series: DocumentSeries },
  ): Promise<number> {
    const [row] = await typedRows(
      tx.manager,
      lastNumberRow,
      `INSERT INTO billing.document_counters (tenant_id, centre_id, financial_year, series, last_number)
       VALUES (:tenantId, :centreId, :financialYear, :series, 1)
       ON CONFLICT (centre_id, financial_year, series)
         DO UPDATE SET last_number = billing.document_counters.last_number + 1
       RETURNING last_number`,
      at,
    );
    return row!.last_number;
  }

  /**
   * Writes the invoice and its lines (two statements) and answers the rows as written: TypeORM sets what the database
   * gave (ids, times) on the entities it inserted, so nothing is read back.
   */
  async insert(
    tx: ChangeTx,
    invoice: NewInvoice,
    lines: readonly NewInvoiceLine[],
  ): Promise<{ row: InvoiceEntity; lines: InvoiceLineEntity[] }> {
    const invoices = tx.repo(InvoiceEntity);
    const row = invoices.create({ ...invoice, creditedMinor: 0, paidMinor: 0, version: 1 });
    await invoices.insert(row);
    const lineRepo = tx.repo(InvoiceLineEntity);
    const lineRows = lines.map((line) => lineRepo.create({ ...line, invoiceId: row.id }));
    await lineRepo.insert(lineRows);
    return { row, lines: lineRows };
  }

  /** Writes the invoice's new paid and credited amounts and status; its version goes up by one. */
  async saveAmounts(
    tx: ChangeTx,
    id: string,
    amounts: Pick<InvoiceAmounts, 'paidMinor' | 'creditedMinor'> & { status: PatientInvoiceStatus },
  ): Promise<void> {
    await tx
      .repo(InvoiceEntity)
      .createQueryBuilder()
      .update()
      .set({
        paidMinor: amounts.paidMinor,
        creditedMinor: amounts.creditedMinor,
        status: amounts.status,
        version: () => 'version + 1',
      })
      .where('id = :id', { id })
      .execute();
  }
}
