/** The billing service's audit actions on payment links (docs/decisions/0281–0284). */
export const PAYMENT_LINK_AUDIT_ACTIONS = {
  /** The desk made a link for an invoice's balance. */
  create: 'PAYMENT_LINK_CREATE',
  /** The desk cancelled an open link. */
  cancel: 'PAYMENT_LINK_CANCEL',
  /** The public page started a payment with the provider. */
  checkout: 'PAYMENT_LINK_CHECKOUT',
  /** A verified provider event, with what it did (details.outcome). */
  event: 'PAYMENT_LINK_EVENT',
} as const;
