/**
 * The words of payment links: the API's answers and the public /payment page (designed once here: the specification
 * names the page, not its words; asserted by the integration and end-to-end tests).
 */
export const PAYMENT_LINK_MESSAGES = {
  created: 'Payment Link Created Successfully',
  cancelled: 'Payment Link Cancelled Successfully',
  /** 404: an unknown token, another company's, a link or invoice out of the caller's reach. */
  notFound: 'Payment link not found',
  invoiceNotFound: 'Invoice not found',
  /** 409: nothing left to pay on the invoice. */
  nothingDue: 'This invoice has nothing left to pay',
  /** 409: the invoice was cancelled (credited in full). */
  invoiceCancelled: 'This invoice is cancelled',
  /** 409: one open link per invoice. */
  alreadyOpen: 'This invoice already has an open payment link: cancel it first',
  /** 409: a paid link is neither paid again nor cancelled. */
  alreadyPaid: 'This payment link has already been paid',
  /** 409: a cancelled link. */
  alreadyCancelled: 'This payment link has been cancelled',
  /** 410: past its expiry. */
  expired: 'This payment link has expired',
  /** 409: the service runs without a payment provider (PAYMENT_PROVIDER=none). */
  notSetUp: 'Online payment is not set up',
  /** 404: a webhook for a provider this service does not run. */
  unknownProvider: 'Unknown payment provider',
  /** 401: the webhook's signature is missing or does not match. */
  badSignature: 'The webhook signature is not valid',
  /** 401: the signature's time is too far from now (a replayed request). */
  staleSignature: 'The webhook signature is too old',
  webhookReceived: 'Webhook received',
  checkoutStarted: 'Payment started',
} as const;

/** The public /payment page's words. */
export const PAYMENT_PAGE_TEXT = {
  title: 'Pay your bill',
  centre: 'Centre',
  invoice: 'Invoice',
  patient: 'Patient',
  amount: 'Amount',
  validUntil: 'Link valid until',
  paidOn: 'Paid on',
  pay: (amount: string) => `Pay ${amount}`,
  redirecting: 'Taking you to the payment page…',
  confirming: 'Confirming your payment…',
  notConfirmedYet:
    'We have not heard from the payment provider yet. If the money left your account, it will be recorded shortly: you can close this page.',
  paid: 'Payment received',
  paidDetail: (amount: string, invoice: string) => `Thank you. ${amount} was paid on invoice ${invoice}.`,
  failed: 'The payment did not go through',
  failedDetail: 'No money was taken. You can try again.',
  expired: 'This payment link has expired',
  expiredDetail: 'Please ask the centre for a new link.',
  cancelled: 'This payment link is no longer valid',
  cancelledDetail: 'The centre cancelled it. Please ask the centre if you still need to pay.',
  notValid: 'This payment link is not valid',
  notValidDetail: 'Please check the link you received, or ask the centre for a new one.',
} as const;
