import { ConflictException, Inject, Injectable } from '@nestjs/common';
import {
  closingDifference,
  collectionOf,
  collectionSince,
  DAY_END_MESSAGES,
  FINANCE_CURRENCY,
  netOfMode,
  type BILLING_API,
  type BodyOf,
  type DayClosing,
  type DayEndReport,
  type MyCollection,
} from '@rayworks/contracts';
import { companyOf, UnitOfWork, type ReadTx, type RequestAccess } from '@rayworks/nest-kit';
import { CentreDays, type CentreDay } from './centre-days.js';
import { DAY_END_AUDIT_ACTIONS } from './day-end-audit.js';
import { DayClosingsRepository, type DayClosingRow } from './day-closings.repository.js';
import { FinanceFiguresRepository, type CentreLedgerSum } from './finance-figures.repository.js';

/** How many of the payments taken after a close the day end lists. */
const LATE_ENTRIES_SHOWN = 100;

/**
 * A centre's day end and cash closing (docs/decisions/0278): the day is the centre's local date on its own clock;
 * collection is payments less refunds by mode and by user; the day is closed once with the cash counted, the cash
 * expected (the day's cash payments less cash refunds at that moment) and the difference. Payments of the day taken
 * after the close still count in the day; the report shows what came after the close.
 */
@Injectable()
export class DayEndService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(CentreDays) private readonly days: CentreDays,
    @Inject(FinanceFiguresRepository) private readonly figures: FinanceFiguresRepository,
    @Inject(DayClosingsRepository) private readonly closings: DayClosingsRepository,
  ) {}

  report(access: RequestAccess, body: BodyOf<typeof BILLING_API.getDayEnd>): Promise<DayEndReport> {
    return this.uow.read(access, async (tx) => {
      const day = await this.days.day(tx, access, body.centreId, body.date);
      const span = [{ centreId: day.centre.id, startsAt: day.startsAt, endsAt: day.endsAt }];
      const ledger = await this.figures.ledger(tx, span, { byUser: true });
      const [invoiced] = await this.figures.invoiced(tx, [{ centreId: day.centre.id, from: day.date, to: day.date }]);
      const [credited] = await this.figures.credited(tx, span);
      const [open] = await this.figures.open(tx, [day.centre.id]);
      const closingRow = await this.closings.find(tx, day.centre.id, day.date);
      const collection = collectionOf(ledger);
      const closing = closingRow && closingOf(closingRow);
      const late = closing
        ? await this.figures.late(tx, day.centre.id, closingRow.closed_at, day.endsAt, LATE_ENTRIES_SHOWN)
        : [];
      const invoicedMinor = invoiced?.totalMinor ?? 0;
      const creditedMinor = credited?.amountMinor ?? 0;
      return {
        ...dayOf(day),
        collection,
        byUser: byUser(ledger),
        invoices: { count: invoiced?.invoices ?? 0, totalMinor: invoicedMinor },
        creditNotes: { count: credited?.creditNotes ?? 0, amountMinor: creditedMinor },
        revenueMinor: invoicedMinor - creditedMinor,
        outstanding: {
          dayInvoices: invoiced?.openInvoices ?? 0,
          dayBalanceMinor: invoiced?.balanceMinor ?? 0,
          centreInvoices: open?.invoices ?? 0,
          centreBalanceMinor: open?.balanceMinor ?? 0,
        },
        expectedCashMinor: netOfMode(collection, 'CASH'),
        closing,
        afterClose: closing ? collectionSince(closing.collection, collection) : null,
        lateEntries: late.map((e) => ({
          _id: e.id,
          invoiceId: e.invoice_id,
          invoiceNumber: e.invoice_number,
          kind: e.kind,
          mode: e.mode,
          amountMinor: e.amount_minor,
          takenAt: e.taken_at.toISOString(),
          takenBy: { userId: e.taken_by, loginName: e.taken_by_name },
        })),
      };
    });
  }

  /**
   * Closes a centre's day with the cash counted: once per centre and date (a second close is a 409 naming who closed
   * it), audited. The expected cash is the day's cash collection as it stands now; the collection by mode is kept with
   * the closing, so what comes after it is shown as such.
   */
  close(access: RequestAccess, body: BodyOf<typeof BILLING_API.closeDay>): Promise<DayClosing> {
    return this.uow.change(access, async (tx) => {
      const day = await this.days.day(tx, access, body.centreId, body.date);
      const closedBy = await this.closedBy(tx, day);
      if (closedBy !== null) throw new ConflictException(DAY_END_MESSAGES.alreadyClosed(day.date, closedBy));
      const collection = collectionOf(
        await this.figures.ledger(tx, [{ centreId: day.centre.id, startsAt: day.startsAt, endsAt: day.endsAt }]),
      );
      const expectedCashMinor = netOfMode(collection, 'CASH');
      const { differenceMinor } = closingDifference(body.countedCashMinor, expectedCashMinor);
      const row = await this.closings.insert(tx, {
        tenantId: companyOf(access.principal),
        centreId: day.centre.id,
        groupId: day.centre.groupId,
        date: day.date,
        timeZone: day.timeZone,
        currency: FINANCE_CURRENCY,
        countedCashMinor: body.countedCashMinor,
        expectedCashMinor,
        differenceMinor,
        collection,
        note: body.note,
        closedBy: { userId: access.principal.userId, loginName: access.principal.loginName },
      });
      // another close of the same day committed between the check and the insert
      if (!row)
        throw new ConflictException(DAY_END_MESSAGES.alreadyClosed(day.date, (await this.closedBy(tx, day)) ?? ''));
      await tx.audit({
        action: DAY_END_AUDIT_ACTIONS.close,
        target: { type: 'day-closing', id: row.id },
        details: {
          centreId: day.centre.id,
          date: day.date,
          countedCashMinor: body.countedCashMinor,
          expectedCashMinor,
          differenceMinor,
        },
      });
      return closingOf(row);
    });
  }

  /** What the caller took and gave back at a centre on a day (the desk's own collection, for its hand-over). */
  mine(access: RequestAccess, body: BodyOf<typeof BILLING_API.getMyCollection>): Promise<MyCollection> {
    return this.uow.read(access, async (tx) => {
      const day = await this.days.day(tx, access, body.centreId, body.date);
      const ledger = await this.figures.ledger(
        tx,
        [{ centreId: day.centre.id, startsAt: day.startsAt, endsAt: day.endsAt }],
        { userId: access.principal.userId },
      );
      const collection = collectionOf(ledger);
      const closingRow = await this.closings.find(tx, day.centre.id, day.date);
      return {
        ...dayOf(day),
        user: { userId: access.principal.userId, loginName: access.principal.loginName },
        collection,
        cashMinor: netOfMode(collection, 'CASH'),
        closing: closingRow ? closingOf(closingRow) : null,
      };
    });
  }

  /** Who closed the centre's day, or null while it is open. */
  private async closedBy(tx: ReadTx, day: CentreDay): Promise<string | null> {
    return (await this.closings.find(tx, day.centre.id, day.date))?.closed_by_name ?? null;
  }
}

