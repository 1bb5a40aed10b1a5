import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CASES_API, type WorklistColumns } from '@rayworks/contracts';
import { useCallback } from 'react';
import { callApi } from '../../../api/client';
import { columnsOfPreference, toggleColumn, type WorklistColumnId } from './worklist-columns';

/** The worklist's screen name at /preferredcolumn (the fusion cases page has its own). */
const SCREEN = 'cases';
export const columnsQueryKey = ['cases', 'preferred-columns', SCREEN] as const;

/**
 * The user's worklist columns, kept by the cases service (`/preferredcolumn/find|create`, docs/decisions/0145 and
 * 0153): read once, changed optimistically (the table follows the click at once, a refused save puts it back).
 */
export function useColumnPreference() {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: columnsQueryKey,
    queryFn: async ({ signal }) =>
      (await callApi(CASES_API.findPreferredColumns, { body: { screen: SCREEN }, signal })).data,
    staleTime: Infinity,
  });
  const save = useMutation({
    mutationFn: async (columns: WorklistColumnId[]) =>
      (await callApi(CASES_API.createPreferredColumns, { body: { screen: SCREEN, columns } })).data,
    onMutate: async (columns) => {
      await queryClient.cancelQueries({ queryKey: columnsQueryKey });
      const previous = queryClient.getQueryData<WorklistColumns>(columnsQueryKey);
      queryClient.setQueryData<WorklistColumns>(columnsQueryKey, {
        screen: SCREEN,
        columns,
        isDefault: false,
        updatedAt: previous?.updatedAt ?? null,
      });
      return { previous };
    },
    onError: (_error, _columns, context) => queryClient.setQueryData(columnsQueryKey, context?.previous),
    onSuccess: (saved) => queryClient.setQueryData(columnsQueryKey, saved),
  });
  const columns = columnsOfPreference(query.data);
  const { mutate } = save;
  const toggle = useCallback((id: WorklistColumnId) => mutate(toggleColumn(columns, id)), [columns, mutate]);
  return { columns, toggle, loading: query.isLoading };
}
