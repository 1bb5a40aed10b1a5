import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue/catalogue.module.js';
import { DirectoryModule } from '../directory/directory.module.js';
import { BillingSettingsController } from './billing-settings.controller.js';
import { CentreSettingsRepository } from './centre-settings.repository.js';
import { BillingSettingsService } from './billing-settings.service.js';
import { HolidaysController } from './holidays.controller.js';
import { HolidaysRepository } from './holidays.repository.js';
import { HolidaysService } from './holidays.service.js';
import { PricePreviewController } from './price-preview.controller.js';
import { QuoteService } from './quote.service.js';
import { RateCardsController } from './rate-cards.controller.js';
import { RateCardsRepository } from './rate-cards.repository.js';
import { RateCardsService } from './rate-cards.service.js';
import { ReachableCentres } from './reachable-centres.js';

/**
 * Prices (docs/decisions/0249, 0250): the centres' billing settings and holiday calendars, rate cards with versioned
 * prices, and the quote of a visit. Exports QuoteService (the registration prices a visit in its unit of work) and
 * BillingSettingsService (a caller's discount limit at a centre).
 */
@Module({
  imports: [DirectoryModule, CatalogueModule],
  controllers: [BillingSettingsController, HolidaysController, RateCardsController, PricePreviewController],
  providers: [
    ReachableCentres,
    CentreSettingsRepository,
    BillingSettingsService,
    HolidaysRepository,
    HolidaysService,
    RateCardsRepository,
    RateCardsService,
    QuoteService,
  ],
  exports: [QuoteService, BillingSettingsService],
})
export class PricesModule {}
