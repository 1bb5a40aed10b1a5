import { Module } from '@nestjs/common';
import { CentresModule } from '../directory/centres.module.js';
import { StudiesModule } from '../studies/studies.module.js';
import { ImportsController } from './imports.controller.js';
import { ImportsRepository } from './imports.repository.js';
import { ImportsService } from './imports.service.js';

/** The import screen's calls (API process). The job's processor is ImportsWorkerModule's. */
@Module({
  imports: [StudiesModule, CentresModule],
  controllers: [ImportsController],
  providers: [ImportsRepository, ImportsService],
})
export class ImportsModule {}
