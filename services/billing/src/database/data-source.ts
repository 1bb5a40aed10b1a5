import type { ServiceDatabaseOptions } from '@rayworks/nest-kit';
import { EventTables1763712000000 } from './migrations/1763712000000-EventTables.js';
import { JobOutbox1795392000000 } from './migrations/1795392000000-JobOutbox.js';
import { DeadLetterTenant1795700000000 } from './migrations/1795700000000-DeadLetterTenant.js';
import { AuditLog1795700000001 } from './migrations/1795700000001-AuditLog.js';
import { DeadLetterOperations1796700000000 } from './migrations/1796700000000-DeadLetterOperations.js';
import { Patients1797000000000 } from './migrations/1797000000000-Patients.js';
import { Referrals1797050000000 } from './migrations/1797050000000-Referrals.js';
import { Prices1797100000000 } from './migrations/1797100000000-Prices.js';
import { Invoices1797200000000 } from './migrations/1797200000000-Invoices.js';
import { InvoiceDocuments1797250000000 } from './migrations/1797250000000-InvoiceDocuments.js';
import { Registrations1797300000000 } from './migrations/1797300000000-Registrations.js';
import { FusionInvoices1797400000000 } from './migrations/1797400000000-FusionInvoices.js';
import { PaymentLinks1797600000000 } from './migrations/1797600000000-PaymentLinks.js';
import { DayEnd1797500000000 } from './migrations/1797500000000-DayEnd.js';
import { BillingBenchIndexes1797700000000 } from './migrations/1797700000000-BillingBenchIndexes.js';
import { FinanceRunningSums1797800000000 } from './migrations/1797800000000-FinanceRunningSums.js';
import { PatientEntity } from '../modules/patients/patient.entity.js';
import { PackageTestEntity } from '../modules/catalogue/package-test.entity.js';
import { PackageEntity } from '../modules/catalogue/package.entity.js';
import { TestEntity } from '../modules/catalogue/test.entity.js';
import { CentreSettingsEntity } from '../modules/prices/centre-settings.entity.js';
import { HolidayEntity } from '../modules/prices/holiday.entity.js';
import { RateCardCentreEntity } from '../modules/prices/rate-card-centre.entity.js';
import { RateCardPriceEntity } from '../modules/prices/rate-card-price.entity.js';
import { RateCardEntity } from '../modules/prices/rate-card.entity.js';
import { CreditNoteEntity } from '../modules/invoices/credit-note.entity.js';
import { InvoiceLineEntity } from '../modules/invoices/invoice-line.entity.js';
import { InvoiceEntity } from '../modules/invoices/invoice.entity.js';
import { PaymentEntity } from '../modules/payments/payment.entity.js';
import { PaymentLinkEventEntity } from '../modules/payment-links/payment-link-event.entity.js';
import { PaymentLinkEntity } from '../modules/payment-links/payment-link.entity.js';

/** The billing service's schema, entities and migrations, in order. */
export const database: ServiceDatabaseOptions = {
  schema: 'billing',
  entities: [
    PatientEntity,
    TestEntity,
    PackageEntity,
    PackageTestEntity,
    CentreSettingsEntity,
    HolidayEntity,
    RateCardEntity,
    RateCardCentreEntity,
    RateCardPriceEntity,
    InvoiceEntity,
    InvoiceLineEntity,
    CreditNoteEntity,
    PaymentEntity,
    PaymentLinkEntity,
    PaymentLinkEventEntity,
  ],
  migrations: [
    EventTables1763712000000,
    JobOutbox1795392000000,
    DeadLetterTenant1795700000000,
    AuditLog1795700000001,
    DeadLetterOperations1796700000000,
    Patients1797000000000,
    Referrals1797050000000,
    Prices1797100000000,
    Invoices1797200000000,
    InvoiceDocuments1797250000000,
    Registrations1797300000000,
    FusionInvoices1797400000000,
    PaymentLinks1797600000000,
    DayEnd1797500000000,
    BillingBenchIndexes1797700000000,
    FinanceRunningSums1797800000000,
  ],
};
