/** The billing service's audit actions on prices and the centres' calendars. */
export const PRICE_AUDIT_ACTIONS = {
  settingsUpdate: 'BILLING_SETTINGS_UPDATE',
  holidayCreate: 'HOLIDAY_CREATE',
  holidayDelete: 'HOLIDAY_DELETE',
  rateCardCreate: 'RATE_CARD_CREATE',
  rateCardUpdate: 'RATE_CARD_UPDATE',
  rateCardAssign: 'RATE_CARD_ASSIGN',
} as const;
