// Issues patient invoices the way the registration desk does (the centre, patient and centre's clock read, then
// InvoicesService.issue, in a unit of work of its own), in a
// process of its own with the billing service's environment: the billing module over the built service
// (services/billing/dist), with none of the kit's background work started (no relays, no consumers). It is the tests'
// way to make invoices (decision 0253: no HTTP route issues an invoice but the registration's). The stack's billing
// relay publishes what this writes into the outbox.
// usage: node issue-invoices.mjs '<json: { tenantId, user: { id, loginName }, invoices: [{ centreId, patientId,
//   registrationId?, lines, rollback? }] }>'
// Issues every invoice at once (each in its own transaction); one with `rollback` throws after it was issued, so its
// transaction rolls back. Prints one JSON line: per invoice { id, number } | { rolledBack: number } | { error }.
import 'reflect-metadata';
import { Test } from '@nestjs/testing';
import { UnitOfWork } from '@rayworks/nest-kit';

const spec = JSON.parse(process.argv[2]);
const dist = new URL('../../dist/', import.meta.url);
const { AppModule } = await import(new URL('app.module.js', dist).href);
const { InvoicesService } = await import(new URL('modules/invoices/invoices.service.js', dist).href);
const { CentresRepository } = await import(new URL('modules/directory/centres.repository.js', dist).href);
const { PatientsRepository } = await import(new URL('modules/patients/patients.repository.js', dist).href);
const { CentreClock } = await import(new URL('modules/invoices/centre-clock.js', dist).href);

const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).compile();
const uow = moduleRef.get(UnitOfWork);
const invoices = moduleRef.get(InvoicesService);
const centres = moduleRef.get(CentresRepository);
const patients = moduleRef.get(PatientsRepository);
const clock = moduleRef.get(CentreClock);

// a company user of the tenant (tenant level: every centre), as a verified token would carry it
const access = {
  principal: {
    userId: spec.user.id,
    tenantId: spec.tenantId,
    loginName: spec.user.loginName,
    roleCodes: ['ADMIN'],
    groupId: null,
    centreIds: [],
    grants: {},
    sessionId: 'test-issue-invoices',
    level: 'tenant',
    resetPassword: false,
    principalVersion: 0,
  },
  groupFilter: null,
  centreFilter: null,
  empty: false,
  submoduleType: null,
  subscriptionType: null,
  sessionEnabled: false,
};

class RolledBack extends Error {
  constructor(number) {
    super('rolled back on purpose');
    this.number = number;
  }
}

const results = await Promise.all(
  spec.invoices.map(async ({ rollback, ...input }) => {
    try {
      const invoice = await uow.change(access, async (tx) => {
        // what the registration checked before it issues: the centre, the patient (in reach), the centre's clock
        const { centreId, patientId, ...rest } = input;
        const centre = await centres.centre(tx, centreId);
        const patient = await patients.findReadable(tx, access, patientId);
        if (!centre || !patient) throw new Error(`no centre ${centreId} or patient ${patientId}`);
        const timeZone = await clock.timeZone(tx, centreId);
        const { invoice: issued } = await invoices.issue(tx, access, {
          registrationId: null,
          ...rest,
          centre,
          patient,
          timeZone,
        });
        if (rollback) throw new RolledBack(issued.number);
        return issued;
      });
      return { id: invoice._id, number: invoice.number };
    } catch (error) {
      if (error instanceof RolledBack) return { rolledBack: error.number };
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }),
);
process.stdout.write(`${JSON.stringify(results)}\n`);
process.exit(0);
