import { Module } from '@nestjs/common';
import { DirectoryModule } from '../directory/directory.module.js';
import { FusionInvoicesController } from './fusion-invoices.controller.js';
import { FusionInvoicesRepository } from './fusion-invoices.repository.js';
import { FusionInvoicesService } from './fusion-invoices.service.js';
import { FusionRatesController } from './fusion-rates.controller.js';
import { FusionRatesRepository } from './fusion-rates.repository.js';
import { FusionRatesService } from './fusion-rates.service.js';
import { FusionReadsConsumer } from './fusion-reads.consumer.js';
import { FusionReadsService } from './fusion-reads.service.js';

/** Fusion invoicing: a fusion hub's rates, and its monthly invoices to client centres for their completed reads. */
@Module({
  imports: [DirectoryModule],
  controllers: [FusionRatesController, FusionInvoicesController],
  providers: [
    FusionRatesRepository,
    FusionRatesService,
    FusionInvoicesRepository,
    FusionInvoicesService,
    FusionReadsService,
    FusionReadsConsumer,
  ],
})
export class FusionInvoicesModule {}
