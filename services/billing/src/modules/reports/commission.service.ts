import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  commissionOf,
  DAY_END_MESSAGES,
  exactCommission,
  FINANCE_CURRENCY,
  type BILLING_API,
  type BodyOf,
  type CommissionStatement,
} from '@rayworks/contracts';
import { KIT_AUDIT_ACTIONS, UnitOfWork, type RequestAccess } from '@rayworks/nest-kit';
import { ReferralsRepository } from '../directory/referrals.repository.js';
import { CommissionRepository } from './commission.repository.js';

/**
 * A referral's commission statement for a period (docs/decisions/0279): its visits at the centres the caller reaches
 * whose invoice was issued in the period; commission = the referral's commission basis points × (their invoice totals
 * less their credit notes, as they stand now), exact, rounded once, half-up, at the statement's total. A referral
 * without a rate earns nothing ('0.00'). The visits name patients: reading the statement is audited.
 */
@Injectable()
export class CommissionService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(ReferralsRepository) private readonly referrals: ReferralsRepository,
    @Inject(CommissionRepository) private readonly commission: CommissionRepository,
  ) {}

  statement(access: RequestAccess, q: BodyOf<typeof BILLING_API.getCommissionStatement>): Promise<CommissionStatement> {
    return this.uow.read(
      access,
      async (tx) => {
        const referral = await this.referrals.referral(tx, q.referralId);
        if (!referral) throw new NotFoundException(DAY_END_MESSAGES.referralNotFound);
        const rate = referral.commissionBasisPoints ?? 0;
        const period = { referralId: referral.id, from: q.from, to: q.to };
        const { visits, baseMinor } = await this.commission.totals(tx, access, period);
        const rows = await this.commission.page(tx, access, period, q);
        const total = commissionOf(baseMinor, rate);
        return {
          referral: {
            id: referral.id,
            name: referral.name,
            commissionBasisPoints: referral.commissionBasisPoints,
          },
          from: q.from,
          to: q.to,
          currency: FINANCE_CURRENCY,
          visits,
          baseMinor,
          commissionExact: total.exact,
          commissionMinor: total.minor,
          items: rows.map((r) => {
            const base = r.total_minor - r.credited_minor;
            return {
              registrationId: r.registration_id,
              registrationID: r.registration_number,
              centreId: r.centre_id,
              patient: { id: r.patient_id, mrID: r.mr_number, patientName: r.patient_name },
              invoiceId: r.invoice_id,
              invoiceNumber: r.invoice_number,
              visitedOn: r.issued_on,
              totalMinor: r.total_minor,
              creditedMinor: r.credited_minor,
              baseMinor: base,
              commissionExact: exactCommission(base, rate),
            };
          }),
          page: q.page,
          pageSize: q.pageSize,
        };
      },
      {
        audit: {
          action: KIT_AUDIT_ACTIONS.patientDataRead,
          target: { type: 'referral', id: q.referralId },
          details: { read: 'commission statement', from: q.from, to: q.to },
        },
      },
    );
  }
}
