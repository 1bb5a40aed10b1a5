import { Module } from '@nestjs/common';
import { DirectoryModule } from '../directory/directory.module.js';
import { ReportsModule } from '../reports/reports.module.js';
import { TemplatesModule } from '../templates/templates.module.js';
import { CriticalController } from './critical.controller.js';
import { CriticalPush } from './critical.push.js';
import { CriticalRepository } from './critical.repository.js';
import { CriticalService } from './critical.service.js';

/** Critical results, the API side (docs/decisions/0187): flag, acknowledge, find, the centre's escalation time. */
@Module({
  imports: [DirectoryModule, ReportsModule, TemplatesModule],
  controllers: [CriticalController],
  providers: [CriticalRepository, CriticalService, CriticalPush],
  exports: [CriticalRepository],
})
export class CriticalResultsModule {}
