import { Module } from '@nestjs/common';
import { CentresConsumer } from './centres.consumer.js';
import { CentresRepository } from './centres.repository.js';
import { IngestPlacement } from './ingest-placement.js';

/**
 * The company's centres as imaging knows them (API process), and where an upload or a STOW-RS request may put new
 * studies (IngestPlacement).
 */
@Module({
  providers: [CentresRepository, CentresConsumer, IngestPlacement],
  exports: [IngestPlacement],
})
export class CentresModule {}
