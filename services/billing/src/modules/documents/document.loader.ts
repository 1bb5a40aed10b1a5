import { Inject, Injectable } from '@nestjs/common';
import type { ReadTx } from '@rayworks/nest-kit';
import { CentresRepository } from '../directory/centres.repository.js';
import { CentreClock } from '../invoices/centre-clock.js';
import { CreditNotesRepository } from '../invoices/credit-notes.repository.js';
import type { InvoiceEntity } from '../invoices/invoice.entity.js';
import { InvoicesRepository } from '../invoices/invoices.repository.js';
import { PatientsRepository } from '../patients/patients.repository.js';
import { PaymentsRepository } from '../payments/payments.repository.js';
import type { DocumentCentre, DocumentPatient, InvoiceDocumentView, ReceiptDocumentView } from './document-view.js';
import { receiptFigures } from './receipt-figures.js';

/** An invoice as its printed document shows it, with the row it was read from (its version). */
export interface LoadedInvoice {
  invoice: InvoiceEntity;
  view: InvoiceDocumentView;
}

export interface LoadedReceipt {
  invoiceId: string;
  view: ReceiptDocumentView;
}

/**
 * Reads what a printed invoice or receipt shows (docs/decisions/0259) in the unit of work it is given — the worker's,
 * as the system in the document's company: the invoice (the patient's name and MR number as billed), its lines,
 * payments, refunds and credit notes, the patient's age, gender and phone, the centre and its clock.
 */
@Injectable()
export class DocumentLoader {
  constructor(
    @Inject(InvoicesRepository) private readonly invoices: InvoicesRepository,
    @Inject(PaymentsRepository) private readonly payments: PaymentsRepository,
    @Inject(CreditNotesRepository) private readonly creditNotes: CreditNotesRepository,
    @Inject(PatientsRepository) private readonly patients: PatientsRepository,
    @Inject(CentresRepository) private readonly centres: CentresRepository,
    @Inject(CentreClock) private readonly clock: CentreClock,
  ) {}

  /** The invoice's document as it stands now, or null when there is no such invoice. */
  async invoice(tx: ReadTx, invoiceId: string): Promise<LoadedInvoice | null> {
    const invoice = await this.invoices.byId(tx, invoiceId);
    if (!invoice) return null;
    const [lines, entries, header] = await Promise.all([
      this.invoices.lines(tx, invoice.id),
      this.payments.ofInvoice(tx, invoice.id),
      this.header(tx, invoice),
    ]);
    const summary = invoice.toSummary();
    return {
      invoice,
      view: {
        ...header,
        currency: invoice.currency,
        invoice: {
          number: invoice.number,
          issuedAt: invoice.issuedAt,
          status: invoice.status,
          version: invoice.version,
        },
        lines: lines.map((l) => ({
          code: l.code,
          name: l.name,
          priceKind: l.priceKind,
          unitMinor: l.unitMinor,
          quantity: l.quantity,
          grossMinor: l.grossMinor,
          discount: l.discount,
          discountExact: l.discountExact,
          tax: l.tax,
          taxableExact: l.taxableExact,
          cgstExact: l.cgstExact,
          sgstExact: l.sgstExact,
          igstExact: l.igstExact,
          totalExact: l.totalExact,
        })),
        totals: {
          grossMinor: invoice.grossMinor,
          discountExact: invoice.discountExact,
          taxableExact: invoice.taxableExact,
          cgstExact: invoice.cgstExact,
          sgstExact: invoice.sgstExact,
          igstExact: invoice.igstExact,
          roundOffExact: invoice.roundOffExact,
          totalMinor: invoice.totalMinor,
          creditedMinor: invoice.creditedMinor,
          paidMinor: invoice.paidMinor,
          balanceMinor: summary.balanceMinor,
        },
        ledger: entries.map((e) => ({
          kind: e.kind,
          takenAt: e.takenAt,
          mode: e.mode,
          reference: e.reference,
          amountMinor: e.amountMinor,
        })),
      },
    };
  }

  /** The receipt of a payment; 'refund' for a refund's; null when there is no such payment. */
  async receipt(tx: ReadTx, paymentId: string): Promise<LoadedReceipt | 'refund' | null> {
    const payment = await this.payments.byId(tx, paymentId);
    if (!payment) return null;
    if (payment.kind !== 'PAYMENT') return 'refund';
    const invoice = (await this.invoices.byId(tx, payment.invoiceId))!;
    const [entries, notes, header] = await Promise.all([
      this.payments.ofInvoice(tx, invoice.id),
      this.creditNotes.ofInvoice(tx, invoice.id),
      this.header(tx, invoice),
    ]);
    const figures = receiptFigures(invoice.totalMinor, entries, notes, payment.id)!;
    return {
      invoiceId: invoice.id,
      view: {
        ...header,
        currency: payment.currency,
        receiptNumber: `${invoice.number}/R${figures.ordinal}`,
        invoice: { number: invoice.number, issuedAt: invoice.issuedAt, totalMinor: invoice.totalMinor },
        payment: {
          takenAt: payment.takenAt,
          amountMinor: payment.amountMinor,
          mode: payment.mode,
          reference: payment.reference,
          takenBy: payment.takenByName,
        },
        paidAfterMinor: figures.paidAfterMinor,
        balanceAfterMinor: figures.balanceAfterMinor,
      },
    };
  }

  /** The centre, the patient and the clock both documents print. */
  private async header(
    tx: ReadTx,
    invoice: InvoiceEntity,
  ): Promise<{ centre: DocumentCentre; patient: DocumentPatient; timeZone: string }> {
    const [centre, patient, timeZone] = await Promise.all([
      this.centres.centre(tx, invoice.centreId),
      this.patients.byId(tx, invoice.patientId),
      this.clock.timeZone(tx, invoice.centreId),
    ]);
    const known = patient?.toPatient(invoice.issuedOn);
    return {
      centre: { name: centre?.name ?? '', code: centre?.code ?? '', addressLines: [] },
      patient: {
        name: invoice.patientName,
        mrNumber: invoice.mrNumber,
        age: known?.age ?? null,
        gender: known?.gender ?? null,
        phoneNumber: known?.phoneNumber ?? null,
      },
      timeZone,
    };
  }
}
