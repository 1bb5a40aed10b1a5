import { Module } from '@nestjs/common';
import { CatalogueModule } from '../catalogue/catalogue.module.js';
import { ManifestCompletion } from './manifest-completion.js';
import { ManifestsController } from './manifests.controller.js';
import { ManifestsRepository } from './manifests.repository.js';
import { ManifestsService } from './manifests.service.js';
import { OutsourcedOrdersRepository } from './outsourced-orders.repository.js';
import { OutsourcingLabsController } from './outsourcing-labs.controller.js';
import { OutsourcingLabsRepository } from './outsourcing-labs.repository.js';
import { OutsourcingLabsService } from './outsourcing-labs.service.js';

/**
 * Outsourcing labs and manifests (issue 23; docs/decisions/0312, 0313): the labs and the tests they perform, samples
 * sent on manifests and tracked. Exports what the results (ManifestCompletion, in their unit of work) and the reports
 * (where a test was performed) use.
 */
@Module({
  imports: [CatalogueModule],
  controllers: [OutsourcingLabsController, ManifestsController],
  providers: [
    OutsourcingLabsRepository,
    OutsourcingLabsService,
    ManifestsRepository,
    OutsourcedOrdersRepository,
    ManifestCompletion,
    ManifestsService,
  ],
  exports: [ManifestCompletion, OutsourcedOrdersRepository],
})
export class OutsourcingModule {}
