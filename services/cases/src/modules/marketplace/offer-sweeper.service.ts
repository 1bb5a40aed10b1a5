import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { UnitOfWork } from '@rayworks/nest-kit';
import { CASES_ENV, type CasesEnv } from '../../config/env.js';
import { MarketplaceService, SWEEPER_SCOPE } from './marketplace.service.js';
import { OffersRepository } from './offers.repository.js';

const BATCH = 100;

/**
 * The offer timeouts (docs/decisions/0151-offer-timeouts.md): every few seconds, the live offers that are due (an
 * OPEN one past `expiresAt`, a TAKEN one past `returnAt`) of every company — listed in the 'system' context, which
 * row-level security shows only live offers, no case — each handled in its company's own unit of work
 * (MarketplaceService.sweep). Two instances may sweep at once: each offer is locked and re-checked, so one acts.
 */
@Injectable()
export class OfferSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly log = new Logger(OfferSweeper.name);
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(OffersRepository) private readonly offers: OffersRepository,
    @Inject(MarketplaceService) private readonly market: MarketplaceService,
    @Inject(CASES_ENV) private readonly env: CasesEnv,
  ) {}

  /** How often it looks: CASES_OFFER_SWEEP_SECONDS (config/env.ts; default 5, 0 turns it off). */
  onApplicationBootstrap(): void {
    const seconds = this.env.CASES_OFFER_SWEEP_SECONDS;
    if (seconds === 0) return;
    this.timer = setInterval(() => void this.tick(), seconds * 1000);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One sweep; the number of offers it changed. */
  async tick(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    let changed = 0;
    try {
      const due = await this.uow.read(SWEEPER_SCOPE, (tx) => this.offers.due(tx, BATCH));
      for (const offer of due) {
        try {
          const outcome = await this.market.sweep(offer);
          if (outcome !== 'skipped') changed += 1;
        } catch (error) {
          // a case changed meanwhile (409) is swept again next time
          this.log.warn(`offer ${offer.id} of case ${offer.caseId}: ${(error as Error).message}`);
        }
      }
    } catch (error) {
      this.log.error(`offer sweep failed: ${(error as Error).message}`);
    } finally {
      this.running = false;
    }
    return changed;
  }
}
