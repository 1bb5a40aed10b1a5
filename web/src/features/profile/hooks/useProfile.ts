import { useQuery } from '@tanstack/react-query';
import { AUTH_API } from '@rayworks/contracts';
import { callApi } from '../../../api/client';

export const profileQueryKey = ['auth', 'profile'] as const;

export function useProfile() {
  return useQuery({
    queryKey: profileQueryKey,
    queryFn: async ({ signal }) => (await callApi(AUTH_API.getProfile, { signal })).data,
  });
}
