import { useQuery } from '@tanstack/react-query';
import { adminMessages, AUTH_API, CONSOLE_ROUTES, routeTo, type centreInputSchema } from '@rayworks/contracts';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { callApi } from '../../../api/client';
import { queryKeys } from '../../../api/queries';
import { recordStatus } from '../../../shared/directory/record-status';
import { CENTERS } from '../../../shared/directory/useCenters';
import { GROUPS } from '../../../shared/directory/useGroups';
import { useRecordMutation } from '../../../shared/directory/useRecordMutation';

/** Adds a centre (POST /create/centre) and opens it. */
export function useCreateCentre() {
  const navigate = useNavigate();
  return useRecordMutation({
    call: async (body: z.output<typeof centreInputSchema>) => (await callApi(AUTH_API.createCentre, { body })).data,
    message: adminMessages('Center').created,
    refresh: [CENTERS, GROUPS],
    then: (centre) => navigate(routeTo(CONSOLE_ROUTES.centersView, { id: centre._id })),
  });
}

/** Activating or inactivating a centre. */
export const centreStatus = recordStatus(AUTH_API.centreStatus, CENTERS);

/** The place codes whose city starts with `search` (POST /get/entity), from two letters on. */
export function usePlaces(search: string) {
  return useQuery({
    queryKey: [...queryKeys.kind('entities'), search],
    queryFn: async ({ signal }) => (await callApi(AUTH_API.getEntities, { body: { search }, signal })).data,
    enabled: search.length >= 2,
    staleTime: 5 * 60_000,
  });
}
