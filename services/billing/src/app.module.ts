import { Module } from '@nestjs/common';
import { SERVICE_SUBSCRIPTIONS } from '@rayworks/contracts';
import { ServiceKitModule, ServiceKitSettings } from '@rayworks/nest-kit';
import { BillingConfigModule } from './config/billing-config.module.js';
import { database } from './database/data-source.js';
import { DayEndModule } from './modules/day-end/day-end.module.js';
import { DocumentsModule } from './modules/documents/documents.module.js';
import { FusionInvoicesModule } from './modules/fusion-invoices/fusion-invoices.module.js';
import { InvoicesModule } from './modules/invoices/invoices.module.js';
import { PatientsModule } from './modules/patients/patients.module.js';
import { PaymentLinksModule } from './modules/payment-links/payment-links.module.js';
import { ReportsModule } from './modules/reports/reports.module.js';
import { CatalogueModule } from './modules/catalogue/catalogue.module.js';
import { PricesModule } from './modules/prices/prices.module.js';
import { RegistrationsModule } from './modules/registrations/registrations.module.js';

@Module({
  imports: [
    ServiceKitModule.forRoot(new ServiceKitSettings('billing', database, SERVICE_SUBSCRIPTIONS.billing)),
    PatientsModule,
    CatalogueModule,
    PricesModule,
    BillingConfigModule,
    InvoicesModule,
    PaymentLinksModule,
    DocumentsModule,
    RegistrationsModule,
    FusionInvoicesModule,
    DayEndModule,
    ReportsModule,
  ],
})
export class AppModule {}
