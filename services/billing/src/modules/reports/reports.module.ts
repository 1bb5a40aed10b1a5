import { Module } from '@nestjs/common';
import { DayEndModule } from '../day-end/day-end.module.js';
import { DirectoryModule } from '../directory/directory.module.js';
import { CommissionRepository } from './commission.repository.js';
import { CommissionService } from './commission.service.js';
import { FinanceDashboardService } from './finance-dashboard.service.js';
import { FinanceDaysRepository } from './finance-days.repository.js';
import { OutstandingRepository } from './outstanding.repository.js';
import { OutstandingService } from './outstanding.service.js';
import { ReportsController } from './reports.controller.js';

/** What is owed by age, referral commission statements and the finance dashboard (docs/decisions/0279, 0280). */
@Module({
  imports: [DirectoryModule, DayEndModule],
  controllers: [ReportsController],
  providers: [
    OutstandingRepository,
    OutstandingService,
    CommissionRepository,
    CommissionService,
    FinanceDaysRepository,
    FinanceDashboardService,
  ],
})
export class ReportsModule {}