/** The day as the answers name it. */
function dayOf(day: CentreDay) {
  return {
    centre: { id: day.centre.id, code: day.centre.code, name: day.centre.name },
    date: day.date,
    timeZone: day.timeZone,
    startsAt: day.startsAt.toISOString(),
    endsAt: day.endsAt.toISOString(),
    currency: FINANCE_CURRENCY,
  };
}

/** The day's collection of each user who took or gave back money, by login name. */
function byUser(ledger: readonly CentreLedgerSum[]) {
  const users = new Map<string, { user: { userId: string; loginName: string }; sums: CentreLedgerSum[] }>();
  for (const sum of ledger) {
    if (!sum.user) continue;
    const entry = users.get(sum.user.userId) ?? { user: sum.user, sums: [] };
    entry.sums.push(sum);
    users.set(sum.user.userId, entry);
  }
  return [...users.values()]
    .map(({ user, sums }) => ({ user, ...collectionOf(sums) }))
    .sort((a, b) => a.user.loginName.localeCompare(b.user.loginName) || a.user.userId.localeCompare(b.user.userId));
}

function closingOf(row: DayClosingRow): DayClosing {
  return {
    _id: row.id,
    centreId: row.centre_id,
    date: row.local_date,
    currency: row.currency,
    countedCashMinor: row.counted_cash_minor,
    expectedCashMinor: row.expected_cash_minor,
    differenceMinor: row.difference_minor,
    result: closingDifference(row.counted_cash_minor, row.expected_cash_minor).result,
    note: row.note,
    closedAt: row.closed_at.toISOString(),
    closedBy: { userId: row.closed_by, loginName: row.closed_by_name },
    collection: row.collection,
  };
}
