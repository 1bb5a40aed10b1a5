import {
  BadRequestException,
  ConflictException,
  ForbiddenException,
  Inject,
  Injectable,
  NotFoundException,
} from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  grantsAllow,
  invoiceTotals,
  linesNeedingApproval,
  REGISTRATION_MESSAGES,
  RegistrationCreatedV1,
  RegistrationItemsCancelledV1,
  requirement,
  SPECIFIC,
  testsOrderedTwice,
  type BILLING_API,
  type BodyOf,
  type CreditNote,
  type PatientInvoice,
  type Payment,
  type Registration,
} from '@rayworks/contracts';
import { companyOf, UnitOfWork, type ChangeTx, type ReadTx, type RequestAccess } from '@rayworks/nest-kit';
import { ReferralsRepository, type KnownReferral } from '../directory/referrals.repository.js';
import { InvoicesService } from '../invoices/invoices.service.js';
import { PatientsRepository } from '../patients/patients.repository.js';
import { PaymentsService } from '../payments/payments.service.js';
import { BillingSettingsService } from '../prices/billing-settings.service.js';
import { QuoteService, type Quote, type QuoteItem } from '../prices/quote.service.js';
import { REGISTRATION_AUDIT_ACTIONS } from './registration-audit.js';
import { RegistrationsRepository, type NewRegistrationItem } from './registrations.repository.js';

type RegistrationBody = BodyOf<typeof BILLING_API.createRegistration>;
export interface Cancelled {
  registration: Registration;
  creditNote: CreditNote | null;
  refund: Payment | null;
}
export interface Registered {
  registration: Registration;
  invoice: PatientInvoice;
  payment: Payment | null;
}

/** A visit number: the centre's code and its counter, e.g. BLR01-V000042. */
export const registrationNumberOf = (centreCode: string, n: number): string =>
  `${centreCode}-V${String(n).padStart(6, '0')}`;
/** An accession number: the company's counter, ten digits (DICOM AccessionNumber is at most 16 characters). */
export const accessionNumberOf = (n: number): string => String(n).padStart(10, '0');

const APPROVE_DISCOUNT = requirement('BILLING', SPECIFIC.APPROVE_DISCOUNT);

/**
 * The registration desk (docs/decisions/0264). One unit of work registers the visit: the patient (their own centre,
 * in reach, not a merged record), the referral, the centre's prices of the moment (QuoteService), the invoice with its
 * gap-free number (InvoicesService), the items ordered (a package expanded into its tests, a radiology test with a
 * new accession number), RegistrationCreated for cases and the LIMS, the audit entry and the desk's payment. All of it
 * commits or none of it does; the desk's request key makes a retry answer the first registration.
 */
