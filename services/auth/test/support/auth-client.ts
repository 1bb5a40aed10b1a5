import { randomInt } from 'node:crypto';
import { ApiClient, loginHeaders, type ApiReply, type Credentials } from '@rayworks/api-client';
import { AUTH_API, SERVICE_PORTS, errorStatusesOf, type Endpoint, type UserSession } from '@rayworks/contracts';

/** The auth service under test: the one npm test started, or AUTH_SERVICE_URL. */
export const AUTH_URL = process.env.AUTH_SERVICE_URL ?? `http://127.0.0.1:${SERVICE_PORTS.auth}`;

export interface Session {
  token: string;
  sessionToken: string;
  userId: string;
  tenantId: string;
  data: UserSession;
}

export type Reply<T = unknown> = ApiReply<T>;

export interface CallOptions {
  session?: Session | null;
  /** request() only: the body's text exactly as given (malformed bodies). */
  rawBody?: string;
  headers?: Record<string, string>;
  encrypted?: boolean;
  /** Replaces :params in the path. */
  params?: Record<string, string>;
}

/** A client address of its own (X-Forwarded-For, trusted one hop), so login rate limits of one test touch no other. */
export const randomAddress = (): string => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** What the service sees of a test session: the token and the session token, as the tests always sent them. */
const credentials = (session: Session | null | undefined): Credentials | null =>
  session ? { token: session.token, sessionToken: session.sessionToken } : null;

/**
 * The integration tests' view of the auth service: the typed client (libs/api-client) straight to the service,
 * answering whole replies so a test can assert any status. Every call through a contract endpoint also checks
 * that the status is one the endpoint's contract (and so its OpenAPI document) declares.
 */
export class AuthClient {
  readonly client: ApiClient;

  constructor(
    readonly baseUrl: string = AUTH_URL,
    readonly address: string = randomAddress(),
  ) {
    this.client = new ApiClient({
      baseUrl: () => baseUrl,
      headers: { 'x-forwarded-for': address },
      renewTokens: false,
    });
  }

  /** A path no contract describes (e.g. an unknown route); the answer must still be JSON. */
  async request<T = unknown>(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    options: CallOptions = {},
  ): Promise<Reply<T>> {
    const known = Object.values(AUTH_API).find((e) => e.method === method && e.path === path);
    if (known && options.rawBody === undefined) return this.call<T>(known, body, options);
    const answer = await this.client.raw('auth', method, path, body, {
      session: credentials(options.session),
      headers: options.headers,
      params: options.params,
      encrypted: options.encrypted,
      rawBody: options.rawBody,
    });
    if (answer.body === undefined)
      throw new Error(
        `${method} ${path} answered ${answer.status} with a body that is not JSON: ${answer.text.slice(0, 200)}`,
      );
    return { status: answer.status, body: answer.body as Reply<T>['body'] };
  }

  async call<T = unknown>(endpoint: Endpoint, body: unknown, options: CallOptions = {}): Promise<Reply<T>> {
    const reply = await this.client.reply(endpoint, body as never, {
      session: credentials(options.session),
      headers: options.headers,
      params: options.params,
      encrypted: options.encrypted ?? false,
    });
    if (reply.status !== 200 && !(errorStatusesOf(endpoint) as number[]).includes(reply.status))
      throw new Error(
        `${endpoint.method} ${endpoint.path} answered ${reply.status}, a status its contract does not declare ` +
          `(${errorStatusesOf(endpoint).join(', ')}): add it to the endpoint's errors in libs/contracts`,
      );
    return reply as Reply<T>;
  }

  tryLogin(loginName: string, password: string): Promise<Reply<UserSession>> {
    return this.call<UserSession>(AUTH_API.login, undefined, { headers: loginHeaders(loginName, password) });
  }

  async login(loginName: string, password: string): Promise<Session> {
    const reply = await this.tryLogin(loginName, password);
    if (reply.status !== 200) throw new Error(`login of ${loginName} failed: ${reply.status} ${reply.body.message}`);
    const data = reply.body.data;
    return {
      token: data.token,
      sessionToken: data.sessionToken,
      userId: data._id,
      // null only for a platform operator
      tenantId: data.user.companyID ?? '',
      data,
    };
  }
}
