import { randomInt } from 'node:crypto';
import { AUTH_HEADERS, SERVICE_PORTS, encryptBody, type Endpoint, type UserSession } from '@rayworks/contracts';

/** The auth service under test: the one npm test started, or AUTH_SERVICE_URL. */
export const AUTH_URL = process.env.AUTH_SERVICE_URL ?? `http://127.0.0.1:${SERVICE_PORTS.auth}`;

export interface Session {
  token: string;
  sessionToken: string;
  userId: string;
  tenantId: string;
  data: UserSession;
}

export interface Reply<T = unknown> {
  status: number;
  body: { status: 'success' | 'error'; data: T; message: string };
}

export interface CallOptions {
  session?: Session | null;
  headers?: Record<string, string>;
  encrypted?: boolean;
  /** Replaces :params in the path. */
  params?: Record<string, string>;
}

/** A client address of its own (X-Forwarded-For, trusted one hop), so login rate limits of one test touch no other. */
export const randomAddress = (): string => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** Calls the auth service as the console does: headers of spec §7, optional encrypted bodies. */
export class AuthClient {
  constructor(
    readonly baseUrl: string = AUTH_URL,
    readonly address: string = randomAddress(),
  ) {}

  async request<T = unknown>(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    options: CallOptions = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'x-forwarded-for': this.address,
      ...options.headers,
    };
    if (options.session) {
      headers.authorization = `Bearer ${options.session.token}`;
      headers[AUTH_HEADERS.sessionToken] = options.session.sessionToken;
    }
    let payload = body;
    if (options.encrypted && options.session) {
      payload = await encryptBody(options.session.sessionToken, body);
      headers[AUTH_HEADERS.encrypted] = 'true';
    }
    let url = path;
    for (const [name, value] of Object.entries(options.params ?? {}))
      url = url.replace(`:${name}`, encodeURIComponent(value));
    const res = await fetch(`${this.baseUrl}${url}`, {
      method,
      headers,
      body: method === 'GET' ? undefined : JSON.stringify(payload ?? {}),
    });
    const text = await res.text();
    let parsed: Reply<T>['body'];
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new Error(`${method} ${url} answered ${res.status} with a body that is not JSON: ${text.slice(0, 200)}`);
    }
    return { status: res.status, body: parsed };
  }

  call<T = unknown>(
    endpoint: Pick<Endpoint, 'method' | 'path'>,
    body: unknown,
    options: CallOptions = {},
  ): Promise<Reply<T>> {
    return this.request<T>(endpoint.method, endpoint.path, body, options);
  }

  async tryLogin(loginName: string, password: string): Promise<Reply<UserSession>> {
    return this.request<UserSession>('POST', '/login', undefined, {
      headers: { [AUTH_HEADERS.loginName]: loginName, [AUTH_HEADERS.password]: password },
    });
  }

  async login(loginName: string, password: string): Promise<Session> {
    const reply = await this.tryLogin(loginName, password);
    if (reply.status !== 200) throw new Error(`login of ${loginName} failed: ${reply.status} ${reply.body.message}`);
    const data = reply.body.data;
    return {
      token: data.token,
      sessionToken: data.sessionToken,
      userId: data._id,
      tenantId: data.user.companyID,
      data,
    };
  }
}
