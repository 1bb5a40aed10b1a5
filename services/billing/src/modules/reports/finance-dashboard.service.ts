import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  addDays,
  collectionOf,
  DAY_END_MESSAGES,
  FINANCE_CURRENCY,
  periodDates,
  type BILLING_API,
  type BodyOf,
  type FinanceDashboard,
  type FinanceFigures,
  type LedgerSum,
} from '@rayworks/contracts';
import { companyOf, UnitOfWork, type ChangeTx, type RequestAccess } from '@rayworks/nest-kit';
import { CentresRepository, type KnownCentre } from '../directory/centres.repository.js';
import { CentreDays, type CentreClockNow } from '../day-end/centre-days.js';
import {
  FinanceFiguresRepository,
  midnightKey,
  type DateRange,
  type Span,
} from '../day-end/finance-figures.repository.js';
import { FinanceDaysRepository } from './finance-days.repository.js';

/**
 * How many days after its end a day is summed for good: its figures cannot change any more (an entry is dated when it
 * is made; one day covers a unit of work that began before midnight and committed after it).
 */
export const SETTLED_AFTER_DAYS = 1;

/** A far end for "everything after the frontier" (no entry is dated this late). */
const FAR_DATE = '9999-12-30';

interface Sums {
  invoices: number;
  invoicedMinor: number;
  creditNotes: number;
  creditedMinor: number;
  ledger: LedgerSum[];
  /** Of every entry ever: invoiced − credited − paid + refunded. */
  outstandingMinor: number;
}

const figuresOf = (s: Sums): FinanceFigures => ({
  invoices: s.invoices,
  invoicedMinor: s.invoicedMinor,
  creditNotes: s.creditNotes,
  creditedMinor: s.creditedMinor,
  revenueMinor: s.invoicedMinor - s.creditedMinor,
  collection: collectionOf(s.ledger),
  outstandingMinor: s.outstandingMinor,
});

/** A centre on its clock, with its last settled day. */
interface CentreClockPlan extends CentreClockNow {
  /** The last day that is over and settled: today − 1 − SETTLED_AFTER_DAYS. */
  settled: string;
}

/** …and, once its settled days are summed, the period's days on each side of the last day summed. */
interface CentrePlan extends CentreClockPlan {
  /** The centre's dates of the period. */
  from: string;
  to: string;
  /** The last day summed (the frontier): the settled day, or later if an earlier read summed further. */
  summedThrough: string;
  /** The period's days already summed (null: none). */
  frozen: DateRange | null;
  /** The period's days read from the entries (null: none). */
  live: DateRange | null;
}

/**
 * The finance dashboard (docs/decisions/0280): per centre the caller reaches (narrowed by the request's group and
 * centre headers, or the body's centre), over a period of local dates on each centre's own clock — invoiced, credit
 * notes, revenue (invoiced less credit notes), collection by mode (payments less refunds) — and what is owed now.
 * Finished, settled days come from their sums (summed from the entries when first needed, then kept: a day's figures
 * never change); the last days from the entries themselves. Every figure is what the invoices, payments and credit
 * notes say at the moment of the read.
 */
