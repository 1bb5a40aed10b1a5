/**
 * The states of a fusion hub's monthly invoice to a client centre, written once (spec §4 "Invoice statuses", word
 * for word; the transitions between them are the invoice machine of libs/lifecycles/src/invoice,
 * docs/decisions/0244-invoice-machine.md).
 */

/**
 * An invoice's status: INVOICE RAISED (the fusion hub raised it; nothing paid yet), AWAITING PAYMENT CONFIRMATION
 * (the client centre paid all or part of the balance and asks the hub to confirm), PAYMENT RE-REQUESTED (the hub
 * rejected that payment request: the client is asked to pay again), PARTIALLY PAID (the hub confirmed a payment that
 * left a balance), INVOICE ON HOLD (either side paused it, with a reason), COMPLETED (paid in full, confirmed).
 */
export const INVOICE_STATUSES = [
  'INVOICE RAISED',
  'AWAITING PAYMENT CONFIRMATION',
  'PAYMENT RE-REQUESTED',
  'PARTIALLY PAID',
  'INVOICE ON HOLD',
  'COMPLETED',
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * The two sides of a fusion invoice: the fusion hub that raised it (its billing roles) and the client centre that
 * pays it. Which side a user is on is the invoice's business (the user's organisation is the invoice's issuer or its
 * client), decided by the billing service; the action table is written by side (docs/decisions/0244).
 */
export const INVOICE_SIDES = ['FUSION_HUB', 'CLIENT_CENTRE'] as const;
export type InvoiceSide = (typeof INVOICE_SIDES)[number];

export function isInvoiceStatus(value: string): value is InvoiceStatus {
  return (INVOICE_STATUSES as readonly string[]).includes(value);
}
