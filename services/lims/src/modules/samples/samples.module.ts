import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue/catalogue.module.js';
import { RegistrationsConsumer } from './registrations.consumer.js';
import { SamplePush } from './sample.push.js';
import { SamplesController } from './samples.controller.js';
import { SamplesRepository } from './samples.repository.js';
import { SamplesService } from './samples.service.js';

/**
 * The laboratory's samples (issue 23, docs/decisions/0297–0300): lab orders and samples from billing's registrations,
 * collection, accession (accept / reject), the centre told of a rejection.
 */
@Module({
  imports: [CatalogueModule],
  controllers: [SamplesController],
  providers: [SamplesRepository, SamplesService, SamplePush, RegistrationsConsumer],
  exports: [SamplesRepository],
})
export class SamplesModule {}
