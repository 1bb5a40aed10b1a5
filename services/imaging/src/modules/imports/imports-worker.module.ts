import { Module } from '@nestjs/common';
import { StudiesModule } from '../studies/studies.module.js';
import { ImportsRepository } from './imports.repository.js';
import { StudyImportProcessor } from './study-import.processor.js';
import { StudyImportService } from './study-import.service.js';

/** The `imaging.study-import` job (worker process). */
@Module({
  imports: [StudiesModule],
  providers: [ImportsRepository, StudyImportService, StudyImportProcessor],
})
export class ImportsWorkerModule {}
