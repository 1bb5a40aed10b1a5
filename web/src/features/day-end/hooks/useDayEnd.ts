import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  AUTH_API,
  BILLING_API,
  type AgeingBucketKey,
  type ListQuery,
  type OutstandingInvoice,
  type Page,
  type Referral,
} from '@rayworks/contracts';
import { callApi } from '../../../api/client';
import { pageFetcher, queryKeysOf } from '../../../api/queries';
import { toastSuccess } from '../../../shared/ui/toast';

/** The billing service's records in the query cache (the same keys every billing screen uses). */
export const billingKeys = queryKeysOf('billing');
const DAY_END = 'day-end';
const OUTSTANDING = 'outstanding';
const COMMISSION = 'commission';

/** A centre's day end (/finance/dayend/get, FINANCE VIEW); without a date, the centre's today. */
export function useDayEndReport(centreId: string | null, date: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...billingKeys.kind(DAY_END), 'report', centreId ?? '', date ?? 'today'],
    queryFn: async ({ signal }) =>
      (
        await callApi(BILLING_API.getDayEnd, {
          body: { centreId: centreId!, ...(date ? { date } : {}) },
          signal,
        })
      ).data,
    enabled: enabled && Boolean(centreId),
    placeholderData: keepPreviousData,
  });
}

/** What the caller took and gave back on a day at a centre (/finance/collection/mine: the desk's hand-over). */
export function useMyCollection(centreId: string | null, date: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...billingKeys.kind(DAY_END), 'mine', centreId ?? '', date ?? 'today'],
    queryFn: async ({ signal }) =>
      (
        await callApi(BILLING_API.getMyCollection, {
          body: { centreId: centreId!, ...(date ? { date } : {}) },
          signal,
        })
      ).data,
    enabled: enabled && Boolean(centreId),
    placeholderData: keepPreviousData,
  });
}

/** Closes a centre's day with the counted cash; the service's message is the toast and the day is read again. */
export function useCloseDay() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { centreId: string; date: string; countedCashMinor: number; note: string | null }) =>
      callApi(BILLING_API.closeDay, { body }),
    onSuccess: async ({ message }) => {
      toastSuccess(message);
      await queryClient.invalidateQueries({ queryKey: billingKeys.all() });
    },
  });
}

/**
 * A centre's unpaid balances (/finance/outstanding): the buckets and totals (the same in every page of the centre)
 * read once, and the invoices as a list page.
 */
export function useOutstandingSummary(centreId: string | null) {
  return useQuery({
    queryKey: [...billingKeys.kind(OUTSTANDING), 'summary', centreId ?? ''],
    queryFn: async ({ signal }) =>
      (
        await callApi(BILLING_API.getOutstanding, {
          body: { centreId: centreId!, page: 1, pageSize: 1 },
          signal,
        })
      ).data,
    enabled: Boolean(centreId),
  });
}

export const outstandingListKey = (centreId: string, bucket: AgeingBucketKey | null) =>
  [...billingKeys.kind(OUTSTANDING), 'list', centreId, bucket ?? 'all'] as const;

export const fetchOutstandingPage =
  (centreId: string, bucket: AgeingBucketKey | null) =>
  async (query: ListQuery, signal: AbortSignal): Promise<Page<OutstandingInvoice>> => {
    const data = (
      await callApi(BILLING_API.getOutstanding, {
        body: { ...query, centreId, ...(bucket ? { bucket } : {}) } as never,
        signal,
      })
    ).data;
    return { items: data.items, total: data.total, page: data.page, pageSize: data.pageSize };
  };

/** A referral's commission statement over a period (/finance/commission). */
export function useCommission(referralId: string | null, from: string, to: string, page: number) {
  return useQuery({
    queryKey: [...billingKeys.kind(COMMISSION), referralId ?? '', from, to, page],
    queryFn: async ({ signal }) =>
      (await callApi(BILLING_API.getCommissionStatement, { body: { referralId: referralId!, from, to, page }, signal }))
        .data,
    enabled: Boolean(referralId) && from <= to,
    placeholderData: keepPreviousData,
  });
}

/** The company's referrals (auth), for choosing whose statement to read. */
export const fetchReferralsPage = pageFetcher<Referral>(AUTH_API.findReferrals);
