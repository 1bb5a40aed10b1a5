import { Inject, Injectable } from '@nestjs/common';
import {
  AGEING_BUCKETS,
  ageingBucketOf,
  FINANCE_CURRENCY,
  type BILLING_API,
  type BodyOf,
  type Outstanding,
} from '@rayworks/contracts';
import { KIT_AUDIT_ACTIONS, UnitOfWork, type RequestAccess } from '@rayworks/nest-kit';
import { CentreDays } from '../day-end/centre-days.js';
import { OutstandingRepository } from './outstanding.repository.js';

/**
 * What a centre is owed (docs/decisions/0279): the balances of its invoices with something left to pay, by age of
 * their date of issue on the centre's date today (0–30, 31–60, 61–90, over 90 days), and a page of them, the oldest
 * first. The list names patients, so reading it is audited as a read of patient data.
 */
@Injectable()
export class OutstandingService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(CentreDays) private readonly days: CentreDays,
    @Inject(OutstandingRepository) private readonly outstanding: OutstandingRepository,
  ) {}

  get(access: RequestAccess, q: BodyOf<typeof BILLING_API.getOutstanding>): Promise<Outstanding> {
    return this.uow.read(
      access,
      async (tx) => {
        const { centre, today } = await this.days.now(tx, access, q.centreId);
        const sums = await this.outstanding.buckets(tx, centre.id, today);
        const { items, total } = await this.outstanding.page(
          tx,
          { centreId: centre.id, today, bucket: q.bucket, search: q.search },
          q,
        );
        const buckets = AGEING_BUCKETS.map((b) => {
          const sum = sums.find((s) => s.bucket === b.key);
          return { bucket: b.key, label: b.label, invoices: sum?.invoices ?? 0, balanceMinor: sum?.balanceMinor ?? 0 };
        });
        return {
          centreId: centre.id,
          today,
          currency: FINANCE_CURRENCY,
          buckets,
          invoices: buckets.reduce((n, b) => n + b.invoices, 0),
          balanceMinor: buckets.reduce((n, b) => n + b.balanceMinor, 0),
          items: items.map((i) => ({
            invoiceId: i.id,
            number: i.number,
            patient: { id: i.patient_id, mrID: i.mr_number, patientName: i.patient_name },
            issuedOn: i.issued_on,
            ageDays: Math.max(0, i.age_days),
            bucket: ageingBucketOf(i.age_days),
            totalMinor: i.total_minor,
            creditedMinor: i.credited_minor,
            paidMinor: i.paid_minor,
            balanceMinor: i.total_minor - i.credited_minor - i.paid_minor,
          })),
          total,
          page: q.page,
          pageSize: q.pageSize,
        };
      },
      {
        audit: {
          action: KIT_AUDIT_ACTIONS.patientDataRead,
          target: { type: 'centre', id: q.centreId },
          details: { read: 'outstanding invoices' },
        },
      },
    );
  }
}
