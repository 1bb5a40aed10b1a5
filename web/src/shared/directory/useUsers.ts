import { useQuery } from '@tanstack/react-query';
import { AUTH_API, type User } from '@rayworks/contracts';
import { callApi } from '../../api/client';
import { pageFetcher, queryKeys } from '../../api/queries';

export const USERS = 'users';
export const fetchUsersPage = (filters: { roleCode?: string } = {}) => pageFetcher<User>(AUTH_API.findUsers, filters);

export function useUser(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.record(USERS, id ?? ''),
    queryFn: async ({ signal }) => (await callApi(AUTH_API.getUser, { body: { id: id! }, signal })).data,
    enabled: Boolean(id),
  });
}
