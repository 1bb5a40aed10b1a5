import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  BILLING_MESSAGES,
  financialYearOf,
  formatDocumentNumber,
  invoiceSeriesCode,
  InvoiceLineError,
  InvoiceNumberError,
  invoiceTotals,
  localDateTime,
  patientInvoiceStatus,
  type BILLING_API,
  type BodyOf,
  type CreditNote,
  type InvoiceBilling,
  type LineDiscount,
  type Page,
  type PatientInvoice,
  type PatientInvoiceSummary,
  type PriceKind,
  type TaxRule,
} from '@rayworks/contracts';
import {
  companyOf,
  KIT_AUDIT_ACTIONS,
  UnitOfWork,
  type ChangeTx,
  type ReadTx,
  type RequestAccess,
} from '@rayworks/nest-kit';
import type { KnownCentre } from '../directory/centres.repository.js';
import { PaymentsRepository } from '../payments/payments.repository.js';
import { CreditNotesRepository } from './credit-notes.repository.js';
import { CreditNotesService, type CreditNoteRequest } from './credit-notes.service.js';
import { INVOICE_AUDIT_ACTIONS } from './invoice-audit.js';
import type { InvoiceEntity } from './invoice.entity.js';
import { InvoicesPublisher } from './invoices.publisher.js';
import { InvoicesRepository } from './invoices.repository.js';

/**
 * What an invoice bills (the registration's priced lines: docs/decisions/0240, 0241), to whom and where: the centre
 * and the patient as the caller's unit of work already checked them (active, in the caller's reach, the patient the
 * centre's), and the centre's time zone (its date of issue and financial year).
 */
export interface IssueInvoiceInput {
  centre: KnownCentre;
  timeZone: string;
  patient: { id: string; centreId: string; patientName: string; mrNumber: string };
  registrationId: string | null;
  lines: {
    lineId: string;
    code: string;
    name: string;
    priceKind: PriceKind;
    unitMinor: number;
    quantity: number;
    rateCardPriceId: string | null;
    discount: LineDiscount | null;
    tax: TaxRule;
  }[];
}

/** An invoice just issued: as the contract answers it, and its row (a payment in the same unit of work decides on it). */
export interface IssuedInvoice {
  invoice: PatientInvoice;
  row: InvoiceEntity;
}

/**
 * Patient invoices (docs/decisions/0253): issued in the caller's unit of work with the centre's next number of the
 * financial year (gap-free), never edited afterwards; read and found only by those who reach the invoice's centre.
 */