@Injectable()
export class FinanceDashboardService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(CentresRepository) private readonly centres: CentresRepository,
    @Inject(CentreDays) private readonly days: CentreDays,
    @Inject(FinanceFiguresRepository) private readonly figures: FinanceFiguresRepository,
    @Inject(FinanceDaysRepository) private readonly finished: FinanceDaysRepository,
  ) {}

  // A change, not a read: it may sum days that have become settled (rows only the dashboard writes).
  get(access: RequestAccess, q: DashboardQuery): Promise<FinanceDashboard> {
    return this.uow.change(access, async (tx) => {
      const clocks = await this.clocks(tx, access, q.centreId);
      const summed = await this.freezeSettledDays(tx, access, clocks);
      const plans: CentrePlan[] = clocks.map((c) => splitPeriod(c, summed.get(c.centre.id)!, periodOf(q, c.today)));
      const ids = plans.map((p) => p.centre.id);
      const sums = new Map<string, Sums>(
        ids.map((id) => [
          id,
          { invoices: 0, invoicedMinor: 0, creditNotes: 0, creditedMinor: 0, ledger: [], outstandingMinor: 0 },
        ]),
      );
      const of = (id: string) => sums.get(id)!;

      // the period: summed days, then the entries of the days after them
      const frozen = plans.flatMap((p) => p.frozen ?? []);
      for (const f of await this.finished.sums(tx, frozen)) {
        const s = of(f.centreId);
        s.invoices += f.invoices;
        s.invoicedMinor += f.invoicedMinor;
        s.creditNotes += f.creditNotes;
        s.creditedMinor += f.creditedMinor;
      }
      for (const m of await this.finished.modes(tx, frozen)) {
        of(m.centreId).ledger.push(
          { mode: m.mode, kind: 'PAYMENT', entries: m.payments, amountMinor: m.paidMinor },
          { mode: m.mode, kind: 'REFUND', entries: m.refunds, amountMinor: m.refundedMinor },
        );
      }
      const live = await this.entries(
        tx,
        plans,
        plans.flatMap((p) => p.live ?? []),
      );
      for (const i of live.invoiced) {
        of(i.centreId).invoices += i.invoices;
        of(i.centreId).invoicedMinor += i.totalMinor;
      }
      for (const n of live.credited) {
        of(n.centreId).creditNotes += n.creditNotes;
        of(n.centreId).creditedMinor += n.amountMinor;
      }
      for (const l of live.ledger) of(l.centreId).ledger.push(l);

      // what is owed now: every summed day, and every entry after them — the period's own when it runs from the
      // first day not summed through today at every centre (no entry is dated after today), else read
      for (const b of await this.finished.balances(tx, ids))
        of(b.centreId).outstandingMinor += b.dueMinor - b.paidMinor;
      const liveIsAfter = plans.every(
        (p) => p.live !== null && p.live.from === addDays(p.summedThrough, 1) && p.live.to >= p.today,
      );
      const after = liveIsAfter
        ? live
        : await this.entries(
            tx,
            plans,
            plans.map((p) => ({ centreId: p.centre.id, from: addDays(p.summedThrough, 1), to: FAR_DATE })),
          );
      for (const i of after.invoiced) of(i.centreId).outstandingMinor += i.totalMinor;
      for (const n of after.credited) of(n.centreId).outstandingMinor -= n.amountMinor;
      for (const l of after.ledger)
        of(l.centreId).outstandingMinor += l.kind === 'PAYMENT' ? -l.amountMinor : l.amountMinor;

      const all = [...sums.values()];
      const total = (pick: (s: Sums) => number) => all.reduce((n, s) => n + pick(s), 0);
      const period = spanOf(q, plans);
      return {
        from: period.from,
        to: period.to,
        currency: FINANCE_CURRENCY,
        totals: figuresOf({
          invoices: total((s) => s.invoices),
          invoicedMinor: total((s) => s.invoicedMinor),
          creditNotes: total((s) => s.creditNotes),
          creditedMinor: total((s) => s.creditedMinor),
          ledger: all.flatMap((s) => s.ledger),
          outstandingMinor: total((s) => s.outstandingMinor),
        }),
        byCentre: plans.map(({ centre, timeZone, from, to }) => ({
          centre: { id: centre.id, code: centre.code, name: centre.name, groupId: centre.groupId },
          timeZone,
          from,
          to,
          ...figuresOf(of(centre.id)),
        })),
      };
    });
  }

  /** Each centre of the answer on its clock, with its last settled day (the centres' clocks read at once). */
  private async clocks(tx: ChangeTx, access: RequestAccess, centreId: string | undefined): Promise<CentreClockPlan[]> {
    const clocks = await this.days.clocksOf(tx, await this.centresOf(tx, access, centreId));
    return clocks.map((clock) => ({ ...clock, settled: addDays(clock.today, -1 - SETTLED_AFTER_DAYS) }));
  }

  /**
   * Sums, for good, each centre's days from its frontier to its last settled day (centres in code order), and answers
   * each centre's last day summed.
   */
  private async freezeSettledDays(
    tx: ChangeTx,
    access: RequestAccess,
    plans: readonly CentreClockPlan[],
  ): Promise<Map<string, string>> {
    const frontiers = await this.finished.frontiers(
      tx,
      plans.map((p) => p.centre.id),
    );
    const summed = new Map(
      plans.map((p) => {
        const frontier = frontiers.get(p.centre.id);
        return [p.centre.id, frontier !== undefined && frontier > p.settled ? frontier : p.settled];
      }),
    );
    const due = plans.filter((p) => {
      const frontier = frontiers.get(p.centre.id);
      return frontier === undefined || frontier < p.settled;
    });
    if (due.length === 0) return summed;
    const midnights = await this.figures.midnights(
      tx,
      due.flatMap((p) => {
        const frontier = frontiers.get(p.centre.id);
        return [
          { date: addDays(p.settled, 1), zone: p.timeZone },
          ...(frontier === undefined ? [] : [{ date: addDays(frontier, 1), zone: p.timeZone }]),
        ];
      }),
    );
    const tenantId = companyOf(access.principal);
    for (const p of due) {
      const frontier = frontiers.get(p.centre.id) ?? null;
      await this.finished.freeze(tx, {
        tenantId,
        centreId: p.centre.id,
        timeZone: p.timeZone,
        after: frontier,
        afterEndsAt: frontier === null ? null : midnights.get(midnightKey(addDays(frontier, 1), p.timeZone))!,
        through: p.settled,
        throughEndsAt: midnights.get(midnightKey(addDays(p.settled, 1), p.timeZone))!,
      });
    }
    return summed;
  }

  /** The invoices, credit notes and ledger entries of date ranges, read from the entries themselves. */
  private async entries(tx: ChangeTx, plans: readonly CentreClockPlan[], rs: readonly DateRange[]) {
    const spans = await this.spans(tx, plans, rs);
    return {
      invoiced: await this.figures.invoiced(tx, rs),
      credited: await this.figures.credited(tx, spans),
      ledger: await this.figures.ledger(tx, spans),
    };
  }

  /** The instants of date ranges on their centres' clocks: [local midnight of from, local midnight after to). */
  private async spans(tx: ChangeTx, plans: readonly CentreClockPlan[], rs: readonly DateRange[]): Promise<Span[]> {
    const zone = new Map(plans.map((p) => [p.centre.id, p.timeZone]));
    const midnights = await this.figures.midnights(
      tx,
      rs.flatMap((r) => [
        { date: r.from, zone: zone.get(r.centreId)! },
        { date: addDays(r.to, 1), zone: zone.get(r.centreId)! },
      ]),
    );
    return rs.map((r) => ({
      centreId: r.centreId,
      startsAt: midnights.get(midnightKey(r.from, zone.get(r.centreId)!))!,
      endsAt: midnights.get(midnightKey(addDays(r.to, 1), zone.get(r.centreId)!))!,
    }));
  }

  /** The centres the caller reaches (in code order), or the one the body names (404 when it is not one of them). */
  private async centresOf(tx: ChangeTx, access: RequestAccess, centreId: string | undefined): Promise<KnownCentre[]> {
    const reached = await this.centres.inReach(tx, access);
    if (centreId === undefined) return reached;
    const one = reached.find((c) => c.id === centreId);
    if (!one) throw new NotFoundException(DAY_END_MESSAGES.centreNotFound);
    return [one];
  }
}

