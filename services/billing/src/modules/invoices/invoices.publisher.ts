import { Injectable } from '@nestjs/common';
import {
  CreditNoteIssuedV1,
  InvoiceIssuedV1,
  PaymentReceivedV1,
  RefundedV1,
  type CreditNote,
  type Payment,
  type PatientInvoice,
  type PatientInvoiceSummary,
} from '@rayworks/contracts';
import type { ChangeTx } from '@rayworks/nest-kit';

/** An invoice's amounts after a change, as billing.invoice.v1's events carry them. */
const amountsOf = (i: PatientInvoiceSummary) => ({
  totalMinor: i.totalMinor,
  creditedMinor: i.creditedMinor,
  paidMinor: i.paidMinor,
  balanceMinor: i.balanceMinor,
  status: i.status,
  version: i.version,
});

/**
 * billing.invoice.v1 (key = invoice id, so one invoice's events stay in order), in the change's unit of work. It prints
 * nothing: an invoice's or a receipt's PDF is printed when it is first asked for (DocumentsService, docs/decisions/0259),
 * not on every change — printing at every registration took half the desk's CPU.
 */
@Injectable()
export class InvoicesPublisher {
  async issued(tx: ChangeTx, invoice: PatientInvoice): Promise<void> {
    await tx.publish(InvoiceIssuedV1, invoice._id, {
      invoiceId: invoice._id,
      number: invoice.number,
      financialYear: invoice.financialYear,
      centreId: invoice.centreId,
      groupId: invoice.groupId,
      patientId: invoice.patient.id,
      registrationId: invoice.registrationId,
      issuedAt: invoice.issuedAt,
      currency: invoice.currency,
      lines: invoice.lines.map((l) => ({ code: l.code, quantity: l.quantity, totalExact: l.totalExact })),
      ...amountsOf(invoice),
    });
  }

  async ledgerEntry(tx: ChangeTx, entry: Payment, invoice: PatientInvoiceSummary): Promise<void> {
    const payload = {
      invoiceId: invoice._id,
      invoiceNumber: invoice.number,
      centreId: invoice.centreId,
      patientId: invoice.patient.id,
      entryId: entry._id,
      amountMinor: entry.amountMinor,
      currency: entry.currency,
      mode: entry.mode,
      takenAt: entry.takenAt,
      ...amountsOf(invoice),
    };
    if (entry.kind === 'PAYMENT') await tx.publish(PaymentReceivedV1, invoice._id, payload);
    else await tx.publish(RefundedV1, invoice._id, { ...payload, reason: entry.reason ?? '' });
  }

  async creditNote(tx: ChangeTx, note: CreditNote, invoice: PatientInvoiceSummary): Promise<void> {
    await tx.publish(CreditNoteIssuedV1, invoice._id, {
      creditNoteId: note._id,
      number: note.number,
      invoiceId: invoice._id,
      invoiceNumber: invoice.number,
      centreId: invoice.centreId,
      patientId: invoice.patient.id,
      amountMinor: note.amountMinor,
      reason: note.reason,
      issuedAt: note.issuedAt,
      ...amountsOf(invoice),
    });
  }
}
