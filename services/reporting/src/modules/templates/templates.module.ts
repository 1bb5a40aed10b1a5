import { Module } from '@nestjs/common';
import { MacrosController } from './macros.controller.js';
import { MacrosRepository } from './macros.repository.js';
import { MacrosService } from './macros.service.js';
import { DirectoryModule } from '../directory/directory.module.js';
import { ReportsModule } from '../reports/reports.module.js';
import { TemplateCentres } from './template-centres.js';
import { TemplatesController } from './templates.controller.js';
import { TemplatesRepository } from './templates.repository.js';
import { TemplatesService } from './templates.service.js';

/** Report templates and text macros (docs/decisions/0178-report-templates.md, 0179-text-macros.md). */
@Module({
  imports: [DirectoryModule, ReportsModule],
  controllers: [TemplatesController, MacrosController],
  providers: [TemplatesRepository, TemplatesService, MacrosRepository, MacrosService, TemplateCentres],
  exports: [TemplatesService, MacrosService, TemplateCentres],
})
export class TemplatesModule {}
