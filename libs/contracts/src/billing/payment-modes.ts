/**
 * How a patient pays or is paid back (issue 22: cash, card, UPI, cheque, credit for a corporate client, and online
 * through the payment link), written once for the console's choices, the contract and the database's CHECK
 * (docs/decisions/0257-payment-modes.md).
 */
export const PAYMENT_MODES = ['CASH', 'CARD', 'UPI', 'CHEQUE', 'ONLINE', 'CREDIT'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

/** How the console names each mode. */
export const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = {
  CASH: 'Cash',
  CARD: 'Card',
  UPI: 'UPI',
  CHEQUE: 'Cheque',
  ONLINE: 'Online',
  CREDIT: 'Credit (corporate)',
};

/**
 * Modes whose payment is only traceable by a reference the desk records: a cheque by its number, an online payment by
 * the provider's payment id. The others take one when there is one (a card slip's approval code, a UPI transaction
 * id) but do not need it.
 */
export const PAYMENT_MODES_NEEDING_REFERENCE: readonly PaymentMode[] = ['CHEQUE', 'ONLINE'];

/** The longest reference kept (a cheque number, a transaction id, a corporate purchase order). */
export const PAYMENT_REFERENCE_MAX = 100;

export function isPaymentMode(value: string): value is PaymentMode {
  return (PAYMENT_MODES as readonly string[]).includes(value);
}
