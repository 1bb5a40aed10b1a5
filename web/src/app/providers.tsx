import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { ApiCallError } from '../api/client';
import { readProfile, subscribeToStorage } from '../api/storage';
import { TOAST_AUTO_CLOSE_MS } from '../shared/ui/toast';
import { colorSchemeManager, cssVariablesResolver, DEFAULT_COLOR_SCHEME, theme } from './theme';
import { NewVersionPrompt } from './version/NewVersionPrompt';

function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 10_000,
        refetchOnWindowFocus: true,
        // An API failure has already been handled (toast, page); asking again would only repeat it.
        retry: (count, error) => !(error instanceof ApiCallError) && count < 1,
      },
      mutations: { retry: false },
    },
  });
}

/** Everything the console needs around its routes: theme and colour scheme, notifications, server-state cache. */
export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  // When the session ends (logout, 401, 440, another tab), no data of that user stays in the cache (their
  // real-time connection closes itself: realtime/availability-connection.ts).
  useEffect(
    () =>
      subscribeToStorage(() => {
        if (readProfile()?.token) return;
        queryClient.removeQueries();
      }),
    [queryClient],
  );
  return (
    <MantineProvider
      theme={theme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={DEFAULT_COLOR_SCHEME}
      cssVariablesResolver={cssVariablesResolver}
    >
      <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} limit={4} />
      <NewVersionPrompt />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
