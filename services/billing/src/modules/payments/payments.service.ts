import { BadRequestException, ConflictException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import {
  BILLING_MESSAGES,
  checkPayment,
  checkRefund,
  invoiceLedgerOf,
  LedgerRefusedError,
  patientInvoiceStatus,
  PAYMENT_MODES_NEEDING_REFERENCE,
  type BILLING_API,
  type BodyOf,
  type LedgerChange,
  type LedgerEntryKindName,
  type Payment,
  type PaymentMode,
} from '@rayworks/contracts';
import {
  companyOf,
  isUniqueViolation,
  UnitOfWork,
  type ChangeTx,
  type ReadTx,
  type RequestAccess,
} from '@rayworks/nest-kit';
import { INVOICE_AUDIT_ACTIONS } from '../invoices/invoice-audit.js';
import { InvoicesPublisher } from '../invoices/invoices.publisher.js';
import { InvoicesRepository } from '../invoices/invoices.repository.js';
import type { InvoiceEntity } from '../invoices/invoice.entity.js';
import type { PaymentEntity } from './payment.entity.js';
import { PaymentsRepository } from './payments.repository.js';

/** A payment or a refund as asked. */
export interface LedgerRequest {
  invoiceId: string;
  amountMinor: number;
  mode: PaymentMode;
  reference: string | null;
  idempotencyKey: string;
  /** A refund's reason. */
  reason?: string | null;
  /** The version the desk's screen showed; an older one is refused (409). */
  invoiceVersion?: number;
}

/** The unique constraint of the idempotency keys of payments and refunds (the migration's). */
const KEY_CONSTRAINT = 'payments_idempotency_key';

/**
 * Payments and refunds on patient invoices (docs/decisions/0243, 0255): each decided in the invoice row's lock by the
 * ledger rules of libs/contracts ledger.ts (a refusal changes nothing: 400 for a bad amount, 409 otherwise), each
 * carrying an idempotency key unique in the company — the same key again answers the first entry and changes nothing.
 */
@Injectable()
export class PaymentsService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(InvoicesRepository) private readonly invoices: InvoicesRepository,
    @Inject(PaymentsRepository) private readonly payments: PaymentsRepository,
    @Inject(InvoicesPublisher) private readonly publisher: InvoicesPublisher,
  ) {}

  /**
   * In the unit of work that issued the invoice (its row, as written, is this unit's until it commits: nobody else
   * sees it, nothing to lock, no entry with the key can exist yet): the desk's payment with the visit, by the same
   * ledger rules.
   */
  async takeOnIssued(
    tx: ChangeTx,
    access: RequestAccess,
    issued: InvoiceEntity,
    input: { amountMinor: number; mode: PaymentMode; reference: string | null; idempotencyKey: string },
  ): Promise<LedgerChange> {
    return this.enter(tx, access, issued, 'PAYMENT', { ...input, invoiceId: issued.id });
  }

  /** In the caller's unit of work, the invoice row locked; ledger rules of libs/contracts ledger.ts (409/400 with the spec's messages). */
  async take(
    tx: ChangeTx,
    access: RequestAccess,
    input: {
      invoiceId: string;
      amountMinor: number;
      mode: PaymentMode;
      reference: string | null;
      idempotencyKey: string;
    },
  ): Promise<Payment> {
    return (await this.record(tx, access, 'PAYMENT', input)).payment;
  }

  /** In the caller's unit of work, the invoice row locked: a refund (with its reason) by the ledger rules. */
  async refundIn(
    tx: ChangeTx,
    access: RequestAccess,
    input: {
      invoiceId: string;
      amountMinor: number;
      mode: PaymentMode;
      reference: string | null;
      reason: string;
      idempotencyKey: string;
    },
  ): Promise<Payment> {
    return (await this.record(tx, access, 'REFUND', input)).payment;
  }

  /** The payment or refund the company took with this idempotency key, or null. */
  async byIdempotencyKey(tx: ReadTx, idempotencyKey: string): Promise<Payment | null> {
    return (await this.payments.byKey(tx, idempotencyKey))?.toPayment() ?? null;
  }

  /** `/payment/create`: a payment in its own unit of work. */
  pay(access: RequestAccess, body: BodyOf<typeof BILLING_API.createPayment>): Promise<LedgerChange> {
    return this.change(access, 'PAYMENT', requestOf(body));
  }

  /** `/refund`: a refund (with its reason) in its own unit of work. */
  refund(access: RequestAccess, body: BodyOf<typeof BILLING_API.refund>): Promise<LedgerChange> {
    return this.change(access, 'REFUND', { ...requestOf(body), reason: body.reason });
  }

  private async change(access: RequestAccess, kind: LedgerEntryKindName, input: LedgerRequest): Promise<LedgerChange> {
    try {
      return await this.uow.change(access, (tx) => this.record(tx, access, kind, input));
    } catch (error) {
      // the same key sent at once for another invoice: the other request wrote it first
      if (!isUniqueViolation(error, KEY_CONSTRAINT)) throw error;
      return this.uow.read(access, async (tx) => {
        const first = await this.payments.byKey(tx, input.idempotencyKey);
        const invoice = first && (await this.invoices.findReadable(tx, access, first.invoiceId));
        if (!first || !invoice || !sameRequest(first, kind, input))
          throw new ConflictException(BILLING_MESSAGES.idempotencyKeyReused);
        return { payment: first.toPayment(), invoice: invoice.toSummary(), replayed: true };
      });
    }
  }

  /** Locks the invoice, answers an entry already made with this key (nothing changes), else enters it. */
  private async record(
    tx: ChangeTx,
    access: RequestAccess,
    kind: LedgerEntryKindName,
    input: LedgerRequest,
  ): Promise<LedgerChange> {
    const invoice = await this.invoices.findReadable(tx, access, input.invoiceId, true);
    if (!invoice) throw new NotFoundException(BILLING_MESSAGES.invoiceNotFound);
    const first = await this.payments.byKey(tx, input.idempotencyKey);
    if (first) {
      if (!sameRequest(first, kind, input)) throw new ConflictException(BILLING_MESSAGES.idempotencyKeyReused);
      return { payment: first.toPayment(), invoice: invoice.toSummary(), replayed: true };
    }
    return this.enter(tx, access, invoice, kind, input);
  }

  /**
   * On the invoice as it stands (locked, or this unit's own): checks the version and the ledger rule, writes the entry
   * and the invoice's new amounts, audits and publishes. The answer's invoice is the row with what was written.
   */
  private async enter(
    tx: ChangeTx,
    access: RequestAccess,
    invoice: InvoiceEntity,
    kind: LedgerEntryKindName,
    input: LedgerRequest,
  ): Promise<LedgerChange> {
    if (input.invoiceVersion !== undefined && input.invoiceVersion !== invoice.version)
      throw new ConflictException(BILLING_MESSAGES.staleInvoice);
    if (kind === 'PAYMENT' && PAYMENT_MODES_NEEDING_REFERENCE.includes(input.mode) && !input.reference)
      throw new BadRequestException(BILLING_MESSAGES.referenceRequired(input.mode));
    if (kind === 'REFUND' && !input.reason) throw new BadRequestException(BILLING_MESSAGES.reasonRequired);
    try {
      if (kind === 'PAYMENT') checkPayment(invoiceLedgerOf(invoice), input.amountMinor);
      else checkRefund(invoiceLedgerOf(invoice), input.amountMinor);
    } catch (error) {
      if (!(error instanceof LedgerRefusedError)) throw error;
      if (error.reason === 'notAnAmount') throw new BadRequestException(error.message);
      throw new ConflictException(error.message);
    }

    const paidMinor = invoice.paidMinor + (kind === 'PAYMENT' ? input.amountMinor : -input.amountMinor);
    const amounts = { totalMinor: invoice.totalMinor, creditedMinor: invoice.creditedMinor, paidMinor };
    const status = patientInvoiceStatus(amounts);
    await this.invoices.saveAmounts(tx, invoice.id, { ...amounts, status });
    const entry = await this.payments.insert(tx, {
      tenantId: companyOf(access.principal),
      invoiceId: invoice.id,
      centreId: invoice.centreId,
      groupId: invoice.groupId,
      kind,
      amountMinor: input.amountMinor,
      currency: invoice.currency,
      mode: input.mode,
      reference: input.reference,
      reason: kind === 'REFUND' ? (input.reason ?? null) : null,
      idempotencyKey: input.idempotencyKey,
      takenAt: new Date(),
      takenBy: access.principal.userId,
      takenByName: access.principal.loginName,
    });
    // what saveAmounts wrote: the amounts, the status, the version one up
    Object.assign(invoice, { paidMinor, status, version: invoice.version + 1 });
    const after = invoice.toSummary();
    const payment = entry.toPayment();
    await tx.audit({
      action: kind === 'PAYMENT' ? INVOICE_AUDIT_ACTIONS.payment : INVOICE_AUDIT_ACTIONS.refund,
      target: { type: 'invoice', id: invoice.id },
      details: {
        entryId: payment._id,
        amountMinor: payment.amountMinor,
        mode: payment.mode,
        paidMinor: after.paidMinor,
      },
    });
    await this.publisher.ledgerEntry(tx, payment, after);
    return { payment, invoice: after, replayed: false };
  }
}

/** The body of `/payment/create` or `/refund` as the service asks it (the contract refused a missing amount). */
function requestOf(body: BodyOf<typeof BILLING_API.createPayment>): LedgerRequest {
  return {
    invoiceId: body.invoiceId,
    amountMinor: body.amountMinor ?? 0,
    mode: body.mode,
    reference: body.reference,
    idempotencyKey: body.idempotencyKey,
    invoiceVersion: body.invoiceVersion,
  };
}

/** Whether an entry made with a key is what this request asks (a retry), not another request with the same key. */
function sameRequest(first: PaymentEntity, kind: LedgerEntryKindName, input: LedgerRequest): boolean {
  return (
    first.kind === kind &&
    first.invoiceId === input.invoiceId &&
    first.amountMinor === input.amountMinor &&
    first.mode === input.mode
  );
}
