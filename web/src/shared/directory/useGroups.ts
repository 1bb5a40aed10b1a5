import { useQuery } from '@tanstack/react-query';
import { AUTH_API, type Group } from '@rayworks/contracts';
import { callApi } from '../../api/client';
import { pageFetcher, queryKeys } from '../../api/queries';

export const GROUPS = 'groups';
export const fetchGroupsPage = pageFetcher<Group>(AUTH_API.getGroups);

export function useGroup(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.record(GROUPS, id ?? ''),
    queryFn: async ({ signal }) => (await callApi(AUTH_API.getGroup, { body: { id: id! }, signal })).data,
    enabled: Boolean(id),
  });
}
