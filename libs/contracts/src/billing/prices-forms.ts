import type { FormFieldDefinition } from '@rayworks/validation';

/**
 * The rate card form (`/ratecard/add`, `/ratecard/edit/{id}`): its name, validity and client. Each price row is
 * checked by libs/validation's `validateRateCardPrices` (spec §5 'should be in Between 0 to 100000', 'Please give
 * Processing fee less than the actual price'), on the console and in the contract's body alike.
 */
export const RATE_CARD_FIELDS = {
  name: { type: 'text', label: 'Rate Card Name', value: 'name', mandatory: true, maxLen: 80 },
  validFrom: { type: 'date', label: 'Valid From', value: 'validFrom', mandatory: true },
  validTo: { type: 'date', label: 'Valid To', value: 'validTo' },
  corporateClient: { type: 'text', label: 'Corporate Client', value: 'corporateClient', maxLen: 120 },
} as const satisfies Record<string, FormFieldDefinition>;

/** The holiday form (`/holidayCalender`): a local date of the chosen centres and its name. */
export const HOLIDAY_FIELDS = {
  date: { type: 'date', label: 'Holiday Date', value: 'date', mandatory: true },
  name: { type: 'text', label: 'Holiday Name', value: 'name', mandatory: true, maxLen: 80 },
  centreIds: { type: 'select', label: 'Centers', value: 'centreIds', mandatory: true, isMulti: true },
} as const satisfies Record<string, FormFieldDefinition>;
