import { Module } from '@nestjs/common';
import { DirectoryModule } from '../directory/directory.module.js';
import { PricesModule } from '../prices/prices.module.js';
import { CentreDays } from './centre-days.js';
import { DayClosingsRepository } from './day-closings.repository.js';
import { DayEndController } from './day-end.controller.js';
import { DayEndService } from './day-end.service.js';
import { FinanceFiguresRepository } from './finance-figures.repository.js';

/**
 * A centre's day end and cash closing (docs/decisions/0278). Exports the centres' clocks and the finance figures the
 * reports (outstanding, commission, the finance dashboard) read.
 */
@Module({
  imports: [DirectoryModule, PricesModule],
  controllers: [DayEndController],
  providers: [CentreDays, DayClosingsRepository, DayEndService, FinanceFiguresRepository],
  exports: [CentreDays, FinanceFiguresRepository],
})
export class DayEndModule {}
