import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CASES_API, type AssigneeAvailability, type AssignResult, type Case } from '@rayworks/contracts';
import { isWithFusion } from '@rayworks/lifecycles';
import { useEffect } from 'react';
import { callApi, describeError } from '../../../api/client';
import { casesKeys } from '../../../shared/cases/useCase';
import { runCaseAction, useRefreshWorklist } from '../../../shared/cases/useCaseActions';
import { useRealtimeEvents } from '../../../realtime/useRealtimeEvents';
import { toCaseListBody, toStatisticsBody, type WorklistFilters } from './worklist-filters';

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

/**
 * The assign picker's people (/cases/assignees): a centre's radiologists or transcriptionists kept to the chosen
 * specialization and availability, and every specialization to choose from; the last list stays while a filter loads.
 */
export function useAssigneeChoices(
  centreId: string | null,
  as: 'radiologist' | 'typist',
  filter: { specialization?: string; availability?: AssigneeAvailability },
) {
  return useQuery({
    queryKey: [...casesKeys.kind('assignees'), centreId ?? '', as, 'choices', filter],
    queryFn: async ({ signal }) =>
      (await callApi(CASES_API.caseAssignees, { body: { centreId: centreId!, as, ...filter }, signal })).data,
    enabled: Boolean(centreId),
    staleTime: 15_000,
    // the last list stays on screen while a filter of the same centre and kind loads, never another centre's people
    placeholderData: (previous, query) =>
      query && query.queryKey[2] === (centreId ?? '') && query.queryKey[3] === as ? previous : undefined,
  });
}

/** Assigns one or many cases (/cases/assign) to a radiologist or a transcriptionist. */
export function useAssignCases() {
  const refresh = useRefreshWorklist();
  return useMutation({
    mutationFn: async (input: {
      cases: Pick<Case, '_id' | 'version' | 'workflowType' | 'fusionStatus'>[];
      radiologistId?: string;
      typistId?: string;
    }): Promise<{ results: AssignResult[]; message: string }> => {
      // a case with its fusion centre is assigned by the fusion machine, each case on its own (docs/decisions/0161)
      const withFusion = input.cases.filter((c) => isWithFusion(c));
      const results: AssignResult[] = [];
      let message = '';
      for (const c of withFusion) {
        try {
          const done = await runCaseAction({
            row: c,
            action: c.fusionStatus === 'NEW' ? 'ASSIGN' : 'REASSIGN',
            ...(input.radiologistId ? { radiologistId: input.radiologistId } : {}),
          });
          message = done.message;
          results.push({ _id: c._id, status: 'success', code: 200, message: done.message, case: null });
        } catch (error) {
          results.push({ _id: c._id, status: 'error', code: 409, message: describeError(error), case: null });
        }
      }
      const rest = input.cases.filter((c) => !withFusion.includes(c));
      if (rest.length > 0) {
        const answered = await callApi(CASES_API.assignCases, {
          body: {
            cases: rest.map((c) => ({ _id: c._id, version: c.version })),
            ...(input.radiologistId ? { radiologistId: input.radiologistId } : {}),
            ...(input.typistId ? { typistId: input.typistId } : {}),
          },
        });
        results.push(...answered.data.results);
        message = answered.message;
      }
      return { results, message };
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
    const timer = setTimeout(
      () => void queryClient.invalidateQueries({ queryKey: casesKeys.all() }),
      LIVE_REFRESH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [last, queryClient]);
  return messages.length;
}
