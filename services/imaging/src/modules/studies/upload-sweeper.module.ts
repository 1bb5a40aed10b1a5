import { Module } from '@nestjs/common';
import { StudiesModule } from './studies.module.js';
import { UploadSweeper } from './upload-sweeper.js';

/** The abandoned-upload sweeper (API process only: docs/decisions/0204-abandoned-uploads.md). */
@Module({
  imports: [StudiesModule],
  providers: [UploadSweeper],
})
export class UploadSweeperModule {}
