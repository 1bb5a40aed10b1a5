import { adminMessages, AUTH_API, CONSOLE_ROUTES, routeTo, type groupInputSchema } from '@rayworks/contracts';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { callApi } from '../../../api/client';
import { recordStatus } from '../../../shared/directory/record-status';
import { CENTERS } from '../../../shared/directory/useCenters';
import { GROUPS } from '../../../shared/directory/useGroups';
import { useRecordMutation } from '../../../shared/directory/useRecordMutation';

/** Adds a group (POST /create/group) and opens it. */
export function useCreateGroup() {
  const navigate = useNavigate();
  return useRecordMutation({
    call: async (body: z.output<typeof groupInputSchema>) => (await callApi(AUTH_API.createGroup, { body })).data,
    message: adminMessages('Group').created,
    refresh: [GROUPS],
    then: (group) => navigate(routeTo(CONSOLE_ROUTES.groupsView, { id: group._id })),
  });
}

/** Moves an individual centre into a group (POST /add/centretogroup) and opens the group, the centre marked. */
export function useAddCentreToGroup() {
  const navigate = useNavigate();
  return useRecordMutation({
    call: async (body: { groupID: string; centerID: string }) =>
      (await callApi(AUTH_API.addCentreToGroup, { body })).data,
    message: adminMessages('Center').updated,
    refresh: [GROUPS, CENTERS],
    then: (centre, body) =>
      navigate(routeTo(CONSOLE_ROUTES.groupsView, { id: body.groupID }), { state: { added: centre._id } }),
  });
}

/** Activating or inactivating a group. */
export const groupStatus = recordStatus(AUTH_API.groupStatus, GROUPS);
