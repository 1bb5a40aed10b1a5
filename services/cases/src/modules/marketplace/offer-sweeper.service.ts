import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import { LOGGER, PeriodicSweeper, type SweepItemFields, UnitOfWork } from '@rayworks/nest-kit';
import { CASES_ENV, type CasesEnv } from '../../config/env.js';
import { MarketplaceService, SWEEPER_SCOPE } from './marketplace.service.js';
import { OffersRepository, type DueOffer } from './offers.repository.js';

const BATCH = 100;

/**
 * The offer timeouts (docs/decisions/0151-offer-timeouts.md): every few seconds, the live offers that are due (an
 * OPEN one past `expiresAt`, a TAKEN one past `returnAt`) of every company — listed in the 'system' context, which
 * row-level security shows only live offers, no case — each handled in its company's own unit of work
 * (MarketplaceService.sweep). Two instances may sweep at once: each offer is locked and re-checked, so one acts.
 */
@Injectable()
export class OfferSweeper extends PeriodicSweeper<DueOffer> {
  protected readonly what = 'offer sweep';

  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(OffersRepository) private readonly offers: OffersRepository,
    @Inject(MarketplaceService) private readonly market: MarketplaceService,
    @Inject(CASES_ENV) private readonly env: CasesEnv,
    @Inject(LOGGER) protected readonly logger: Logger,
  ) {
    super();
  }

  /** How often it looks: CASES_OFFER_SWEEP_SECONDS (config/env.ts; default 5, 0 turns it off). */
  protected intervalSeconds(): number {
    return this.env.CASES_OFFER_SWEEP_SECONDS;
  }

  protected due(): Promise<DueOffer[]> {
    return this.uow.read(SWEEPER_SCOPE, (tx) => this.offers.due(tx, BATCH));
  }

  /** A case changed meanwhile (409) throws, and the offer is swept again next time. */
  protected async handle(offer: DueOffer): Promise<boolean> {
    return (await this.market.sweep(offer)) !== 'skipped';
  }

  protected describe(offer: DueOffer): SweepItemFields {
    return { offerId: offer.id, caseId: offer.caseId };
  }
}
