import { CASES_API, type Case } from '@rayworks/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { callApi } from '../../api/client';
import { queryKeysOf } from '../../api/queries';
import { useRealtimeEvents } from '../../realtime/useRealtimeEvents';

/** The cases service's records in the query cache. */
export const casesKeys = queryKeysOf('cases');
export const CASE = 'case';
export const caseKey = (id: string) => casesKeys.record(CASE, id);
export const caseAuditKey = (id: string) => [...caseKey(id), 'audit'] as const;

/** One case (/cases/findOne): 404 for a case out of the caller's reach. */
export function useCase(id: string | undefined) {
  return useQuery({
    queryKey: caseKey(id ?? ''),
    enabled: Boolean(id),
    retry: false,
    queryFn: async ({ signal }): Promise<Case> =>
      (await callApi(CASES_API.findOneCase, { body: { _id: id! }, signal })).data,
  });
}

/** The case's audit trail (/cases/audit), newest first; the audited reads only when asked. */
export function useCaseAudit(id: string | undefined, includeReads: boolean) {
  return useQuery({
    queryKey: [...caseAuditKey(id ?? ''), includeReads],
    enabled: Boolean(id),
    retry: false,
    queryFn: async ({ signal }) =>
      (await callApi(CASES_API.findCaseAudit, { body: { _id: id!, includeReads }, signal })).data,
  });
}

/**
 * Refetches the case and its trail when another user (or this one) moves it: `cases:case-changed` pushed to the
 * case's company room. Each message is handled once.
 */
export function useLiveCase(id: string | undefined) {
  const queryClient = useQueryClient();
  const changes = useRealtimeEvents('cases:case-changed');
  const seen = useRef(0);
  useEffect(() => {
    const fresh = changes.slice(seen.current);
    seen.current = changes.length;
    if (!id || !fresh.some((m) => m.caseId === id)) return;
    void queryClient.invalidateQueries({ queryKey: caseKey(id) });
  }, [changes, id, queryClient]);
}
