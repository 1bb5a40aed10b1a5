import { Module } from '@nestjs/common';
import { DirectoryModule } from '../directory/directory.module.js';
import { CriticalCasesClient } from './critical-cases.client.js';
import { CriticalController } from './critical.controller.js';
import { CriticalPush } from './critical.push.js';
import { CriticalRepository } from './critical.repository.js';
import { CriticalService } from './critical.service.js';

/** Critical results, the API side (docs/decisions/0187): flag, acknowledge, find, the centre's escalation time. */
@Module({
  imports: [DirectoryModule],
  controllers: [CriticalController],
  providers: [CriticalRepository, CriticalService, CriticalCasesClient, CriticalPush],
  exports: [CriticalRepository, CriticalCasesClient],
})
export class CriticalResultsModule {}
