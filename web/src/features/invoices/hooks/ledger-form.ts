import {
  BILLING_MESSAGES,
  checkCreditNote,
  checkPayment,
  checkRefund,
  CreditNoteRefusedError,
  invoiceLedgerOf,
  LedgerRefusedError,
  PAYMENT_MODES_NEEDING_REFERENCE,
  PAYMENT_REFERENCE_MAX,
  type PatientInvoiceSummary,
  type PaymentMode,
} from '@rayworks/contracts';
import {
  AMOUNT_REQUIRED_MESSAGE,
  DEFAULT_CURRENCY,
  INVALID_INPUTS_MESSAGE,
  minorUnitsToDecimal,
  parseAmountMinor,
  type CurrencyCode,
} from '@rayworks/validation';

/**
 * The desk's payment, refund and credit note dialogs as data (docs/decisions/0286): the amount is typed as text and
 * read into minor units by libs/validation's parseAmountMinor (no float ever holds it); the ledger's own rules of
 * libs/contracts (checkPayment, checkRefund, checkCreditNote — the ones the billing service runs) refuse what the
 * server would, with the server's words, before anything is sent.
 */
export const LEDGER_KINDS = ['payment', 'refund', 'creditNote'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

export interface LedgerFormValues {
  /** As typed: '500', '499.50'. */
  amount: string;
  /** Payments and refunds; a credit note has none. */
  mode: PaymentMode;
  reference: string;
  /** Refunds and credit notes. */
  reason: string;
}

export type LedgerField = keyof LedgerFormValues;
export type LedgerErrors = Partial<Record<LedgerField, string>>;

/** The invoice's amounts the rules read (what the page showed, at its version). */
export type LedgerInvoice = Pick<
  PatientInvoiceSummary,
  '_id' | 'version' | 'totalMinor' | 'creditedMinor' | 'paidMinor' | 'balanceMinor' | 'currency'
>;

export const usesMode = (kind: LedgerKind): boolean => kind !== 'creditNote';
export const needsReason = (kind: LedgerKind): boolean => kind !== 'payment';
export const needsReference = (kind: LedgerKind, mode: PaymentMode): boolean =>
  usesMode(kind) && PAYMENT_MODES_NEEDING_REFERENCE.includes(mode);

/**
 * What the dialog starts with: a payment offers the balance, a refund what was paid, a credit note the balance (the
 * most each may be), as text the desk can change; cash.
 */
export function initialLedgerValues(kind: LedgerKind, invoice: LedgerInvoice): LedgerFormValues {
  const suggested = kind === 'refund' ? invoice.paidMinor : invoice.balanceMinor;
  return {
    amount: suggested > 0 ? minorUnitsToDecimal(suggested, invoice.currency) : '',
    mode: 'CASH',
    reference: '',
    reason: '',
  };
}

/** The amount as minor units: null and the message when it is missing, zero, not an amount or negative. */
export function readAmount(
  text: string,
  currency: CurrencyCode = DEFAULT_CURRENCY,
): { minor: number } | { error: string } {
  if (text.trim() === '') return { error: AMOUNT_REQUIRED_MESSAGE };
  const minor = parseAmountMinor(text, currency);
  if (minor === null || minor < 0) return { error: INVALID_INPUTS_MESSAGE };
  // the contract's amountRequired: a zero amount is 'Please enter the amount' too
  if (minor === 0) return { error: BILLING_MESSAGES.amountRequired };
  return { minor };
}

function ledgerRefusal(kind: LedgerKind, invoice: LedgerInvoice, minor: number): string | null {
  try {
    if (kind === 'payment') checkPayment(invoiceLedgerOf(invoice), minor);
    else if (kind === 'refund') checkRefund(invoiceLedgerOf(invoice), minor);
    else checkCreditNote(invoice, minor);
    return null;
  } catch (error) {
    if (error instanceof LedgerRefusedError || error instanceof CreditNoteRefusedError) return error.message;
    throw error;
  }
}

/** Every problem of the form, by field (empty: it may be sent). */
export function ledgerErrors(kind: LedgerKind, invoice: LedgerInvoice, values: LedgerFormValues): LedgerErrors {
  const errors: LedgerErrors = {};
  const amount = readAmount(values.amount, invoice.currency);
  if ('error' in amount) errors.amount = amount.error;
  else {
    const refused = ledgerRefusal(kind, invoice, amount.minor);
    if (refused) errors.amount = refused;
  }
  const reference = values.reference.trim();
  if (needsReference(kind, values.mode) && !reference)
    errors.reference = BILLING_MESSAGES.referenceRequired(values.mode);
  else if (reference.length > PAYMENT_REFERENCE_MAX) errors.reference = INVALID_INPUTS_MESSAGE;
  if (needsReason(kind) && !values.reason.trim()) errors.reason = BILLING_MESSAGES.reasonRequired;
  else if (values.reason.trim().length > 500) errors.reason = INVALID_INPUTS_MESSAGE;
  return errors;
}

/** The body of /payment/create, /refund or /creditnote/create for valid values, with the dialog's key. */
export function ledgerBody(kind: LedgerKind, invoice: LedgerInvoice, values: LedgerFormValues, idempotencyKey: string) {
  const amount = readAmount(values.amount, invoice.currency);
  if ('error' in amount) throw new Error(amount.error);
  const common = { invoiceId: invoice._id, amountMinor: amount.minor, invoiceVersion: invoice.version, idempotencyKey };
  const reference = values.reference.trim() || null;
  const reason = values.reason.trim() || null;
  if (kind === 'payment') return { kind, body: { ...common, mode: values.mode, reference } } as const;
  if (kind === 'refund') return { kind, body: { ...common, mode: values.mode, reference, reason } } as const;
  return { kind, body: { ...common, reason } } as const;
}

/** What the desk may do to an invoice now, before privileges: take a payment, refund, take back by credit note. */
export function ledgerKindsOpen(invoice: LedgerInvoice & Pick<PatientInvoiceSummary, 'status'>): LedgerKind[] {
  const kinds: LedgerKind[] = [];
  if (invoice.status !== 'CANCELLED' && invoice.balanceMinor > 0) kinds.push('payment');
  if (invoice.paidMinor > 0) kinds.push('refund');
  if (invoice.status !== 'CANCELLED' && invoice.balanceMinor > 0) kinds.push('creditNote');
  return kinds;
}

/** The idempotency key of one dialog (decision 0255): made when it opens, sent with every retry of its request. */
export const newIdempotencyKey = (): string => crypto.randomUUID();

/** Whether a refusal is the stale-version one (the invoice changed since the page read it). */
export const isStaleInvoice = (message: string): boolean => message === BILLING_MESSAGES.staleInvoice;
