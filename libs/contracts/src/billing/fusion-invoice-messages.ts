/**
 * The messages of fusion rates and fusion invoices that the invoice machine does not name (INVOICE_MESSAGES has the
 * machine's: 'Invoice Raised Successfully', 'Payment Request Completed', 'Payment Request Rejected', …). Designed once
 * here (docs/decisions/0274–0277), answered by the billing service, shown by the console and asserted by tests.
 */
export const FUSION_INVOICE_MESSAGES = {
  rateAdded: 'Fusion Rate Added Successfully',
  rateUpdated: 'Fusion Rate Updated Successfully',
  commented: 'Comment Added Successfully',
  rateNotFound: 'Fusion rate not found',
  /** Optimistic concurrency: another version of the rate was added since it was shown. */
  staleRate: 'The rate has changed since it was shown: read it again',
  /** A fusion centre that is not one of the caller's company and reach (or not a fusion centre at all). */
  fusionCentreNotFound: 'Fusion centre not found',
  rateExists: 'This fusion centre has a rate for this client centre and modality already: update it',
  /** A new version of a rate starts after the one in force (a past line keeps the rate it was billed at). */
  rateStartsTooEarly: (currentFrom: string) =>
    `The new rate must start after ${currentFrom}, when the current rate starts`,
  invoiceNotFound: 'Invoice not found',
  /** Optimistic concurrency: the invoice moved on (a read was added, the other side acted) since it was shown. */
  staleInvoice: 'The invoice has changed since it was shown: read it again',
  /** Raising: some reads have no rate in force on the day they were completed. */
  unpricedReads: (count: number) =>
    `${count} ${count === 1 ? 'read has' : 'reads have'} no fusion rate for the day ${count === 1 ? 'it was' : 'they were'} completed: add the rate, then raise the invoice`,
  /** Raising an invoice whose reads are all at a rate of zero. */
  nothingToInvoice: 'The invoice has nothing to pay: every read on it is at a rate of zero',
  /** A caller on both sides of an invoice (one company's hub and client) named a side it is not on. */
  notYourSide: 'You are not on this side of the invoice',
  commentRequired: 'Please enter a comment',
} as const;

/** How the console names an invoice that is still gathering its month's reads (not raised: no status yet). */
export const FUSION_INVOICE_NOT_RAISED_LABEL = 'NOT RAISED';
