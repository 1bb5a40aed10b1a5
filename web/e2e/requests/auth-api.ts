import { AUTH_API, AUTH_HEADERS, serviceApiPrefix, type Endpoint, type UserSession } from '@rayworks/contracts';
import type { z } from 'zod';
import { BASE_URL } from '../support/browser';

/**
 * Seeding through the API (web/e2e/requests): the same endpoints the console calls, through the gateway,
 * with plain JSON bodies (no x-encrypted), which the service accepts.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(`${status}: ${message}`);
  }
}

async function send<E extends Endpoint>(
  endpoint: E,
  body: unknown,
  headers: Record<string, string>,
  params: Record<string, string> = {},
) {
  const path = endpoint.path.replace(/:([A-Za-z]+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
  const response = await fetch(`${BASE_URL}${serviceApiPrefix('auth')}${path}`, {
    method: endpoint.method,
    headers: {
      Accept: 'application/json',
      ...(endpoint.method === 'POST' ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
    body: endpoint.method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
  });
  const envelope = (await response.json().catch(() => null)) as {
    status?: string;
    data?: unknown;
    message?: string;
  } | null;
  if (!response.ok || envelope?.status !== 'success')
    throw new ApiError(response.status, envelope?.message ?? response.statusText);
  return endpoint.data.parse(envelope.data) as z.output<E['data']>;
}

/** A logged-in API session. */
export class ApiSession {
  private constructor(readonly session: UserSession) {}

  static async login(loginName: string, password: string): Promise<ApiSession> {
    const session = await send(
      AUTH_API.login,
      {},
      { [AUTH_HEADERS.loginName]: loginName, [AUTH_HEADERS.password]: password },
    );
    return new ApiSession(session);
  }

  get headers(): Record<string, string> {
    return {
      [AUTH_HEADERS.authorization]: `Bearer ${this.session.token}`,
      [AUTH_HEADERS.sessionToken]: this.session.sessionToken,
      [AUTH_HEADERS.companyId]: this.session.user.companyID,
      [AUTH_HEADERS.sessionEnabled]: 'true',
    };
  }

  call<E extends Endpoint>(
    endpoint: E,
    body?: z.input<E['body']>,
    params?: Record<string, string>,
  ): Promise<z.output<E['data']>> {
    return send(endpoint, body ?? {}, this.headers, params);
  }

  async logout(): Promise<void> {
    await this.call(AUTH_API.logout).catch(() => undefined);
  }
}

/** Calls a public endpoint (forgot and reset password). */
export const callPublic = <E extends Endpoint>(endpoint: E, body: z.input<E['body']>) => send(endpoint, body, {});
