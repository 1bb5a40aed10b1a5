import { Module } from '@nestjs/common';
import { SERVICE_SUBSCRIPTIONS } from '@rayworks/contracts';
import { ServiceKitModule, ServiceKitSettings } from '@rayworks/nest-kit';
import { LimsConfigModule } from './config/lims-config.module.js';
import { database } from './database/data-source.js';
import { AnalyzersModule } from './modules/analyzers/analyzers.module.js';
import { CatalogueModule } from './modules/catalogue/catalogue.module.js';
import { OutsourcingModule } from './modules/outsourcing/outsourcing.module.js';
import { LabReportsModule } from './modules/reports/lab-reports.module.js';
import { ResultsModule } from './modules/results/results.module.js';
import { SamplesModule } from './modules/samples/samples.module.js';

@Module({
  imports: [
    ServiceKitModule.forRoot(new ServiceKitSettings('lims', database, SERVICE_SUBSCRIPTIONS.lims)),
    CatalogueModule,
    SamplesModule,
    AnalyzersModule,
    LimsConfigModule,
    ResultsModule,
    LabReportsModule,
    OutsourcingModule,
  ],
})
export class AppModule {}
