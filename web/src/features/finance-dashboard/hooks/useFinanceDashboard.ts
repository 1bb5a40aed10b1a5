import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BILLING_API } from '@rayworks/contracts';
import { callApi } from '../../../api/client';
import { queryKeysOf } from '../../../api/queries';

const financeKey = queryKeysOf('billing').kind('finance-dashboard');

/** The caller's centres' revenue, collection and what is owed over a period (billing's /finance/dashboard). */
export function useFinanceDashboard(from: string, to: string, centreId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...financeKey, from, to, centreId ?? 'all'],
    queryFn: async ({ signal }) =>
      (
        await callApi(BILLING_API.getFinanceDashboard, {
          body: { from, to, ...(centreId ? { centreId } : {}) },
          signal,
          background: true,
        })
      ).data,
    enabled,
    placeholderData: keepPreviousData,
  });
}