type DashboardQuery = BodyOf<typeof BILLING_API.getFinanceDashboard>;
interface Period {
  from: string;
  to: string;
}

/** A centre's dates of the asked period: a named period on the centre's clock (its today), or the two dates given. */
export function periodOf(q: DashboardQuery, today: string): Period {
  if (q.period !== undefined) return periodDates(q.period, today);
  // the body's check lets a query without a period through only with both dates
  return { from: q.from ?? today, to: q.to ?? today };
}

/** The answer's first and last dates over its centres; with no centre, the period on the UTC clock. */
export function spanOf(q: DashboardQuery, centres: readonly Period[]): Period {
  if (centres.length === 0) return periodOf(q, new Date().toISOString().slice(0, 10));
  return {
    from: centres.reduce((min, c) => (c.from < min ? c.from : min), centres[0]!.from),
    to: centres.reduce((max, c) => (c.to > max ? c.to : max), centres[0]!.to),
  };
}

/** The period's days of a centre on each side of its last day summed: each day on exactly one side. */
export function splitPeriod<C extends { centre: { id: string } }>(
  clock: C,
  summedThrough: string,
  q: Period,
): C & Period & { summedThrough: string; frozen: DateRange | null; live: DateRange | null } {
  const id = clock.centre.id;
  const frozenTo = q.to < summedThrough ? q.to : summedThrough;
  const liveFrom = q.from > summedThrough ? q.from : addDays(summedThrough, 1);
  return {
    ...clock,
    from: q.from,
    to: q.to,
    summedThrough,
    frozen: q.from <= frozenTo ? { centreId: id, from: q.from, to: frozenTo } : null,
    live: liveFrom <= q.to ? { centreId: id, from: liveFrom, to: q.to } : null,
  };
}
