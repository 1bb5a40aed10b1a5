import { useQuery } from '@tanstack/react-query';
import { AUTH_API, type Centre } from '@rayworks/contracts';
import { callApi } from '../../api/client';
import { pageFetcher, queryKeys } from '../../api/queries';

export const CENTERS = 'centers';
export const fetchCentresPage = pageFetcher<Centre>(AUTH_API.getCentres);
export const fetchCentresOfGroup = (groupID: string) => pageFetcher<Centre>(AUTH_API.getCentres, { groupID });

export function useCentre(id: string | undefined) {
  return useQuery({
    queryKey: queryKeys.record(CENTERS, id ?? ''),
    queryFn: async ({ signal }) => (await callApi(AUTH_API.getCentre, { body: { id: id! }, signal })).data,
    enabled: Boolean(id),
  });
}

export const centreOption = (c: Centre) => ({
  value: c._id,
  label: c.groupName ? `${c.name} (${c.code})` : `${c.name} (${c.code}) · individual`,
});
