import type { Request } from 'express';
import { AUTH_HEADERS } from '@rayworks/contracts';

/** The caller's credentials in the shape of the typed client's `Credentials` (libs/api-client), without depending on it. */
export interface CallerCredentialsOf {
  token: string;
  sessionToken?: string;
  companyId?: string;
  groupId: string | null;
  centerIds?: readonly string[];
}

/**
 * The caller's own credentials as its request carried them (spec §7 headers), to call another service on the
 * caller's behalf with the typed client (that service checks the same token, session and privileges itself): a
 * contract handler's `call.credentials` (contract-call.ts). Only on a signed-in route: the auth guard has verified
 * them before the handler runs.
 */
export function callerCredentialsOf(req: Request): CallerCredentialsOf {
  const headers = req.headers;
  const one = (name: string): string | undefined => {
    const value = headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  const authorization = one(AUTH_HEADERS.authorization) ?? '';
  const centerIds = one(AUTH_HEADERS.centerIds);
  return {
    token: authorization.replace(/^Bearer\s+/i, ''),
    sessionToken: one(AUTH_HEADERS.sessionToken),
    companyId: one(AUTH_HEADERS.companyId),
    groupId: one(AUTH_HEADERS.groupId) ?? null,
    centerIds: centerIds
      ? centerIds
          .split(',')
          .map((c) => c.trim())
          .filter(Boolean)
      : undefined,
  };
}
