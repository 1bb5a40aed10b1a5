import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AUTH_API } from '@rayworks/contracts';
import type { z } from 'zod';
import { callApi } from '../../api/client';

type Preferences = z.output<typeof AUTH_API.getPreferences.data>;
export type ViewerChoice = NonNullable<Preferences['viewer']>;
export const DEFAULT_VIEWER: ViewerChoice = 'cloud';

export const preferencesQueryKey = ['auth', 'preferences'] as const;

/** The user's saved preferences (GET via POST /getpreferences), and saving them (POST /setpreferences). */
export function usePreferences(enabled = true) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: preferencesQueryKey,
    queryFn: async ({ signal }) => (await callApi(AUTH_API.getPreferences, { signal })).data,
    enabled,
    staleTime: 5 * 60_000,
  });
  const mutation = useMutation({
    mutationFn: async (next: Preferences) => (await callApi(AUTH_API.setPreferences, { body: next })).data,
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: preferencesQueryKey });
      const previous = queryClient.getQueryData<Preferences>(preferencesQueryKey);
      queryClient.setQueryData<Preferences>(preferencesQueryKey, { ...previous, ...next });
      return { previous };
    },
    onError: (_error, _next, context) => queryClient.setQueryData(preferencesQueryKey, context?.previous),
    onSuccess: (saved) => queryClient.setQueryData(preferencesQueryKey, saved),
  });
  return {
    preferences: query.data,
    isLoading: query.isLoading,
    save: (next: Preferences) => mutation.mutate({ ...query.data, ...next }),
    saving: mutation.isPending,
  };
}
