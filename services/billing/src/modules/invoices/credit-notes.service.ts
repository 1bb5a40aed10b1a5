import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  BILLING_MESSAGES,
  checkCreditNote,
  CreditNoteRefusedError,
  financialYearOf,
  formatDocumentNumber,
  invoiceSeriesCode,
  patientInvoiceStatus,
  type BILLING_API,
  type BodyOf,
  type CreditNoteChange,
} from '@rayworks/contracts';
import { companyOf, isUniqueViolation, UnitOfWork, type ChangeTx, type RequestAccess } from '@rayworks/nest-kit';
import { CentresRepository } from '../directory/centres.repository.js';
import { CentreClock } from './centre-clock.js';
import type { CreditNoteEntity } from './credit-note.entity.js';
import { CreditNotesRepository } from './credit-notes.repository.js';
import { INVOICE_AUDIT_ACTIONS } from './invoice-audit.js';
import { InvoicesPublisher } from './invoices.publisher.js';
import { InvoicesRepository } from './invoices.repository.js';

/** A credit note as asked. */
export interface CreditNoteRequest {
  invoiceId: string;
  amountMinor: number;
  reason: string;
  idempotencyKey: string;
  /** The version the desk's screen showed; an older one is refused (409). */
  invoiceVersion?: number;
}

const KEY_CONSTRAINT = 'credit_notes_idempotency_key';

/**
 * Credit notes (docs/decisions/0254): the only correction of an issued invoice. Each takes back part or all of the
 * invoice's balance (never what was paid: that is refunded first), in the invoice row's lock, with the centre's next
 * number of its credit note series (gap-free, like invoices); an invoice credited in full is CANCELLED.
 */
@Injectable()
export class CreditNotesService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(InvoicesRepository) private readonly invoices: InvoicesRepository,
    @Inject(CreditNotesRepository) private readonly notes: CreditNotesRepository,
    @Inject(CentresRepository) private readonly centres: CentresRepository,
    @Inject(CentreClock) private readonly clock: CentreClock,
    @Inject(InvoicesPublisher) private readonly publisher: InvoicesPublisher,
  ) {}

  /** `/creditnote/create`: a credit note in its own unit of work. */
  async create(access: RequestAccess, body: BodyOf<typeof BILLING_API.createCreditNote>): Promise<CreditNoteChange> {
    const input: CreditNoteRequest = {
      invoiceId: body.invoiceId,
      amountMinor: body.amountMinor ?? 0,
      reason: body.reason ?? '',
      idempotencyKey: body.idempotencyKey,
      invoiceVersion: body.invoiceVersion,
    };
    try {
      return await this.uow.change(access, (tx) => this.issue(tx, access, input));
    } catch (error) {
      if (!isUniqueViolation(error, KEY_CONSTRAINT)) throw error;
      return this.uow.read(access, async (tx) => {
        const first = await this.notes.byKey(tx, input.idempotencyKey);
        const invoice = first && (await this.invoices.findReadable(tx, access, first.invoiceId));
        if (!first || !invoice || !sameRequest(first, input))
          throw new ConflictException(BILLING_MESSAGES.idempotencyKeyReused);
        return { creditNote: first.toCreditNote(invoice.number), invoice: invoice.toSummary(), replayed: true };
      });
    }
  }

  /** In the caller's unit of work (e.g. a registration item cancelled at the desk, after its refund). */
  async issue(tx: ChangeTx, access: RequestAccess, input: CreditNoteRequest): Promise<CreditNoteChange> {
    const invoice = await this.invoices.findReadable(tx, access, input.invoiceId, true);
    if (!invoice) throw new NotFoundException(BILLING_MESSAGES.invoiceNotFound);
    const first = await this.notes.byKey(tx, input.idempotencyKey);
    if (first) {
      if (!sameRequest(first, input)) throw new ConflictException(BILLING_MESSAGES.idempotencyKeyReused);
      return { creditNote: first.toCreditNote(invoice.number), invoice: invoice.toSummary(), replayed: true };
    }
    if (input.invoiceVersion !== undefined && input.invoiceVersion !== invoice.version)
      throw new ConflictException(BILLING_MESSAGES.staleInvoice);
    if (!input.reason) throw new BadRequestException(BILLING_MESSAGES.reasonRequired);
    try {
      checkCreditNote(invoice, input.amountMinor);
    } catch (error) {
      if (!(error instanceof CreditNoteRefusedError)) throw error;
      if (error.reason === 'notAnAmount') throw new BadRequestException(error.message);
      throw new ConflictException(error.message);
    }

    const centre = await this.centres.centre(tx, invoice.centreId);
    // the invoice was issued at a centre billing knows: its code is there
    const centreCode = invoiceSeriesCode(centre!.code);
    const tenantId = companyOf(access.principal);
    const issuedAt = new Date();
    const financialYear = financialYearOf(issuedAt, await this.clock.timeZone(tx, invoice.centreId));
    const creditedMinor = invoice.creditedMinor + input.amountMinor;
    const amounts = { totalMinor: invoice.totalMinor, creditedMinor, paidMinor: invoice.paidMinor };
    await this.invoices.saveAmounts(tx, invoice.id, { ...amounts, status: patientInvoiceStatus(amounts) });
    const sequence = await this.invoices.nextNumber(tx, {
      tenantId,
      centreId: invoice.centreId,
      financialYear,
      series: 'CREDIT_NOTE',
    });
    const note = await this.notes.insert(tx, {
      tenantId,
      invoiceId: invoice.id,
      centreId: invoice.centreId,
      groupId: invoice.groupId,
      number: formatDocumentNumber('CREDIT_NOTE', { centreCode, financialYear, sequence }),
      financialYear,
      sequence,
      amountMinor: input.amountMinor,
      currency: invoice.currency,
      reason: input.reason,
      idempotencyKey: input.idempotencyKey,
      issuedAt,
      issuedBy: access.principal.userId,
    });
    const after = (await this.invoices.findReadable(tx, access, invoice.id))!.toSummary();
    const creditNote = note.toCreditNote(invoice.number);
    await tx.audit({
      action: INVOICE_AUDIT_ACTIONS.creditNote,
      target: { type: 'invoice', id: invoice.id },
      details: { creditNoteId: note.id, number: note.number, amountMinor: note.amountMinor },
    });
    await this.publisher.creditNote(tx, creditNote, after);
    return { creditNote, invoice: after, replayed: false };
  }
}

function sameRequest(first: CreditNoteEntity, input: CreditNoteRequest): boolean {
  return first.invoiceId === input.invoiceId && first.amountMinor === input.amountMinor;
}
