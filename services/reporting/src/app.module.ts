import { Module } from '@nestjs/common';
import { SERVICE_SUBSCRIPTIONS } from '@rayworks/contracts';
import { ServiceKitModule, ServiceKitSettings } from '@rayworks/nest-kit';
import { ReportingConfigModule } from './config/reporting-config.module.js';
import { database } from './database/data-source.js';
import { CriticalResultsModule } from './modules/critical-results/critical.module.js';
import { DictationsModule } from './modules/dictations/dictations.module.js';
import { DirectoryConsumerModule } from './modules/directory/directory-consumer.module.js';
import { InteropModule } from './modules/interop/interop.module.js';
import { LayoutsModule } from './modules/layouts/layouts.module.js';
import { OutputModule } from './modules/output/output.module.js';
import { PriorReportsModule } from './modules/prior-reports/prior-reports.module.js';
import { ReportsModule } from './modules/reports/reports.module.js';
import { TemplatesModule } from './modules/templates/templates.module.js';

@Module({
  imports: [
    ServiceKitModule.forRoot(new ServiceKitSettings('reporting', database, SERVICE_SUBSCRIPTIONS.reporting)),
    ReportingConfigModule,
    ReportsModule,
    TemplatesModule,
    LayoutsModule,
    OutputModule,
    DirectoryConsumerModule,
    CriticalResultsModule,
    InteropModule,
    PriorReportsModule,
    DictationsModule,
  ],
})
export class AppModule {}
