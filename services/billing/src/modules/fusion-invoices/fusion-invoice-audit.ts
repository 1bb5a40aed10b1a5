import type { InvoiceAction } from '@rayworks/contracts';

/** The billing service's audit actions of fusion invoicing. */
export const FUSION_AUDIT_ACTIONS = {
  /** A fusion centre's rate for a client centre and modality made (its first version). */
  rateCreate: 'FUSION_RATE_CREATE',
  /** A new version of a rate, from a later day. */
  rateUpdate: 'FUSION_RATE_UPDATE',
  /** An action on a fusion invoice (raise, pay, confirm, reject, hold, resume, comment). */
  invoice: (action: InvoiceAction) => `FUSION_INVOICE_${action}`,
} as const;
