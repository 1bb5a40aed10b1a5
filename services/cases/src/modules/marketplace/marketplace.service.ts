import { ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { z } from 'zod';
import {
  CASE_ACTION_PRIVILEGES,
  CASE_MESSAGES,
  MARKETPLACE_MESSAGES,
  type acceptOfferBody,
  type MarketplaceChange,
  type MarketplaceListBody,
  type MarketplaceOfferedCase,
  type offerCaseBody,
  type rejectOfferBody,
  type withdrawOfferBody,
} from '@rayworks/contracts';
import { UnitOfWork, type AuditClient, type ChangeTx, type RequestAccess, type TenantScope } from '@rayworks/nest-kit';
import type { CaseEntity } from '../cases/case.entity.js';
import { CaseMapper } from '../cases/case.mapper.js';
import { CasesRepository } from '../cases/cases.repository.js';
import { VisibleCases } from '../cases/visible-cases.service.js';
import { CaseActionsService, type Actor } from '../transitions/case-actions.service.js';
import { TransitionRunner, type TransitionResult } from '../transitions/transition-runner.service.js';
import { OffersRepository, offerView, type DueOffer, type OfferRow } from './offers.repository.js';

type OfferBody = z.output<typeof offerCaseBody>;
type WithdrawBody = z.output<typeof withdrawOfferBody>;
type AcceptBody = z.output<typeof acceptOfferBody>;
type RejectBody = z.output<typeof rejectOfferBody>;

/** An offer stays open a day, and a taken case must be started within two hours, unless the company says otherwise. */
export const DEFAULT_OPEN_MINUTES = 24 * 60;
export const DEFAULT_TAKE_MINUTES = 120;

/** The 'system' context of the sweeper: no company, the live offers of all (docs/decisions/0151-offer-timeouts.md). */
export const SWEEPER_ACTOR = { type: 'system', id: 'marketplace-sweeper' } as const;
export const SWEEPER_SCOPE: TenantScope = {
  tenantId: null,
  actor: SWEEPER_ACTOR,
  user: null,
  rls: { userId: '', level: 'system' },
};

const actorOf = (access: RequestAccess): Actor => ({
  userId: access.principal.userId,
  roleCodes: access.principal.roleCodes,
});

/**
 * The marketplace (docs/decisions/0147-marketplace-offers.md, 0148-first-accept-wins.md, 0151-offer-timeouts.md):
 * every change is a transition of the one runner (the case machine and the action table decide, through
 * CaseActionsService.move) with its offer row written in the same unit of work. A marketplace radiologist's reach is
 * row-level security's (an OPEN offer, or theirs); its changes run in the case's company.
 */
@Injectable()
export class MarketplaceService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(TransitionRunner) private readonly runner: TransitionRunner,
    @Inject(CaseActionsService) private readonly actions: CaseActionsService,
    @Inject(OffersRepository) private readonly offers: OffersRepository,
    @Inject(VisibleCases) private readonly visible: VisibleCases,
    @Inject(CaseMapper) private readonly mapper: CaseMapper,
    @Inject(CasesRepository) private readonly cases: CasesRepository,
  ) {}

  /** A company offers a NEW case of its own to the marketplace. */
  offer(access: RequestAccess, body: OfferBody, client: AuditClient): Promise<MarketplaceChange> {
    return this.uow.change(access, async (tx) => {
      const done = await this.runner.within(
        tx,
        { access },
        {
          caseId: body._id,
          version: body.version,
          privileges: [CASE_ACTION_PRIVILEGES.OFFER_TO_MARKETPLACE],
          decide: (row, t) => this.actions.move(t, row, actorOf(access), 'OFFER_TO_MARKETPLACE', {}),
        },
        client,
      );
      const offer = await this.offers.open(tx, {
        tenantId: done.case.tenantId,
        caseId: done.case.id,
        offeredBy: access.principal.userId,
        openMinutes: body.openMinutes ?? DEFAULT_OPEN_MINUTES,
        takeMinutes: body.takeMinutes ?? DEFAULT_TAKE_MINUTES,
      });
      return { case: done.view, offer: offerView(offer) };
    });
  }

  /** The company takes back its open offer: the case is the centre's NEW case again. */
  withdraw(access: RequestAccess, body: WithdrawBody, client: AuditClient): Promise<MarketplaceChange> {
    return this.uow.change(access, async (tx) => {
      const done = await this.runner.within(
        tx,
        { access },
        {
          caseId: body._id,
          version: body.version,
          privileges: [CASE_ACTION_PRIVILEGES.WITHDRAW_OFFER],
          decide: (row, t) => this.actions.move(t, row, actorOf(access), 'WITHDRAW_OFFER', {}),
        },
        client,
      );
      const offer =
        (await this.offers.close(tx, done.case.id, 'OPEN', 'WITHDRAWN', 'withdrawn')) ??
        (await this.offers.latest(tx, done.case.id));
      if (!offer) throw new ConflictException(MARKETPLACE_MESSAGES.notOffered);
      return { case: done.view, offer: offerView(offer) };
    });
  }

  /** A marketplace radiologist's open offers (or the cases it took): row-level security chooses the rows. */
  list(access: RequestAccess, body: MarketplaceListBody): Promise<{ offers: MarketplaceOfferedCase[]; total: number }> {
    return this.uow.read(access, async (tx) => {
      const { rows, total } = await this.offers.page(tx, body);
      if (rows.length === 0) return { offers: [], total };
      const cases = await this.cases.byIds(
        tx,
        rows.map((r) => r.case_id),
      );
      const byId = new Map(cases.map((c) => [c.id, c]));
      const seen = rows.filter((r) => byId.has(r.case_id));
      const views = await this.mapper.many(
        tx,
        seen.map((r) => byId.get(r.case_id)!),
      );
      return { offers: seen.map((r, i) => ({ offer: offerView(r), case: views[i]! })), total };
    });
  }

  /**
   * Takes an open offer: first wins. The offer row is taken by one conditional UPDATE in the case's company (the
   * loser of a race waits on its lock and finds it taken: 409), then the case moves (ACCEPT: IN PROGRESS, theirs)
   * in the same unit of work.
   */
  async accept(access: RequestAccess, body: AcceptBody, client: AuditClient): Promise<MarketplaceChange> {
    const tenantId = await this.caseTenantFor(access, body._id);
    const caller = { access, caseTenantId: tenantId };
    return this.uow.change(
      caller.access,
      async (tx) => {
        const offer = await this.offers.take(tx, body._id, access.principal.userId);
        if (!offer) {
          const live = await this.offers.live(tx, body._id);
          throw new ConflictException(live ? MARKETPLACE_MESSAGES.alreadyTaken : MARKETPLACE_MESSAGES.notOffered);
        }
        const done = await this.runner.within(
          tx,
          caller,
          {
            caseId: body._id,
            version: body.version,
            privileges: [CASE_ACTION_PRIVILEGES.ACCEPT],
            decide: (row, t) => this.actions.move(t, row, actorOf(access), 'ACCEPT', {}),
          },
          client,
        );
        return { case: done.view, offer: offerView(offer) };
      },
      { inCompany: caller.caseTenantId },
    );
  }

  /** The taker gives the case back, with a reason: it is NEW in the marketplace again, with a new OPEN offer. */
  async reject(access: RequestAccess, body: RejectBody, client: AuditClient): Promise<MarketplaceChange> {
    const tenantId = await this.caseTenantFor(access, body._id);
    const caller = { access, caseTenantId: tenantId };
    return this.uow.change(
      caller.access,
      async (tx) => {
        const done = await this.runner.within(
          tx,
          caller,
          {
            caseId: body._id,
            version: body.version,
            privileges: [CASE_ACTION_PRIVILEGES.REJECT],
            decide: (row, t) => this.actions.move(t, row, actorOf(access), 'REJECT', { reason: body.reason }),
          },
          client,
        );
        const offer = await this.backToPool(tx, done, body.reason);
        return { case: done.view, offer: offerView(offer) };
      },
      { inCompany: caller.caseTenantId },
    );
  }

  /**
   * One due offer (the sweeper's, in the offer's company, as the system): an OPEN offer nobody took goes back to the
   * centre (WITHDRAW_OFFER); a TAKEN one past its return time whose case its taker has not moved on returns to the
   * pool (OFFER_TIMEOUT); one whose case moved on with its taker (typing, review, completed) has no timeout any
   * more; one whose case left its taker (reverted, rejected elsewhere) is closed. Each its own unit of work.
   */
  async sweep(due: DueOffer): Promise<'withdrawn' | 'returned' | 'started' | 'closed' | 'skipped'> {
    const scope: TenantScope = { tenantId: due.tenantId, actor: SWEEPER_ACTOR, user: null };
    return this.uow.change(scope, async (tx) => {
      const offer = await this.offers.live(tx, due.caseId);
      if (!offer || offer.id !== due.id) return 'skipped';
      const row = await this.cases.byId(tx, due.caseId);
      if (!row) return 'skipped';
      const system: Actor = { userId: null, roleCodes: [] };
      if (offer.status === 'OPEN') {
        if (offer.expires_at.getTime() > Date.now()) return 'skipped';
        await this.runner.within(
          tx,
          { system: scope },
          {
            caseId: row.id,
            version: row.version,
            privileges: [],
            decide: (r, t) => this.actions.move(t, r, system, 'WITHDRAW_OFFER', { reason: 'expired' }),
          },
        );
        await this.offers.close(tx, row.id, 'OPEN', 'WITHDRAWN', 'expired');
        return 'withdrawn';
      }
      if (offer.return_at === null || offer.return_at.getTime() > Date.now()) return 'skipped';
      const withTaker = row.workflowType === 'Marketplace' && row.radiologistId === offer.taken_by;
      if (withTaker && row.status === 'IN PROGRESS') {
        const done = await this.runner.within(
          tx,
          { system: scope },
          {
            caseId: row.id,
            version: row.version,
            privileges: [],
            decide: (r, t) => this.actions.move(t, r, system, 'OFFER_TIMEOUT', { reason: 'timeout' }),
          },
        );
        await this.backToPool(tx, done, 'timeout');
        return 'returned';
      }
      if (withTaker) {
        await this.offers.started(tx, offer.id);
        return 'started';
      }
      // left its taker: rejected through /cases/worklistupdate (back in the pool: a new OPEN offer), or reverted
      const inPool = row.status === 'NEW' && row.workflowType === 'Marketplace' && row.radiologistId === null;
      const closed = await this.offers.close(tx, row.id, 'TAKEN', 'RETURNED', 'left the radiologist');
      if (inPool && closed)
        await this.offers.open(tx, {
          tenantId: row.tenantId,
          caseId: row.id,
          offeredBy: closed.offered_by,
          openMinutes: Math.max(1, Math.round((closed.expires_at.getTime() - closed.offered_at.getTime()) / 60_000)),
          takeMinutes: closed.take_minutes,
        });
      return 'closed';
    });
  }

  /** The case is back in the pool: its TAKEN offer RETURNED, a new OPEN one with the same windows. */
  private async backToPool(tx: ChangeTx, done: TransitionResult, reason: string): Promise<OfferRow> {
    const old = await this.offers.close(tx, done.case.id, 'TAKEN', 'RETURNED', reason);
    const openMinutes = old
      ? Math.max(1, Math.round((old.expires_at.getTime() - old.offered_at.getTime()) / 60_000))
      : DEFAULT_OPEN_MINUTES;
    return this.offers.open(tx, {
      tenantId: done.case.tenantId,
      caseId: done.case.id,
      offeredBy: old?.offered_by ?? null,
      openMinutes,
      takeMinutes: old?.take_minutes ?? DEFAULT_TAKE_MINUTES,
    });
  }

  /**
   * The company of a case the marketplace radiologist sees (row-level security): 404 when it does not; when it no
   * longer does because another radiologist took it, the clear 409 (the sweeper's context tells only that).
   */
  private async caseTenantFor(access: RequestAccess, caseId: string): Promise<string> {
    try {
      const row: CaseEntity = await this.uow.read(access, (tx) => this.visible.load(tx, access, caseId));
      return row.tenantId;
    } catch (error) {
      if (!(error instanceof NotFoundException)) throw error;
      const taken = await this.uow.read(SWEEPER_SCOPE, (tx) => this.offers.isTaken(tx, caseId));
      if (taken) throw new ConflictException(MARKETPLACE_MESSAGES.alreadyTaken);
      throw new NotFoundException(CASE_MESSAGES.notFound);
    }
  }
}
