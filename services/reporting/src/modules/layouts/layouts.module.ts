import { Module } from '@nestjs/common';
import { LayoutsController } from './layouts.controller.js';
import { LayoutsRepository } from './layouts.repository.js';
import { LayoutsService } from './layouts.service.js';
import { TemplatesModule } from '../templates/templates.module.js';

/** The centres' report layouts (docs/decisions/0180-report-layout.md). */
@Module({
  imports: [TemplatesModule],
  controllers: [LayoutsController],
  providers: [LayoutsRepository, LayoutsService],
  exports: [LayoutsService, LayoutsRepository],
})
export class LayoutsModule {}
