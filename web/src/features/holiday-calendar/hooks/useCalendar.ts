import { useQuery } from '@tanstack/react-query';
import { BILLING_API, PRICE_MESSAGES, type CentreBillingSettings, type Holiday } from '@rayworks/contracts';
import { callApi } from '../../../api/client';
import { pageFetcher, queryKeysOf } from '../../../api/queries';
import { useRecordMutation } from '../../../shared/directory/useRecordMutation';
import { clockBody, holidayBody, yearRange, type ClockValues, type HolidayValues } from './calendar-form';

export const billingKeys = queryKeysOf('billing');
export const HOLIDAYS = 'holidays';
export const SETTINGS = 'billing-settings';

/** A centre's holidays of a year, for the list. */
export const fetchHolidaysOf = (centreId: string, year: number) =>
  pageFetcher<Holiday>(BILLING_API.findHolidays, { centreId, ...yearRange(year) });

/** A centre's billing settings: its clock (time zone, night window) and tax. */
export function useBillingSettings(centreId: string | null) {
  return useQuery({
    queryKey: billingKeys.record(SETTINGS, centreId ?? ''),
    queryFn: async ({ signal }) =>
      (await callApi(BILLING_API.getBillingSettings, { body: { centreId: centreId! }, signal })).data,
    enabled: Boolean(centreId),
  });
}

export function useAddHoliday(then: () => void) {
  return useRecordMutation({
    call: async (v: HolidayValues) => (await callApi(BILLING_API.createHoliday, { body: holidayBody(v) })).data,
    message: PRICE_MESSAGES.holiday.created,
    refresh: [HOLIDAYS],
    keys: billingKeys,
    then,
  });
}

export function useDeleteHoliday(then: () => void) {
  return useRecordMutation({
    call: async (id: string) => (await callApi(BILLING_API.deleteHoliday, { body: { id } })).data,
    message: PRICE_MESSAGES.holidayDeleted,
    refresh: [HOLIDAYS],
    keys: billingKeys,
    then,
  });
}

export function useSaveClock(settings: CentreBillingSettings, then: () => void) {
  return useRecordMutation({
    call: async (v: ClockValues) =>
      (await callApi(BILLING_API.updateBillingSettings, { body: clockBody(settings, v) })).data,
    message: PRICE_MESSAGES.settingsSaved,
    refresh: [SETTINGS],
    keys: billingKeys,
    then,
  });
}
