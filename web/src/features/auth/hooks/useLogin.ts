import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AUTH_API, AUTH_HEADERS, AUTH_MESSAGES, PUBLIC_ROUTES, type PermissionConfig } from '@rayworks/contracts';
import { useNavigate } from 'react-router-dom';
import { ApiCallError, callApi, describeError, resetUnauthorizedNotice } from '../../../api/client';
import { clearStorage, profileFromSession, readProfile, writeConfig, writeProfile } from '../../../api/storage';
import { landingAfterLogin } from '../../../shared/session/access';
import { configQueryKey } from '../../../shared/session/useConfigRefresh';

export interface Credentials {
  loginName: string;
  password: string;
}

/** Header values must be printable ASCII; anything else cannot be a valid login. */
const HEADER_SAFE = /^[\x20-\x7E]*$/;

/**
 * The login flow of spec §4: POST /login with the login name and password in headers; store the user and the
 * session; GET /config (on failure: clear storage, stay on login); then /update-password when a reset is
 * required, else the origin the guard carried (when permitted), else the first permitted menu link. A role that
 * opens no screen at all ends the session again with a message instead of leaving the user on the login form.
 */
export function useLogin(from?: string | null) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ loginName, password }: Credentials) => {
      if (!HEADER_SAFE.test(loginName) || !HEADER_SAFE.test(password)) {
        throw new ApiCallError(401, AUTH_MESSAGES.invalidCredentials, 'inline', AUTH_API.login.path);
      }
      clearStorage();
      queryClient.removeQueries();
      const { data: session } = await callApi(AUTH_API.login, {
        headers: { [AUTH_HEADERS.loginName]: loginName, [AUTH_HEADERS.password]: password },
        body: {},
      });
      const profile = profileFromSession(session);
      writeProfile(profile);
      resetUnauthorizedNotice();
      let config: PermissionConfig;
      try {
        config = (await callApi(AUTH_API.config, { context: 'public' })).data;
      } catch (error) {
        clearStorage();
        throw error;
      }
      const landing = landingAfterLogin(session.resetPassword, config, from, profile.roleCodes);
      if (landing === PUBLIC_ROUTES.login) {
        // Logged in, but the role (inactive, or without privileges) opens nothing: say so, keep nothing.
        await callApi(AUTH_API.logout, { context: 'background' }).catch(() => undefined);
        clearStorage();
        throw new NoScreenPermittedError();
      }
      writeConfig(config);
      queryClient.setQueryData(configQueryKey, config);
      return landing;
    },
    onSuccess: (landing) => {
      navigate(landing, { replace: true });
    },
  });
}

/** A login whose role opens no screen: the session is ended again, and the form says why. */
class NoScreenPermittedError extends Error {
  constructor() {
    super(AUTH_MESSAGES.noScreenPermitted);
  }
}

export const loginErrorMessage = (error: unknown): string =>
  error instanceof NoScreenPermittedError ? error.message : describeError(error);

/** Ends the session on the server when there is one (POST /logout; a failure changes nothing here). */
export function revokeSession(): Promise<unknown> {
  return readProfile()?.token
    ? callApi(AUTH_API.logout, { context: 'background' }).catch(() => undefined)
    : Promise.resolve();
}
