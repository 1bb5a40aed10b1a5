import { adminMessages } from '../auth/messages.js';

/** The prices' messages (rate cards, the centre's calendar and settings, quotes), in the spec's words for records. */
export const PRICE_MESSAGES = {
  rateCard: adminMessages('Rate Card'),
  rateCardAssigned: 'Rate Card Assigned Successfully',
  rateCardNotFound: 'Rate card not found',
  rateCardNameTaken: 'A rate card with this name already exists',
  priceNotFound: 'Rate card price not found',
  /** A centre would have two cards for the same client on one day (which one prices the visit?). */
  rateCardOverlap: (centreCodes: readonly string[]) =>
    `Another rate card for the same client is assigned to ${centreCodes.join(', ')} on some of these dates`,
  /** Price rows naming test or package codes the catalogue does not hold. */
  unknownItems: (codes: readonly string[]) => `Unknown test or package codes: ${codes.join(', ')}`,
  centreNotFound: 'Centre not found',
  /** A rate card names a referral billing does not know in the company (auth's referrals, its read model). */
  referralNotFound: 'Referral not found',
  settingsSaved: 'Billing Settings Updated Successfully',
  holiday: adminMessages('Holiday'),
  holidayDeleted: 'Holiday Deleted Successfully',
  holidayNotFound: 'Holiday not found',
  holidayTaken: (centreCodes: readonly string[]) =>
    `A holiday on this date already exists at ${centreCodes.join(', ')}`,
  /** The quote's refusals (QuoteService). */
  unknownCode: (code: string) => `Unknown test or package code: ${code}`,
  noPrice: (code: string) => `No rate card of this centre prices ${code} at this time`,
} as const;
