import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CASES_API,
  type AssignResult,
  type Case,
  type CaseAssignee,
  type WorklistUpdateAction,
} from '@rayworks/contracts';
import { useEffect } from 'react';
import { callApi } from '../../../api/client';
import { queryKeysOf } from '../../../api/queries';
import { useRealtimeEvents } from '../../../realtime/useRealtimeEvents';
import { toCaseListBody, toStatisticsBody, type WorklistFilters } from './worklist-filters';

/** The cases service's records in the query cache. */
export const casesKeys = queryKeysOf('cases');
export const CASES = 'cases';
export const STATISTICS = 'statistics';

/** One page of the worklist (/cases/get), kept on screen while the next one loads. */
export function useWorklistPage(filters: WorklistFilters) {
  const body = toCaseListBody(filters);
  return useQuery({
    queryKey: [...casesKeys.list(CASES), body],
    queryFn: async ({ signal }) => (await callApi(CASES_API.getCases, { body, signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** The tab counts and turnaround figures (/getworklist/statistics) for the centre and radiologist filters. */
export function useWorklistStatistics(filters: WorklistFilters) {
  const body = toStatisticsBody(filters);
  return useQuery({
    queryKey: [...casesKeys.kind(STATISTICS), body],
    queryFn: async ({ signal }) => (await callApi(CASES_API.getWorklistStatistics, { body, signal })).data,
    placeholderData: keepPreviousData,
  });
}

/** Cases by id (/cases/find with ids): the assign page's selection, with their versions. */
export function useCasesByIds(ids: readonly string[]) {
  return useQuery({
    queryKey: [...casesKeys.kind(CASES), 'ids', [...ids].sort()],
    queryFn: async ({ signal }) =>
      (await callApi(CASES_API.findCases, { body: { ids: [...ids], limit: 100 }, signal })).data,
    enabled: ids.length > 0,
  });
}

/** Who a centre's cases can go to (/cases/assignees): radiologists or transcriptionists, online first. */
export function useAssignees(centreId: string | null | undefined, as: 'radiologist' | 'typist', enabled = true) {
  return useQuery({
    queryKey: [...casesKeys.kind('assignees'), centreId ?? '', as],
    queryFn: async ({ signal }): Promise<CaseAssignee[]> =>
      (await callApi(CASES_API.caseAssignees, { body: { centreId: centreId!, as }, signal })).data.assignees,
    enabled: Boolean(centreId) && enabled,
    staleTime: 15_000,
  });
}

/**
 * A centre's worklist settings (acceptance, how typists are chosen). Only users with CENTERS VIEW may read them; for
 * others the answer is "unknown" (null), never an error on screen.
 */
export function useCentreSettings(centreId: string | null | undefined, enabled = true) {
  return useQuery({
    queryKey: [...casesKeys.kind('centre-settings'), centreId ?? ''],
    queryFn: async ({ signal }) => {
      try {
        return (await callApi(CASES_API.getCentreSettings, { body: { centreId: centreId! }, signal })).data;
      } catch {
        return null;
      }
    },
    enabled: Boolean(centreId) && enabled,
    staleTime: 60_000,
  });
}

/** Refreshes every list, count and case of the worklist (after an action, a conflict or a live change). */
export function useRefreshWorklist() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['cases'] });
}

/** One action on one case (/cases/worklistupdate) with the version the row showed. */
export function useWorklistUpdate() {
  const refresh = useRefreshWorklist();
  return useMutation({
    mutationFn: async (input: {
      row: Pick<Case, '_id' | 'version'>;
      action: WorklistUpdateAction;
      reason?: string;
      typistId?: string;
      radiologistId?: string;
    }) =>
      callApi(CASES_API.worklistUpdate, {
        body: {
          _id: input.row._id,
          version: input.row.version,
          action: input.action,
          ...(input.reason?.trim() ? { reason: input.reason.trim() } : {}),
          ...(input.typistId ? { typistId: input.typistId } : {}),
          ...(input.radiologistId ? { radiologistId: input.radiologistId } : {}),
        },
      }),
    // success or a conflict (409: the server's message is the toast): either way the rows are read again
    onSettled: () => void refresh(),
  });
}

/** Assigns one or many cases (/cases/assign) to a radiologist or a transcriptionist. */
export function useAssignCases() {
  const refresh = useRefreshWorklist();
  return useMutation({
    mutationFn: async (input: {
      cases: Pick<Case, '_id' | 'version'>[];
      radiologistId?: string;
      typistId?: string;
    }): Promise<{ results: AssignResult[]; message: string }> => {
      const { data, message } = await callApi(CASES_API.assignCases, {
        body: {
          cases: input.cases.map((c) => ({ _id: c._id, version: c.version })),
          ...(input.radiologistId ? { radiologistId: input.radiologistId } : {}),
          ...(input.typistId ? { typistId: input.typistId } : {}),
        },
      });
      return { results: data.results, message };
    },
    onSettled: () => void refresh(),
  });
}

/** How long live changes are gathered before the worklist is read again (a burst of changes is one refetch). */
export const LIVE_REFRESH_DELAY_MS = 300;

/**
 * Live rows: every `cases:case-changed` the server pushes to the user's rooms (ids and statuses only, never patient
 * data) refreshes the page, the counts and any open case. Answers the number of changes seen.
 */
export function useLiveCases(): number {
  const messages = useRealtimeEvents('cases:case-changed');
  const queryClient = useQueryClient();
  const last = messages.at(-1);
  useEffect(() => {
    if (!last) return;
    const timer = setTimeout(() => void queryClient.invalidateQueries({ queryKey: ['cases'] }), LIVE_REFRESH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [last, queryClient]);
  return messages.length;
}
