import { Module } from '@nestjs/common';
import { PackagesController } from './packages.controller.js';
import { PackagesRepository } from './packages.repository.js';
import { PackagesService } from './packages.service.js';
import { TestsController } from './tests.controller.js';
import { TestsRepository } from './tests.repository.js';
import { TestsService } from './tests.service.js';

/** The company's billable catalogue: tests and packages (docs/decisions/0248). Prices read it by code. */
@Module({
  controllers: [TestsController, PackagesController],
  providers: [TestsRepository, TestsService, PackagesRepository, PackagesService],
  exports: [TestsRepository, PackagesRepository],
})
export class CatalogueModule {}
