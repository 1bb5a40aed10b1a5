import { Module } from '@nestjs/common';
import { ReportsModule } from '../reports/reports.module.js';
import { DictationSweeper } from './dictation-sweeper.service.js';
import { DictationsController } from './dictations.controller.js';
import { DictationsRepository } from './dictations.repository.js';
import { DictationsService } from './dictations.service.js';

/**
 * A report's dictation clips (issue 25 item 5; docs/decisions/0354-dictation-clips.md): recorded by the reading
 * radiologist, played by the transcriptionist, kept with the report version they were recorded on; uploads never
 * attached are swept after the grace period (API process only: docs/decisions/0377).
 */
@Module({
  imports: [ReportsModule],
  controllers: [DictationsController],
  providers: [DictationsRepository, DictationsService, DictationSweeper],
})
export class DictationsModule {}
