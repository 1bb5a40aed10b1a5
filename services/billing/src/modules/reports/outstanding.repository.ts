import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import {
  AGEING_BUCKET_KEYS,
  AGEING_BUCKETS,
  ageingBucketDates,
  type AgeingBucketKey,
  type BILLING_API,
  type SortKeyOf,
} from '@rayworks/contracts';
import { prefixPattern, QueryParams, typedRows, type ReadTx, type SortMap } from '@rayworks/nest-kit';

const minor = z.coerce.number().int();
const count = z.coerce.number().int().min(0);

/** What is left to pay of an invoice, as SQL over its columns. */
const BALANCE = '(i.total_minor - i.credited_minor - i.paid_minor)';
/** An invoice with something left to pay: the predicate of the `invoices_open` partial index, word for word. */
const OPEN = 'i.paid_minor + i.credited_minor < i.total_minor';

/** Sortable list fields (contract names) → columns. */
export const OUTSTANDING_SORT: SortMap<SortKeyOf<typeof BILLING_API.getOutstanding>> = {
  issuedOn: 'i.issued_on',
  balanceMinor: BALANCE,
  number: 'i.number',
};

const openInvoiceRow = z.object({
  id: z.uuid(),
  number: z.string(),
  patient_id: z.uuid(),
  mr_number: z.string(),
  patient_name: z.string(),
  issued_on: z.string(),
  age_days: z.coerce.number().int(),
  total_minor: minor,
  credited_minor: minor,
  paid_minor: minor,
});
export type OpenInvoiceRow = z.output<typeof openInvoiceRow>;

/** The filter of a page of a centre's open invoices. */
export interface OpenInvoiceFilter {
  centreId: string;
  /** The centre's date today, which ages are counted to. */
  today: string;
  bucket?: AgeingBucketKey;
  /** The beginning of an invoice number. */
  search?: string;
}

const bucketRow = z.object({ bucket: z.enum(AGEING_BUCKET_KEYS), invoices: count, balance: minor });
const totalRow = z.object({ total: count });

/**
 * A centre's invoices with something left to pay (docs/decisions/0279), read from the `invoices_open` partial index of
 * migration 1797500000000-DayEnd: by age bucket of their date of issue, and a page of them, the oldest first. The
 * caller has checked the centre to be in reach; row-level security keeps the statements in the caller's company.
 */
@Injectable()
export class OutstandingRepository {
  /** Per age bucket on the centre's date today: how many open invoices, and what is left to pay of them. */
  async buckets(
    tx: ReadTx,
    centreId: string,
    today: string,
  ): Promise<{ bucket: AgeingBucketKey; invoices: number; balanceMinor: number }[]> {
    const p = new QueryParams();
    const age = `(${p.add(today)}::date - i.issued_on)`;
    const bounded = AGEING_BUCKETS.filter((b) => b.toDays !== null);
    const last = AGEING_BUCKETS.find((b) => b.toDays === null)!;
    const bucket = `CASE ${bounded.map((b) => `WHEN ${age} <= ${p.add(b.toDays)}::int THEN ${p.add(b.key)}`).join(' ')} ELSE ${p.add(last.key)} END`;
    const rows = await typedRows(
      tx.manager,
      bucketRow,
      `SELECT ${bucket} AS bucket, count(*) AS invoices, sum(${BALANCE}) AS balance
       FROM billing.invoices i
       WHERE i.centre_id = ${p.add(centreId)}::uuid AND ${OPEN}
       GROUP BY 1`,
      p,
    );
    return rows.map((r) => ({ bucket: r.bucket, invoices: r.invoices, balanceMinor: r.balance }));
  }

  /** A page of the centre's open invoices (the filter's), sorted by a contract field, and how many the filter holds. */
  async page(
    tx: ReadTx,
    f: OpenInvoiceFilter,
    q: { page: number; pageSize: number; sortBy?: keyof typeof OUTSTANDING_SORT; sortDir: 'asc' | 'desc' },
  ): Promise<{ items: OpenInvoiceRow[]; total: number }> {
    const p = new QueryParams();
    const where = [`i.centre_id = ${p.add(f.centreId)}::uuid`, OPEN];
    if (f.bucket) {
      const { from, to } = ageingBucketDates(f.bucket, f.today);
      if (from !== null) where.push(`i.issued_on >= ${p.add(from)}::date`);
      if (to !== null) where.push(`i.issued_on <= ${p.add(to)}::date`);
    }
    if (f.search) where.push(`i.number LIKE ${p.add(prefixPattern(f.search.toUpperCase()))}`);
    const dir = q.sortDir === 'desc' ? 'DESC' : 'ASC';
    const sort = OUTSTANDING_SORT[q.sortBy ?? 'issuedOn'];
    const conditions = where.join(' AND ');
    const [counted] = await typedRows(
      tx.manager,
      totalRow,
      `SELECT count(*) AS total FROM billing.invoices i WHERE ${conditions}`,
      p,
    );
    const items = await typedRows(
      tx.manager,
      openInvoiceRow,
      `SELECT i.id, i.number, i.patient_id, i.mr_number, i.patient_name, i.issued_on::text AS issued_on,
              ${p.add(f.today)}::date - i.issued_on AS age_days, i.total_minor, i.credited_minor, i.paid_minor
       FROM billing.invoices i
       WHERE ${conditions}
       ORDER BY ${sort} ${dir}, i.id ${dir}
       OFFSET ${p.add((q.page - 1) * q.pageSize)}::int LIMIT ${p.add(q.pageSize)}::int`,
      p,
    );
    return { items, total: counted?.total ?? 0 };
  }
}
