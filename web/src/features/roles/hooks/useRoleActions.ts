import { useRecordMutation } from '../../../shared/directory/useRecordMutation';
import { recordStatus } from '../../../shared/directory/record-status';
import { ROLES } from '../../../shared/directory/useRoles';
import { adminMessages, AUTH_API, CONSOLE_ROUTES, routeTo } from '@rayworks/contracts';
import { useNavigate } from 'react-router-dom';
import { callApi } from '../../../api/client';
import { type RoleBody } from '../components/RoleForm';

export function useSaveRole(mode: 'create' | 'update', id?: string) {
  const navigate = useNavigate();
  return useRecordMutation({
    call: async (body: RoleBody) =>
      mode === 'create'
        ? (await callApi(AUTH_API.createRole, { body })).data
        : (await callApi(AUTH_API.updateRole, { body: { ...body, id: id! } })).data,
    message: mode === 'create' ? adminMessages('Role').created : adminMessages('Role').updated,
    refresh: [ROLES],
    then: (role) => navigate(routeTo(CONSOLE_ROUTES.rolesView, { id: role._id })),
  });
}

/** Activating or inactivating a role. */
export const roleStatus = recordStatus(AUTH_API.roleStatus, ROLES);
