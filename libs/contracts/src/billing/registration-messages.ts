import { formatMoney } from '../money/money.js';

/** The registration desk's messages. */
export const REGISTRATION_MESSAGES = {
  notFound: 'Registration not found',
  patientNotFound: 'Patients Not Found',
  /** The patient is another centre's: a patient is registered for a visit at their own centre (decision 0218). */
  patientOfAnotherCentre: 'The patient is registered at another centre',
  patientMerged: (mrID: string) => `This record was merged into ${mrID}: register the visit there`,
  referralNotFound: 'Referral not found',
  noItems: 'Select at least one test or package',
  repeatedItem: 'Each test or package is ordered once per registration',
  /** A test two lines order (on its own and in a package, or in two packages): registration-rules.ts. */
  testOrderedTwice: (twice: { test: string; by: readonly string[] }) =>
    `${twice.test} is ordered twice (by ${twice.by.join(' and ')}): order it once`,
  itemsNotFound: 'Some of the selected items are not on this registration',
  alreadyCancelled: 'These items are already cancelled',
  /** What was paid beyond the new total must go back before the credit note: the desk says how. */
  refundModeNeeded: (overpaidMinor: number) =>
    `The patient has paid ${formatMoney({ amountMinor: overpaidMinor, currency: 'INR' })} beyond the new total: choose how to refund it`,
  discountNeedsApproval: (codes: readonly string[]) =>
    `The discount on ${codes.join(', ')} is above your limit: it needs an approval`,
  created: 'Patient Registered Successfully',
  cancelled: 'Items Cancelled Successfully',
} as const;
