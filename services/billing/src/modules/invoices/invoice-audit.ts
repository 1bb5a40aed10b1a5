/** The billing service's audit actions on patient invoices, payments, refunds and credit notes. */
export const INVOICE_AUDIT_ACTIONS = {
  /** An invoice issued with its centre's next number. */
  issue: 'INVOICE_ISSUE',
  /** A payment taken on an invoice. */
  payment: 'PAYMENT_TAKE',
  /** Money paid on an invoice given back. */
  refund: 'PAYMENT_REFUND',
  /** A credit note issued against an invoice. */
  creditNote: 'CREDIT_NOTE_ISSUE',
} as const;
