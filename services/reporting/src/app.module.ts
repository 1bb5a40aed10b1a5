import { Module } from '@nestjs/common';
import { SERVICE_SUBSCRIPTIONS } from '@rayworks/contracts';
import { ServiceKitModule, ServiceKitSettings } from '@rayworks/nest-kit';
import { database } from './database/data-source.js';
import { LayoutsModule } from './modules/layouts/layouts.module.js';
import { OutputModule } from './modules/output/output.module.js';
import { ReportsModule } from './modules/reports/reports.module.js';
import { TemplatesModule } from './modules/templates/templates.module.js';

@Module({
  imports: [
    ServiceKitModule.forRoot(new ServiceKitSettings('reporting', database, SERVICE_SUBSCRIPTIONS.reporting)),
    ReportsModule,
    TemplatesModule,
    LayoutsModule,
    OutputModule,
  ],
})
export class AppModule {}
