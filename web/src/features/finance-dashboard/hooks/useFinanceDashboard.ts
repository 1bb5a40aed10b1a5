import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BILLING_API, type FinancePeriod } from '@rayworks/contracts';
import { callApi } from '../../../api/client';
import { queryKeysOf } from '../../../api/queries';

const financeKey = queryKeysOf('billing').kind('finance-dashboard');

/**
 * The caller's centres' revenue, collection and what is owed over a named period, each centre's dates on its own
 * clock (billing's /finance/dashboard; docs/decisions/0339).
 */
export function useFinanceDashboard(period: FinancePeriod, centreId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...financeKey, period, centreId ?? 'all'],
    queryFn: async ({ signal }) =>
      (
        await callApi(BILLING_API.getFinanceDashboard, {
          body: { period, ...(centreId ? { centreId } : {}) },
          signal,
          background: true,
        })
      ).data,
    enabled,
    placeholderData: keepPreviousData,
  });
}
