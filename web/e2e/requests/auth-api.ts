import { ApiClient, credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import { AUTH_API, type Endpoint, type UserSession } from '@rayworks/contracts';
import type { z } from 'zod';
import { BASE_URL } from '../support/browser';

export { ApiError } from '@rayworks/api-client';

/**
 * Seeding through the API (web/e2e/requests): the typed client (libs/api-client) through the gateway, as the
 * console calls it, with plain JSON bodies (no x-encrypted), which the service accepts.
 */
export const client = new ApiClient({ baseUrl: BASE_URL });

/** A logged-in API session. */
export class ApiSession {
  /** The session's credentials, for libs/testing's helpers that take the typed client and a session. */
  readonly credentials: Credentials;

  private constructor(readonly session: UserSession) {
    this.credentials = credentialsOf(session);
  }

  static async login(loginName: string, password: string): Promise<ApiSession> {
    return new ApiSession(await client.call(AUTH_API.login, {}, { headers: loginHeaders(loginName, password) }));
  }

  call<E extends Endpoint>(
    endpoint: E,
    body?: z.input<E['body']>,
    params?: Record<string, string>,
  ): Promise<z.output<E['data']>> {
    return client.call(endpoint, body ?? ({} as z.input<E['body']>), { session: this.credentials, params });
  }

  async logout(): Promise<void> {
    await this.call(AUTH_API.logout).catch(() => undefined);
  }
}

/** Calls a public endpoint (forgot and reset password). */
export const callPublic = <E extends Endpoint>(endpoint: E, body: z.input<E['body']>): Promise<z.output<E['data']>> =>
  client.call(endpoint, body, { session: null });
