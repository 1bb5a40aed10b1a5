import { Module } from '@nestjs/common';
import { DirectoryModule } from '../directory/directory.module.js';
import { CriticalEscalationProcessor } from './critical-escalation.processor.js';
import { CriticalMailer } from './critical-mailer.js';
import { CriticalPush } from './critical.push.js';
import { CriticalRepository } from './critical.repository.js';

/** Critical results, the worker side: the reporting.critical-escalation processor (e-mails and escalation). */
@Module({
  imports: [DirectoryModule],
  providers: [CriticalEscalationProcessor, CriticalRepository, CriticalMailer, CriticalPush],
})
export class CriticalResultsWorkerModule {}
