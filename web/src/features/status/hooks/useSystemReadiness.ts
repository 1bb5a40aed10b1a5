import { readReadiness } from '@rayworks/api-client';
import type { ReadinessReport } from '@rayworks/contracts';
import { useQueries, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { consoleClient } from '../../../api/session';
import { READINESS_REFRESH_MS, STATUS_TARGETS, targetState, type StatusTarget, type TargetState } from '../readiness';

export const readinessQueryKey = (target: StatusTarget) => ['health', 'ready', target] as const;

/** A readiness report is a valid answer with HTTP 200 (ready) and with 503 (not ready), through the gateway. */
export const fetchReadiness = (target: StatusTarget, signal?: AbortSignal): Promise<ReadinessReport> =>
  readReadiness(consoleClient, target, { signal });

export interface TargetReadiness {
  target: StatusTarget;
  state: TargetState;
  report?: ReadinessReport;
  error: unknown;
  /** When the browser last got any answer or failure for this target (ms since epoch, 0 before the first). */
  lastAttemptAt: number;
  isFetching: boolean;
}

/** Polls the gateway and every service every 5 s. */
export function useSystemReadiness() {
  const queryClient = useQueryClient();
  const results = useQueries({
    queries: STATUS_TARGETS.map((target) => ({
      queryKey: readinessQueryKey(target),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchReadiness(target, signal),
      refetchInterval: READINESS_REFRESH_MS,
      refetchIntervalInBackground: false,
      staleTime: 0,
      // A failed check is shown at once and retried by the next poll.
      retry: false,
    })),
  });

  const targets: TargetReadiness[] = results.map((result, index) => {
    const target = STATUS_TARGETS[index]!;
    const error = result.isError ? result.error : undefined;
    return {
      target,
      state: targetState(result.data, error),
      report: result.data,
      error,
      lastAttemptAt: Math.max(result.dataUpdatedAt, result.errorUpdatedAt),
      isFetching: result.isFetching,
    };
  });

  const refresh = useCallback(() => queryClient.invalidateQueries({ queryKey: ['health', 'ready'] }), [queryClient]);

  return {
    targets,
    isFetching: targets.some((t) => t.isFetching),
    lastUpdatedAt: Math.max(0, ...targets.map((t) => t.lastAttemptAt)),
    refresh,
  };
}
