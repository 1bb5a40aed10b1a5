import { Module } from '@nestjs/common';
import { ArchiveIngestService } from './archive-ingest.service.js';
import { ArchiveRepository } from './archive.repository.js';
import { HeaderParser } from './header-parser.js';

/**
 * The archive: its index (studies, series, instances) and the one way instances enter it (ArchiveIngestService,
 * used by the zip import's worker and by STOW-RS). Imported by both processes of the service.
 */
@Module({
  providers: [ArchiveRepository, HeaderParser, ArchiveIngestService],
  exports: [ArchiveRepository, ArchiveIngestService],
})
export class StudiesModule {}
