import { Module } from '@nestjs/common';
import { CentresConsumer } from './centres.consumer.js';
import { CentresRepository } from './centres.repository.js';

/** The company's centres as the LIMS knows them (API process): the analyzers' centres (docs/decisions/0373). */
@Module({
  providers: [CentresRepository, CentresConsumer],
  exports: [CentresRepository],
})
export class DirectoryModule {}
