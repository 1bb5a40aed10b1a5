import { AMOUNT_REQUIRED_MESSAGE } from '@rayworks/validation';

/**
 * The fusion invoice's messages (spec §8 word for word where it gives them; the rest designed here, once, and
 * asserted by tests: docs/decisions/0244-invoice-machine.md). The invoice machine names the message of each
 * transition; the billing service answers it and the console shows it.
 */
export const INVOICE_MESSAGES = {
  // spec §8
  raised: 'Invoice Raised Successfully',
  paymentConfirmed: 'Payment Request Completed',
  paymentRejected: 'Payment Request Rejected',
  // designed: the other transitions' answers
  paymentRequested: 'Payment Request Sent Successfully',
  held: 'Invoice Put On Hold Successfully',
  resumed: 'Invoice Resumed Successfully',
  // designed: the refusals
  actionNotAllowed: (action: string, status: string) => `${action} is not allowed on an invoice in ${status}`,
  notYourSide: (action: string) => `${action} is not an action of your side of the invoice`,
  notTheHolder: 'Only the side that put the invoice on hold can resume it',
  reasonRequired: 'A reason is required',
  /** spec §5, word for word. */
  amountRequired: AMOUNT_REQUIRED_MESSAGE,
  amountNotPositive: 'The amount must be more than zero',
  amountBeyondBalance: 'The amount cannot exceed the balance due',
  amountBeyondRequest: 'The confirmed amount cannot exceed the amount of the payment request',
  alreadyRaised: 'The invoice is already raised',
  notRaised: 'The invoice is not raised yet',
  sideRequired: 'The side of the invoice that acts is required',
} as const;