@Injectable()
export class InvoicesService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(InvoicesRepository) private readonly invoices: InvoicesRepository,
    @Inject(PaymentsRepository) private readonly payments: PaymentsRepository,
    @Inject(CreditNotesRepository) private readonly creditNotes: CreditNotesRepository,
    @Inject(InvoicesPublisher) private readonly publisher: InvoicesPublisher,
    @Inject(CreditNotesService) private readonly credits: CreditNotesService,
  ) {}

  /**
   * In the caller's unit of work: allocates the centre+financial-year's next number (gap-free), writes the invoice and
   * lines, audits, publishes InvoiceIssued; answers the invoice as written (nothing read back). 400: no lines, a line
   * the totals refuse, a patient of another centre; 409: a centre code with nothing fit for a number.
   */
  async issue(tx: ChangeTx, access: RequestAccess, input: IssueInvoiceInput): Promise<IssuedInvoice> {
    if (input.lines.length === 0) throw new BadRequestException(BILLING_MESSAGES.noLines);
    const { centre, patient, timeZone } = input;
    if (patient.centreId !== centre.id) throw new BadRequestException(BILLING_MESSAGES.patientOfAnotherCentre);
    const totals = totalsOf(input.lines);
    const seriesCode = seriesCodeOf(centre);

    const tenantId = companyOf(access.principal);
    const issuedAt = new Date();
    const financialYear = financialYearOf(issuedAt, timeZone);
    // the last step before writing: the counter row stays locked until this unit of work ends
    const sequence = await this.invoices.nextNumber(tx, {
      tenantId,
      centreId: centre.id,
      financialYear,
      series: 'INVOICE',
    });
    const written = await this.invoices.insert(
      tx,
      {
        tenantId,
        centreId: centre.id,
        groupId: centre.groupId,
        patientId: patient.id,
        patientName: patient.patientName,
        mrNumber: patient.mrNumber,
        registrationId: input.registrationId,
        number: formatDocumentNumber('INVOICE', { centreCode: seriesCode, financialYear, sequence }),
        financialYear,
        sequence,
        issuedAt,
        issuedOn: localDateTime(issuedAt, timeZone).date,
        currency: totals.currency,
        grossMinor: totals.grossMinor,
        discountExact: totals.discountExact,
        taxableExact: totals.taxableExact,
        cgstExact: totals.cgstExact,
        sgstExact: totals.sgstExact,
        igstExact: totals.igstExact,
        totalExact: totals.totalExact,
        roundOffExact: totals.roundOffExact,
        totalMinor: totals.totalMinor,
        status: patientInvoiceStatus({ totalMinor: totals.totalMinor, creditedMinor: 0, paidMinor: 0 }),
      },
      input.lines.map((line, position) => {
        const { lineId: _, ...amounts } = totals.lines[position]!;
        return {
          tenantId,
          position,
          lineId: line.lineId,
          code: line.code,
          name: line.name,
          priceKind: line.priceKind,
          unitMinor: line.unitMinor,
          quantity: line.quantity,
          discount: line.discount,
          tax: line.tax,
          rateCardPriceId: line.rateCardPriceId,
          ...amounts,
        };
      }),
    );
    const invoice: PatientInvoice = { ...written.row.toSummary(), lines: written.lines.map((l) => l.toLine()) };
    await tx.audit({
      action: INVOICE_AUDIT_ACTIONS.issue,
      target: { type: 'invoice', id: invoice._id },
      details: { number: invoice.number, centreId: centre.id, totalMinor: invoice.totalMinor },
    });
    await this.publisher.issued(tx, invoice);
    return { invoice, row: written.row };
  }

  /** One invoice with its lines, payments, refunds and credit notes (`/getbilling`), audited as a read of patient data. */
  get(access: RequestAccess, id: string): Promise<InvoiceBilling> {
    return this.uow.read(access, (tx) => this.billingOf(tx, access, id), {
      audit: { action: KIT_AUDIT_ACTIONS.patientDataRead, target: { type: 'invoice', id } },
    });
  }

  /** In the caller's unit of work: the invoice with its lines, if the caller reaches it (404 otherwise). */
  async read(tx: ReadTx, access: RequestAccess, id: string): Promise<PatientInvoice> {
    const invoice = await this.invoices.findReadable(tx, access, id);
    if (!invoice) throw new NotFoundException(BILLING_MESSAGES.invoiceNotFound);
    return this.withLines(tx, invoice);
  }

  /** In the caller's unit of work: the invoice with its lines, payments, refunds and credit notes (404 if not reached). */
  async billingOf(tx: ReadTx, access: RequestAccess, id: string): Promise<InvoiceBilling> {
    const invoice = await this.read(tx, access, id);
    const [payments, notes] = await Promise.all([this.payments.ofInvoice(tx, id), this.creditNotes.ofInvoice(tx, id)]);
    return {
      ...invoice,
      payments: payments.map((p) => p.toPayment()),
      creditNotes: notes.map((n) => n.toCreditNote(invoice.number)),
    };
  }

  /**
   * In the caller's unit of work: a credit note taking back part or all of the invoice's balance (CreditNotesService;
   * e.g. a registration item cancelled, after what was paid beyond the new total was refunded).
   */
  async creditIn(tx: ChangeTx, access: RequestAccess, input: CreditNoteRequest): Promise<CreditNote> {
    return (await this.credits.issue(tx, access, input)).creditNote;
  }

  list(access: RequestAccess, q: BodyOf<typeof BILLING_API.findInvoices>): Promise<Page<PatientInvoiceSummary>> {
    return this.uow.read(
      access,
      async (tx) => {
        const { items, total } = await this.invoices.list(tx, access, q);
        return { items: items.map((i) => i.toSummary()), total, page: q.page, pageSize: q.pageSize };
      },
      { audit: { action: KIT_AUDIT_ACTIONS.patientDataRead, target: null, details: { read: 'invoices' } } },
    );
  }

  private async withLines(tx: ReadTx, invoice: InvoiceEntity): Promise<PatientInvoice> {
    const lines = await this.invoices.lines(tx, invoice.id);
    return { ...invoice.toSummary(), lines: lines.map((l) => l.toLine()) };
  }
}

/** invoiceTotals of the lines; a line it refuses is a 400 naming the line. */
function totalsOf(lines: IssueInvoiceInput['lines']) {
  try {
    return invoiceTotals(
      lines.map((l) => ({
        lineId: l.lineId,
        priceMinor: l.unitMinor,
        quantity: l.quantity,
        discount: l.discount,
        tax: l.tax,
      })),
    );
  } catch (error) {
    if (error instanceof InvoiceLineError) throw new BadRequestException(error.message);
    throw error;
  }
}

/** The code the centre's numbers carry; a centre code with nothing fit for a number is a 409 (its code must change). */
function seriesCodeOf(centre: KnownCentre): string {
  try {
    return invoiceSeriesCode(centre.code);
  } catch (error) {
    if (error instanceof InvoiceNumberError) throw new ConflictException(error.message);
    throw error;
  }
}
