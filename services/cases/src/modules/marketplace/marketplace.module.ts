import { Module } from '@nestjs/common';
import { CasesModule } from '../cases/cases.module.js';
import { TransitionsModule } from '../transitions/transitions.module.js';
import { MarketplaceController } from './marketplace.controller.js';
import { MarketplaceService } from './marketplace.service.js';
import { OffersRepository } from './offers.repository.js';
import { OfferSweeper } from './offer-sweeper.service.js';

/**
 * The marketplace (docs/decisions/0147–0148, 0151): offers, the marketplace radiologist's list, first-accept-wins,
 * returns, and the offer timeouts' sweeper.
 */
@Module({
  imports: [CasesModule, TransitionsModule],
  controllers: [MarketplaceController],
  providers: [OffersRepository, MarketplaceService, OfferSweeper],
  exports: [MarketplaceService, OfferSweeper],
})
export class MarketplaceModule {}
