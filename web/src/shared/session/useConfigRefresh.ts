import { useQuery } from '@tanstack/react-query';
import { AUTH_API } from '@rayworks/contracts';
import { useEffect } from 'react';
import { callApi } from '../../api/client';
import { readConfig, writeConfig } from '../../api/storage';
import { onTokenRenewed } from '../../api/session';

export const configQueryKey = ['auth', 'config'] as const;

/**
 * Re-reads the permission configuration (GET /config) when the shell opens, after every token renewal (which
 * follows at once when an admin changes the user's role or privileges) and every 5 minutes, so a role change
 * reaches the menu and the guards without a new login. A 401 or 440 is handled by the API layer.
 */
export function useConfigRefresh(enabled: boolean) {
  const { data, refetch } = useQuery({
    queryKey: configQueryKey,
    // The console reads it on its own, not for the user: a background call, which does not keep the session
    // alive (an idle console still times out: docs/decisions/0061-session-lifetimes.md).
    queryFn: async ({ signal }) => (await callApi(AUTH_API.config, { signal, background: true })).data,
    enabled,
    staleTime: 60_000,
    refetchInterval: 5 * 60_000,
  });
  useEffect(() => {
    if (data && JSON.stringify(data) !== JSON.stringify(readConfig())) writeConfig(data);
  }, [data]);
  useEffect(() => (enabled ? onTokenRenewed(() => void refetch()) : undefined), [enabled, refetch]);
}
