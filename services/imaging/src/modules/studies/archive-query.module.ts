import { Module } from '@nestjs/common';
import { StudiesController } from './studies.controller.js';
import { StudiesRepository } from './studies.repository.js';
import { StudiesService } from './studies.service.js';

/** The archive index's reads: the archive page's list, and the repository DICOMweb reads through. */
@Module({
  controllers: [StudiesController],
  providers: [StudiesRepository, StudiesService],
  exports: [StudiesRepository],
})
export class ArchiveQueryModule {}
