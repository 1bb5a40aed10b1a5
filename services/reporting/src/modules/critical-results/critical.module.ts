import { Module } from '@nestjs/common';
import { DirectoryModule } from '../directory/directory.module.js';
import { ReportsModule } from '../reports/reports.module.js';
import { TemplatesModule } from '../templates/templates.module.js';
import { CriticalController } from './critical.controller.js';
import { CriticalPush } from './critical.push.js';
import { CriticalRepository } from './critical.repository.js';
import { CriticalService } from './critical.service.js';
import { LabCriticalConsumer } from './lab-critical.consumer.js';
import { LabCriticalService } from './lab-critical.service.js';

/**
 * Critical results, the API side (docs/decisions/0187, 0307): flag, acknowledge, find, the centre's escalation time;
 * a lab order's critical results from the LIMS (lims.result.v1) kept as alerts.
 */
@Module({
  imports: [DirectoryModule, ReportsModule, TemplatesModule],
  controllers: [CriticalController],
  providers: [CriticalRepository, CriticalService, CriticalPush, LabCriticalService, LabCriticalConsumer],
  exports: [CriticalRepository],
})
export class CriticalResultsModule {}
