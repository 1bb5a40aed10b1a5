import { z } from 'zod';
import { permissionConfigSchema } from '../access/permission-config.js';
import { endpoint as ep } from '../api/endpoint.js';
import { userSessionSchema } from './api.js';
import { none } from './endpoint-fields.js';

/**
 * Signing in and out (spec §7 paths word for word): the session's tokens and the caller's permission configuration
 * (services/auth sessions).
 */
export const SESSION_ENDPOINTS = {
  login: ep({
    method: 'POST',
    path: '/login',
    access: 'public',
    body: none,
    data: userSessionSchema,
    errors: [401, 429],
  }),
  logout: ep({ method: 'POST', path: '/logout', access: 'authenticated', body: none, data: z.null() }),
  /**
   * A new access token for a live session; the (possibly expired) token and the session token are checked by the
   * handler.
   */
  refreshToken: ep({
    method: 'POST',
    path: '/token/refresh',
    access: 'public',
    body: none,
    data: z.object({
      token: z.string(),
      expiresIn: z.number().int().positive(),
      resetPassword: z.boolean(),
    }),
    errors: [401, 440],
  }),
  config: ep({ method: 'GET', path: '/config', access: 'authenticated', body: none, data: permissionConfigSchema }),
};
