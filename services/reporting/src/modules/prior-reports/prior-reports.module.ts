import { Module } from '@nestjs/common';
import { ReportsModule } from '../reports/reports.module.js';
import { PriorReportsController } from './prior-reports.controller.js';
import { PriorReportsService } from './prior-reports.service.js';
import { PriorsClient } from './priors.client.js';

/** The final reports of a case's priors, for the viewer's priors panel (docs/decisions/0347). */
@Module({
  imports: [ReportsModule],
  controllers: [PriorReportsController],
  providers: [PriorsClient, PriorReportsService],
})
export class PriorReportsModule {}
