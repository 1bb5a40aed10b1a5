import { useRecordMutation } from '../../../shared/directory/useRecordMutation';
import { adminMessages, AUTH_API, CONSOLE_ROUTES, routeTo } from '@rayworks/contracts';
import { useNavigate } from 'react-router-dom';
import { callApi } from '../../../api/client';
import { type UserBody } from '../components/UserForm';
import { USERS } from '../../../shared/directory/useUsers';
import { recordStatus } from '../../../shared/directory/record-status';

export function useSaveUser(mode: 'create' | 'update', id?: string) {
  const navigate = useNavigate();
  return useRecordMutation({
    call: async (body: UserBody) => {
      if (mode === 'create') return (await callApi(AUTH_API.createUser, { body })).data;
      const { loginName: _loginName, ...rest } = body;
      return (await callApi(AUTH_API.updateUser, { body: { ...rest, id: id! } })).data;
    },
    message: mode === 'create' ? adminMessages('User').created : adminMessages('User').updated,
    refresh: [USERS],
    then: (user) => navigate(routeTo(CONSOLE_ROUTES.usersView, { id: user._id })),
  });
}

/** Unblocks a user locked out by failed logins (POST /users/unblock). */
export function useUnblockUser() {
  return useRecordMutation({
    call: async (userId: string) => (await callApi(AUTH_API.unblockUser, { body: { id: userId } })).data,
    message: adminMessages('User').updated,
    refresh: [USERS],
  });
}

/** Activating or inactivating a user. */
export const userStatus = recordStatus(AUTH_API.userStatus, USERS);
