import { useQuery } from '@tanstack/react-query';
import { AUTH_API, type Role } from '@rayworks/contracts';
import { callApi } from '../../api/client';
import { pageFetcher, queryKeys } from '../../api/queries';

export const ROLES = 'roles';
export const fetchRolesPage = pageFetcher<Role>(AUTH_API.getRoles);

export function useRole(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.record(ROLES, id ?? ''),
    queryFn: async ({ signal }) => (await callApi(AUTH_API.getRole, { body: { id: id! }, signal })).data,
    enabled: Boolean(id),
  });
}