@Injectable()
export class RegistrationsService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(RegistrationsRepository) private readonly registrations: RegistrationsRepository,
    @Inject(PatientsRepository) private readonly patients: PatientsRepository,
    @Inject(ReferralsRepository) private readonly referrals: ReferralsRepository,
    @Inject(QuoteService) private readonly quotes: QuoteService,
    @Inject(BillingSettingsService) private readonly settings: BillingSettingsService,
    @Inject(InvoicesService) private readonly invoices: InvoicesService,
    @Inject(PaymentsService) private readonly payments: PaymentsService,
  ) {}

  create(access: RequestAccess, body: RegistrationBody): Promise<Registered> {
    return this.uow.change(access, async (tx) => {
      const earlier = await this.registrations.idOfRequest(tx, body.requestKey);
      if (earlier) return this.registered(tx, access, earlier);

      const patient = await this.patientAt(tx, access, body);
      const referral = body.referralId ? await this.referralOf(tx, body.referralId) : null;
      const { quote, centre, timeZone } = await this.quotes.priced(tx, access, {
        centreId: patient.centreId,
        referralId: referral?.id ?? null,
        items: body.items.map(quoteItemOf),
        at: new Date(),
      });
      const [twice] = testsOrderedTwice(quote.lines);
      if (twice) throw new BadRequestException(REGISTRATION_MESSAGES.testOrderedTwice(twice));
      await this.checkDiscounts(tx, access, centre.id, body.items, quote);

      const tenantId = companyOf(access.principal);
      const id = randomUUID();
      const issued = await this.invoices.issue(tx, access, {
        centre,
        timeZone,
        patient,
        registrationId: id,
        lines: quote.lines.map((line, i) => ({
          lineId: `${i + 1}`,
          code: line.code,
          name: line.name,
          priceKind: line.priceKind,
          unitMinor: line.unitMinor,
          quantity: 1,
          rateCardPriceId: line.rateCardPriceId,
          discount: body.items[i]!.discount,
          tax: line.tax,
        })),
      });
      const paid = body.payment
        ? await this.payments.takeOnIssued(tx, access, issued.row, {
            amountMinor: body.payment.amountMinor,
            mode: body.payment.mode,
            reference: body.payment.reference,
            idempotencyKey: deskPaymentKey(body.requestKey),
          })
        : null;
      const invoice: PatientInvoice = paid ? { ...paid.invoice, lines: issued.invoice.lines } : issued.invoice;

      const registrationNumber = registrationNumberOf(
        centre.code,
        await this.registrations.nextRegistrationNumber(tx, tenantId, centre.id),
      );
      await tx.audit({
        action: REGISTRATION_AUDIT_ACTIONS.create,
        target: { type: 'registration', id },
        details: { registrationNumber, patientId: patient.id, invoiceId: invoice._id, priceKind: quote.priceKind },
      });
      // the company's accession counter is one row every desk of the company takes: taken last, it is held only
      // for the few statements that write the visit before the commit
      const ordered = quote.lines.flatMap((line) => line.tests.map((t) => ({ line, test: t })));
      const accessions = await this.registrations.nextAccessionNumbers(
        tx,
        tenantId,
        ordered.filter((o) => o.test.kind === 'RADIOLOGY').length,
      );
      const items: NewRegistrationItem[] = ordered.map(({ line, test }) => ({
        lineCode: line.code,
        kind: test.kind,
        code: test.code,
        name: test.name,
        modality: test.modality,
        bodyPart: test.bodyPart,
        sampleType: test.sampleType,
        packageCode: line.kind === 'PACKAGE' ? line.code : null,
        accessionNumber: test.kind === 'RADIOLOGY' ? accessionNumberOf(accessions.shift()!) : null,
      }));
      const { registration, itemIds } = await this.registrations.insert(
        tx,
        {
          id,
          tenantId,
          centreId: centre.id,
          groupId: centre.groupId,
          patientId: patient.id,
          registrationNumber,
          referralId: referral?.id ?? null,
          referralName: referral?.name ?? null,
          providerKind: body.providerKind,
          priceKind: quote.priceKind,
          invoiceId: invoice._id,
          requestKey: body.requestKey,
          registeredBy: access.principal.userId,
          items,
        },
        patient,
      );

      await tx.publish(RegistrationCreatedV1, id, {
        registrationId: id,
        registrationNumber,
        centreId: centre.id,
        groupId: centre.groupId,
        patient: {
          id: patient.id,
          mrNumber: patient.mrNumber,
          patientName: patient.patientName,
          gender: patient.gender,
          dateOfBirth: patient.dateOfBirth,
          ageYears: patient.ageYears,
          phoneNumber: patient.phoneNumber,
        },
        referral: referral ? { id: referral.id, name: referral.name } : null,
        providerKind: body.providerKind,
        registeredAt: registration.registeredAt,
        timeZone,
        items: items.map((item, i) => ({
          itemId: itemIds[i]!,
          kind: item.kind,
          code: item.code,
          name: item.name,
          modality: item.modality,
          accessionNumber: item.accessionNumber,
          bodyPart: item.bodyPart,
          sampleType: item.sampleType,
          packageCode: item.packageCode,
        })),
      });
      return {
        registration,
        invoice,
        payment: paid?.payment ?? null,
      };
    });
  }

  /**
   * Cancels lines of a visit (a test, or a package with all its tests) in one unit of work (0264): the items
   * CANCELLED, what was paid beyond the new total refunded in the desk's mode, a credit note for the difference, and
   * RegistrationItemsCancelled for cases and the LIMS. A line not on the visit is 400; one already cancelled 409.
   */
  cancel(access: RequestAccess, body: BodyOf<typeof BILLING_API.cancelRegistrationItems>): Promise<Cancelled> {
    return this.uow.change(access, async (tx) => {
      const registration = await this.registrations.findReadable(tx, access, body.registrationId);
      if (!registration) throw new NotFoundException(REGISTRATION_MESSAGES.notFound);
      const items = await this.registrations.lockedItems(tx, registration._id);
      const named = new Set(body.lineCodes);
      const hit = items.filter((i) => named.has(i.line_code));
      if (new Set(hit.map((i) => i.line_code)).size !== named.size)
        throw new BadRequestException(REGISTRATION_MESSAGES.itemsNotFound);
      if (hit.some((i) => i.status === 'CANCELLED'))
        throw new ConflictException(REGISTRATION_MESSAGES.alreadyCancelled);

      const invoice = await this.invoices.billingOf(tx, access, registration.invoiceId);
      const stillOrdered = new Set(
        items.filter((i) => i.status === 'ORDERED' && !named.has(i.line_code)).map((i) => i.line_code),
      );
      const remaining = invoice.lines.filter((l) => stillOrdered.has(l.code));
      const newDueMinor =
        remaining.length === 0
          ? 0
          : invoiceTotals(
              remaining.map((l) => ({
                lineId: l.lineId,
                priceMinor: l.unitMinor,
                quantity: l.quantity,
                discount: l.discount,
                tax: l.tax,
              })),
            ).totalMinor;
      const overpaidMinor = invoice.paidMinor - newDueMinor;
      let refund: Payment | null = null;
      if (overpaidMinor > 0) {
        if (!body.refundMode) throw new BadRequestException(REGISTRATION_MESSAGES.refundModeNeeded(overpaidMinor));
        refund = await this.payments.refundIn(tx, access, {
          invoiceId: invoice._id,
          amountMinor: overpaidMinor,
          mode: body.refundMode,
          reference: null,
          reason: body.reason,
          idempotencyKey: `cancel-refund:${body.requestKey}`,
        });
      }
      const creditMinor = invoice.dueMinor - newDueMinor;
      const creditNote =
        creditMinor > 0
          ? await this.invoices.creditIn(tx, access, {
              invoiceId: invoice._id,
              amountMinor: creditMinor,
              reason: body.reason,
              idempotencyKey: `cancel:${body.requestKey}`,
            })
          : null;
      await this.registrations.cancelItems(
        tx,
        hit.map((i) => i.id),
        access.principal.userId,
        body.reason,
      );
      await tx.publish(RegistrationItemsCancelledV1, registration._id, {
        registrationId: registration._id,
        centreId: registration.centreId,
        items: hit.map((i) => ({ itemId: i.id, kind: i.kind, accessionNumber: i.accession_number })),
        reason: body.reason,
      });
      await tx.audit({
        action: REGISTRATION_AUDIT_ACTIONS.cancel,
        target: { type: 'registration', id: registration._id },
        details: {
          lineCodes: body.lineCodes,
          creditNote: creditNote?.number ?? null,
          refundMinor: refund?.amountMinor ?? 0,
        },
      });
      return {
        registration: (await this.registrations.findReadable(tx, access, registration._id))!,
        creditNote,
        refund,
      };
    });
  }

  get(access: RequestAccess, id: string): Promise<Registration> {
    return this.uow.read(access, async (tx) => {
      const found = await this.registrations.findReadable(tx, access, id);
      if (!found) throw new NotFoundException(REGISTRATION_MESSAGES.notFound);
      return found;
    });
  }

  /** A patient's visits, newest first: the record's and those of records merged into it (0265). */
  ofPatient(access: RequestAccess, patientId: string): Promise<{ items: Registration[] }> {
    return this.uow.read(access, async (tx) => {
      const patient = await this.patients.findReadable(tx, access, patientId);
      if (!patient) throw new NotFoundException(REGISTRATION_MESSAGES.patientNotFound);
      return { items: await this.registrations.ofPatient(tx, access, patient.id) };
    });
  }

  /** The visit as registering answers it: with its invoice and the desk's payment (also for a retried request). */
  private async registered(tx: ReadTx, access: RequestAccess, id: string): Promise<Registered> {
    const registration = (await this.registrations.findReadable(tx, access, id))!;
    const invoice = await this.invoices.read(tx, access, registration.invoiceId);
    const requestKey = (await this.registrations.requestKeyOf(tx, id))!;
    const payment = await this.payments.byIdempotencyKey(tx, deskPaymentKey(requestKey));
    return { registration, invoice, payment };
  }

  /** The patient (in reach, of the centre named, not merged away); the quote checks the centre (active, in reach). */
  private async patientAt(tx: ChangeTx, access: RequestAccess, body: RegistrationBody) {
    const patient = await this.patients.findReadable(tx, access, body.patientId);
    if (!patient) throw new NotFoundException(REGISTRATION_MESSAGES.patientNotFound);
    if (patient.mergedInto) {
      const into = await this.patients.findReadable(tx, access, patient.mergedInto);
      throw new ConflictException(REGISTRATION_MESSAGES.patientMerged(into?.mrNumber ?? patient.mergedInto));
    }
    if (patient.centreId !== body.centreId) throw new ConflictException(REGISTRATION_MESSAGES.patientOfAnotherCentre);
    return patient;
  }

  private async referralOf(tx: ReadTx, id: string): Promise<KnownReferral> {
    const referral = await this.referrals.referral(tx, id);
    if (!referral || !referral.isActive) throw new NotFoundException(REGISTRATION_MESSAGES.referralNotFound);
    return referral;
  }

  /**
   * A line's discount above the caller's limit (the centre's per-role limit, basis points of the line's price) needs
   * APPROVE_DISCOUNT (docs/decisions/0266): otherwise 403 naming the lines.
   */
  private async checkDiscounts(
    tx: ReadTx,
    access: RequestAccess,
    centreId: string,
    items: RegistrationBody['items'],
    quote: Quote,
  ): Promise<void> {
    const discounted = items.some((i) => i.discount !== null);
    if (!discounted || grantsAllow(access.principal.grants, APPROVE_DISCOUNT)) return;
    const limit = await this.settings.discountLimit(tx, centreId, access.principal.roleCodes);
    const lines = quote.lines.map((line, i) => ({
      lineId: line.code,
      priceMinor: line.unitMinor,
      quantity: 1,
      discount: items[i]!.discount,
    }));
    const above = linesNeedingApproval(lines, limit);
    if (above.length > 0) throw new ForbiddenException(REGISTRATION_MESSAGES.discountNeedsApproval(above));
  }
}

/** The desk's payment is keyed by its registration's request key: a retried registration pays once. */
const deskPaymentKey = (requestKey: string): string => `registration:${requestKey}`;

const quoteItemOf = (item: RegistrationBody['items'][number]): QuoteItem =>
  'testCode' in item ? { testCode: item.testCode } : { packageCode: item.packageCode };
