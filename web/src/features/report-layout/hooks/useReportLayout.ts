import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { REPORTING_API, type ReportLayout } from '@rayworks/contracts';
import { callApi } from '../../../api/client';
import { queryKeysOf } from '../../../api/queries';
import { toastSuccess } from '../../../shared/ui/toast';

const reportingKeys = queryKeysOf('reporting');
const LAYOUTS = 'report-layouts';
const layoutKey = (centreId: string | null) => [...reportingKeys.kind(LAYOUTS), centreId] as const;

/** A centre's report layout (POST /get/reportconfig): its own, or the default with isDefault. */
export function useReportConfig(centreId: string | null) {
  return useQuery({
    queryKey: layoutKey(centreId),
    queryFn: async ({ signal }) =>
      (await callApi(REPORTING_API.getReportConfig, { body: { centreId: centreId! }, signal })).data,
    enabled: Boolean(centreId),
  });
}

/** Saves a centre's layout (POST /create/reportconfig), says so and reads it back. */
export function useSaveReportConfig(centreId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (layout: ReportLayout) => callApi(REPORTING_API.createReportConfig, { body: { centreId, layout } }),
    onSuccess: async ({ message }) => {
      toastSuccess(message);
      await queryClient.invalidateQueries({ queryKey: layoutKey(centreId) });
    },
  });
}
