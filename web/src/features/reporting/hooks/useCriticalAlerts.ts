import {
  CRITICAL_ACKNOWLEDGING_ROLES,
  REPORTING_API,
  WORKLIST,
  hasPrivilege,
  requirement,
  type CriticalAlert,
} from '@rayworks/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { callApi, describeError, shownByPolicy } from '../../../api/client';
import { queryKeysOf } from '../../../api/queries';
import { toastError, toastSuccess } from '../../../shared/ui/toast';
import { useSession } from '../../../shared/session/useSession';
import { useRealtime } from '../../../realtime/useRealtime';
import { useRealtimeEvents } from '../../../realtime/useRealtimeEvents';

export const criticalAlertsKey = queryKeysOf('reporting').kind('critical-alerts');
export const caseCriticalAlertsKey = (caseId: string) => [...criticalAlertsKey, 'case', caseId] as const;
/** A slow poll behind the push (a console that missed a message still catches up). */
const POLL_MS = 60_000;

/** Does the signed-in user see the centre's open critical results (the centre side, with REPORT_VIEW)? */
export function useSeesCriticalAlerts(): boolean {
  const { profile, config } = useSession();
  const roles = profile?.roleCodes ?? [];
  return (
    Boolean(profile?.token) &&
    roles.some((r) => CRITICAL_ACKNOWLEDGING_ROLES.includes(r)) &&
    hasPrivilege(config ?? [], requirement('WORKLIST', WORKLIST.REPORT_VIEW))
  );
}

/**
 * The open critical results of the user's centres, live: read with /critical/find, read again on every
 * `critical:alert` push (which carries no patient data and no finding) and whenever the real-time connection
 * (re)opens (a push sent while it was connecting is not lost). Answers the query and the connection's state.
 */
export function useOpenCriticalAlerts(enabled: boolean) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: criticalAlertsKey,
    enabled,
    retry: false,
    refetchInterval: POLL_MS,
    queryFn: async ({ signal }) =>
      (await callApi(REPORTING_API.findCritical, { body: { open: true }, signal, background: true })).data.alerts,
  });
  const pushed = useRealtimeEvents('critical:alert');
  const seen = useRef(0);
  useEffect(() => {
    if (pushed.length === seen.current) return;
    seen.current = pushed.length;
    void queryClient.invalidateQueries({ queryKey: criticalAlertsKey });
  }, [pushed, queryClient]);
  const { state } = useRealtime();
  const wasOpen = useRef(false);
  useEffect(() => {
    const open = state === 'open';
    if (open && !wasOpen.current && enabled) void queryClient.invalidateQueries({ queryKey: criticalAlertsKey });
    wasOpen.current = open;
  }, [state, enabled, queryClient]);
  return { query, realtime: state };
}

export function useAcknowledgeCritical() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (alertId: string) => callApi(REPORTING_API.acknowledgeCritical, { body: { alertId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: criticalAlertsKey }),
  });
}

export type { CriticalAlert };

/** The case's critical alerts with their state (read when the flag's dialog opens). */
export function useCaseCriticalAlerts(caseId: string, enabled: boolean) {
  return useQuery({
    queryKey: caseCriticalAlertsKey(caseId),
    enabled,
    retry: false,
    queryFn: async ({ signal }) =>
      (await callApi(REPORTING_API.findCritical, { body: { caseId }, signal })).data.alerts,
  });
}

/** Flags a critical finding on the case (the centre is told at once), then `then`; the alerts are read again. */
export function useFlagCritical(caseId: string, then: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (text: string) => callApi(REPORTING_API.flagCritical, { body: { caseId, finding: text } }),
    onSuccess: (result) => {
      toastSuccess(result.message);
      then();
      void queryClient.invalidateQueries({ queryKey: criticalAlertsKey });
    },
    onError: (error) => {
      if (!shownByPolicy(error)) toastError(describeError(error));
    },
  });
}
