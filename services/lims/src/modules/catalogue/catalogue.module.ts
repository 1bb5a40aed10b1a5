import { Module } from '@nestjs/common';
import { LabTestsController } from './lab-tests.controller.js';
import { LabTestsRepository } from './lab-tests.repository.js';
import { LabTestsService } from './lab-tests.service.js';

/** The laboratory's test catalogue: definitions keyed by billing's code and their parameter versions (0293). */
@Module({
  controllers: [LabTestsController],
  providers: [LabTestsRepository, LabTestsService],
  exports: [LabTestsRepository],
})
export class CatalogueModule {}
