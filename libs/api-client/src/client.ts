import {
  AUTH_API,
  AUTH_HEADERS,
  SESSION_EXPIRED_STATUS,
  encryptBody,
  fillPath,
  serviceApiPrefix,
  type Endpoint,
  type ServiceName,
} from '@rayworks/contracts';
import type { z } from 'zod';
import { ApiError, type ApiEnvelope } from './errors.js';

/**
 * The one typed HTTP client of Rayworks (the console, the end-to-end seeding, the integration tests, the gateway's
 * probes): a call names an endpoint of libs/contracts (`AUTH_API.getUser`, later `CASES_API.x`), which says its
 * service, method, path and schemas. The client adds the headers of spec §7, encrypts the body for the session
 * when asked, renews the access token of its session, checks the `{ status, data, message }` answer against the
 * contract and turns every failure into one ApiError. Plain `fetch` and WebCrypto only: browsers and Node 24.
 */

/** What a signed-in caller sends (spec §7). Absent fields are not sent. */
export interface Credentials {
  token: string;
  sessionToken?: string;
  /** x-company-id, x-group-id and x-center-ids: they can only narrow what the token allows. */
  companyId?: string;
  groupId?: string | null;
  centerIds?: readonly string[];
  /** ms since epoch when the access token expires (from the login answer's expiresIn). */
  expiresAt?: number;
}

/** Where the client keeps its signed-in caller, e.g. the console's stored profile. */
export interface SessionSource {
  current(): Credentials | null;
  /** A renewal of `previous` succeeded; store the new token unless the session changed meanwhile. */
  renewed(previous: Credentials, next: { token: string; expiresAt: number; resetPassword: boolean }): void;
}

export type RenewalOutcome = 'renewed' | 'unauthorized' | 'session-expired' | 'failed';

export interface ApiClientOptions {
  /**
   * A string: the gateway's origin ('' in the browser: same origin); a call goes to `<base>/api/<service><path>`.
   * A function: each service's own base URL (straight to the service, no gateway); a call goes to `<base><path>`.
   */
  baseUrl: string | ((service: ServiceName) => string);
  /** The signed-in caller; without it calls carry only what their options give. */
  session?: SessionSource;
  /** Encrypt POST bodies of the session (x-encrypted) when WebCrypto is there. Default false. */
  encryptBodies?: boolean;
  /** Renew the session's access token shortly before it expires and once after a 401. Default true. */
  renewTokens?: boolean;
  /** Renew this long before the token expires. Default 60 s. */
  renewBeforeMs?: number;
  /** Headers every request carries (e.g. X-Forwarded-For in tests). */
  headers?: Record<string, string>;
  fetch?: typeof fetch;
  /** Called after every renewal (the console re-reads its permission configuration). */
  onRenewed?: () => void;
}

export interface CallOptions {
  /** Values of the path's :params. */
  params?: Record<string, string>;
  /** Extra headers (e.g. loginname and password for AUTH_API.login). */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * The caller for this call only, sent whatever the endpoint's access rule (null: anonymous). Its token is not
   * renewed. Without it the client's session is used for endpoints that are not public.
   */
  session?: Credentials | null;
  /** Encrypt this call's body (needs a session token); defaults to the client's encryptBodies. */
  encrypted?: boolean;
  /**
   * A call the console makes on its own (a periodic poll), not for the user: it carries AUTH_HEADERS.background and
   * does not slide the session's idle timeout, nor does the token renewal it causes.
   */
  background?: boolean;
}

export interface RawOptions extends CallOptions {
  /** The body's text exactly as given (tests of malformed bodies); `body` is then ignored. */
  rawBody?: string;
}

/** A whole answer: the HTTP status and the body as the server sent it (for tests that assert error answers). */
export interface ApiReply<T = unknown> {
  status: number;
  body: ApiEnvelope<T>;
}

type Data<E extends Endpoint> = z.output<E['data']>;
type Body<E extends Endpoint> = z.input<E['body']>;

const DEFAULT_RENEW_BEFORE_MS = 60_000;
/** Marks an answer that is not a success (its data is not the contract's). */
const NOT_SUCCESS: unique symbol = Symbol('not-success');

/** The headers of a signed-in caller (spec §7). `submoduleType` is the privilege's module of the endpoint. */
export function credentialHeaders(credentials: Credentials | null, submoduleType?: string): Record<string, string> {
  if (!credentials?.token) return {};
  const headers: Record<string, string> = { [AUTH_HEADERS.authorization]: `Bearer ${credentials.token}` };
  if (credentials.sessionToken) {
    headers[AUTH_HEADERS.sessionToken] = credentials.sessionToken;
    headers[AUTH_HEADERS.sessionEnabled] = 'true';
  }
  if (credentials.companyId) headers[AUTH_HEADERS.companyId] = credentials.companyId;
  if (credentials.groupId) headers[AUTH_HEADERS.groupId] = credentials.groupId;
  if (credentials.centerIds && credentials.centerIds.length > 0)
    headers[AUTH_HEADERS.centerIds] = credentials.centerIds.join(',');
  if (submoduleType) headers[AUTH_HEADERS.submoduleType] = submoduleType;
  return headers;
}

/** The headers of POST /login (AUTH_API.login). */
export const loginHeaders = (loginName: string, password: string): Record<string, string> => ({
  [AUTH_HEADERS.loginName]: loginName,
  [AUTH_HEADERS.password]: password,
});

/** The credentials of a login answer (AUTH_API.login's data). */
export function credentialsOf(
  session: {
    token: string;
    sessionToken: string;
    groupID: string | null;
    centerID: string[];
    expiresIn: number;
    user: { companyID: string | null };
  },
  now = Date.now(),
): Credentials {
  return {
    token: session.token,
    sessionToken: session.sessionToken,
    companyId: session.user.companyID ?? undefined,
    groupId: session.groupID,
    centerIds: session.centerID,
    expiresAt: now + session.expiresIn * 1000,
  };
}

/**
 * A GET's body is its query string (the server reads a GET contract's `body` from it): each defined value as text,
 * an array as the key repeated. Values that are objects have no query form and are refused.
 */
export function withQuery(path: string, body: unknown): string {
  if (body === undefined || body === null) return path;
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item === undefined) continue;
      if (item !== null && typeof item === 'object') throw new Error(`${key}: an object has no query-string form`);
      query.append(key, String(item));
    }
  }
  const text = query.toString();
  return text ? `${path}${path.includes('?') ? '&' : '?'}${text}` : path;
}

const isEnvelope = (value: unknown): value is ApiEnvelope<unknown> =>
  typeof value === 'object' && value !== null && 'status' in value && 'message' in value;

interface Checked<E extends Endpoint> {
  status: number;
  body: ApiEnvelope<unknown>;
  data: Data<E> | typeof NOT_SUCCESS;
}

interface Exchange {
  status: number;
  /** The parsed JSON, or undefined when the body was not JSON. */
  json: unknown;
  text: string;
  headers: Headers;
}

/** A file answer (ApiClient.file). */
export interface FileAnswer {
  bytes: Uint8Array;
  contentType: string;
  /** From Content-Disposition (filename* or filename), or null. */
  fileName: string | null;
  headers: Headers;
}

/** The file name of a Content-Disposition header (RFC 6266: filename* wins over filename). */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(disposition);
  return plain ? (plain[2] ?? plain[1]!).trim() : null;
}

export class ApiClient {
  private renewal: Promise<RenewalOutcome> | null = null;

  constructor(readonly options: ApiClientOptions) {}

  /** The URL of a service's path (no :params left). */
  url(service: ServiceName, path: string): string {
    const { baseUrl } = this.options;
    return typeof baseUrl === 'string' ? `${baseUrl}${serviceApiPrefix(service)}${path}` : `${baseUrl(service)}${path}`;
  }

  /** Calls an endpoint and returns its `data`, checked against the contract; anything else throws ApiError. */
  async call<E extends Endpoint>(endpoint: E, body?: Body<E>, options: CallOptions = {}): Promise<Data<E>> {
    return (await this.result(endpoint, body, options)).data;
  }

  /** As `call`, with the answer's message (the console shows success messages). */
  async result<E extends Endpoint>(
    endpoint: E,
    body?: Body<E>,
    options: CallOptions = {},
  ): Promise<{ data: Data<E>; message: string }> {
    const answer = await this.checked(endpoint, body, options);
    if (answer.data === NOT_SUCCESS)
      throw ApiError.http(
        endpoint.service,
        endpoint.method,
        this.pathOf(endpoint, options),
        answer.status,
        answer.body,
      );
    return { data: answer.data, message: answer.body.message };
  }

  /**
   * Calls an endpoint and returns the whole answer whatever its status (tests assert 4xx answers with it).
   * The body is as the server sent it; a success is checked against the contract (ApiError 'invalid-response'
   * otherwise) and an error answer must still be `{ status, data, message }` JSON. Network failures throw.
   */
  async reply<E extends Endpoint>(endpoint: E, body?: Body<E>, options: CallOptions = {}): Promise<ApiReply<Data<E>>> {
    const { status, body: envelope } = await this.checked(endpoint, body, options);
    return { status, body: envelope as ApiEnvelope<Data<E>> };
  }

  private async checked<E extends Endpoint>(
    endpoint: E,
    body: Body<E> | undefined,
    options: CallOptions,
  ): Promise<Checked<E>> {
    const path = withQuery(this.pathOf(endpoint, options), endpoint.method === 'GET' ? body : undefined);
    const submodule = typeof endpoint.access === 'object' ? endpoint.access.type : undefined;
    const useSession = options.session === undefined && endpoint.access !== 'public' && this.options.session;
    if (useSession && (this.options.renewTokens ?? true) && this.needsRenewal())
      await this.renew({ background: options.background });

    const send = () =>
      this.exchange(endpoint.service, endpoint.method, path, endpoint.method === 'POST' ? (body ?? {}) : undefined, {
        ...options,
        session: options.session !== undefined ? options.session : useSession ? this.options.session!.current() : null,
        submodule,
      });
    let answer = await send();
    if (answer.status === 401 && useSession && (this.options.renewTokens ?? true)) {
      const renewed = await this.renew({ background: options.background });
      if (renewed === 'renewed') answer = await send();
      else if (renewed === 'session-expired')
        throw ApiError.http(endpoint.service, endpoint.method, path, SESSION_EXPIRED_STATUS, null);
    }
    return this.check(endpoint, path, answer);
  }

  /**
   * A request no contract describes (a service's /health/ready, /docs-json, a deliberately unknown path):
   * the status and the JSON body, unchecked. `service` null means the gateway's own path.
   */
  async raw(
    service: ServiceName | null,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    options: RawOptions = {},
  ): Promise<{ status: number; body: unknown; text: string; headers: Headers }> {
    const answer = await this.exchange(service, method, path, method === 'POST' ? (body ?? {}) : undefined, {
      ...options,
      session: options.session ?? null,
    });
    return { status: answer.status, body: answer.json, text: answer.text, headers: answer.headers };
  }

  /**
   * Renews the session's access token once for all callers waiting on it (AUTH_API.refreshToken with the
   * possibly expired token and the session token).
   */
  renew({ background = false }: { background?: boolean } = {}): Promise<RenewalOutcome> {
    this.renewal ??= this.renewOnce(background).finally(() => {
      this.renewal = null;
    });
    return this.renewal;
  }

  /** Whether the session's token expires within renewBeforeMs. */
  needsRenewal(now = Date.now()): boolean {
    const current = this.options.session?.current();
    return Boolean(
      current?.token &&
      current.sessionToken &&
      current.expiresAt !== undefined &&
      now >= current.expiresAt - (this.options.renewBeforeMs ?? DEFAULT_RENEW_BEFORE_MS),
    );
  }

  private async renewOnce(background: boolean): Promise<RenewalOutcome> {
    const source = this.options.session;
    const previous = source?.current();
    if (!source || !previous?.token || !previous.sessionToken) return 'unauthorized';
    let answer: Checked<typeof AUTH_API.refreshToken>;
    try {
      answer = await this.checked(AUTH_API.refreshToken, {}, { session: previous, encrypted: false, background });
    } catch {
      return 'failed';
    }
    if (answer.status === SESSION_EXPIRED_STATUS) return 'session-expired';
    if (answer.status === 401) return 'unauthorized';
    if (answer.data === NOT_SUCCESS) return 'failed';
    const { token, expiresIn, resetPassword } = answer.data;
    source.renewed(previous, { token, expiresAt: Date.now() + expiresIn * 1000, resetPassword });
    this.options.onRenewed?.();
    return 'renewed';
  }

  private pathOf(endpoint: Endpoint, options: CallOptions): string {
    return fillPath(endpoint.path, options.params);
  }

  private check<E extends Endpoint>(endpoint: E, path: string, answer: Exchange): Checked<E> {
    const { service, method } = endpoint;
    if (!isEnvelope(answer.json) && (answer.status < 200 || answer.status >= 300))
      // an error answer that is not ours (a proxy's HTML page): its status still says what happened
      throw ApiError.http(service, method, path, answer.status, null);
    if (!isEnvelope(answer.json)) {
      const detail = answer.text ? `: ${answer.text.slice(0, 200)}` : '';
      throw ApiError.invalid(
        service,
        method,
        path,
        answer.status,
        `the answer is not { status, data, message }${detail}`,
      );
    }
    const envelope = answer.json;
    if (answer.status >= 200 && answer.status < 300 && envelope.status === 'success') {
      const parsed = endpoint.data.safeParse(envelope.data);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const where = issue?.path.length ? `data.${issue.path.join('.')}: ` : '';
        throw ApiError.invalid(service, method, path, answer.status, `${where}${issue?.message ?? 'invalid data'}`);
      }
      return { status: answer.status, body: envelope, data: parsed.data as Data<E> };
    }
    return { status: answer.status, body: envelope, data: NOT_SUCCESS };
  }

  private async exchange(
    service: ServiceName | null,
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    options: RawOptions & { submodule?: string },
  ): Promise<Exchange> {
    const response = await this.send(service, method, path, body, options);
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      // cancelled while the body was arriving (a query superseded by a newer one): an abort, not a broken answer
      if (options.signal?.aborted) throw error;
      text = '';
    }
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return { status: response.status, json, text, headers: response.headers };
  }

  /** One HTTP request with the headers of spec §7 (and the body encrypted when asked); the Response unread. */
  private async send(
    service: ServiceName | null,
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    options: RawOptions & { submodule?: string; accept?: string },
  ): Promise<Response> {
    const credentials = options.session ?? null;
    let payload = body;
    const headers: Record<string, string> = { accept: options.accept ?? 'application/json', ...this.options.headers };
    const encrypt = options.encrypted ?? this.options.encryptBodies ?? false;
    if (body !== undefined) {
      headers['content-type'] = 'application/json';
      if (encrypt && credentials?.sessionToken && globalThis.crypto?.subtle) {
        payload = await encryptBody(credentials.sessionToken, body);
        headers[AUTH_HEADERS.encrypted] = 'true';
      }
    }
    Object.assign(headers, credentialHeaders(credentials, options.submodule), options.headers);
    if (options.background) headers[AUTH_HEADERS.background] = 'true';
    const url = service === null ? this.gatewayUrl(path) : this.url(service, path);
    const where = service ?? 'gateway';
    try {
      return await (this.options.fetch ?? fetch)(url, {
        method,
        headers,
        body: options.rawBody ?? (payload === undefined ? undefined : JSON.stringify(payload)),
        signal: options.signal,
        credentials: 'same-origin',
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw ApiError.network(where, method, path, error);
    }
  }

  /**
   * Calls an endpoint whose success answer is a file (the contract's `produces`, e.g. CASES_API.exportCases): the
   * bytes, their content type and the file name of Content-Disposition. An error answer (JSON
   * `{ status, data, message }`) throws ApiError as `call` does.
   */
  async file<E extends Endpoint>(endpoint: E, body?: Body<E>, options: CallOptions = {}): Promise<FileAnswer> {
    if (!endpoint.produces) throw new Error(`${endpoint.path} does not answer a file`);
    const path = withQuery(this.pathOf(endpoint, options), endpoint.method === 'GET' ? body : undefined);
    const submodule = typeof endpoint.access === 'object' ? endpoint.access.type : undefined;
    const useSession = options.session === undefined && endpoint.access !== 'public' && this.options.session;
    if (useSession && (this.options.renewTokens ?? true) && this.needsRenewal())
      await this.renew({ background: options.background });
    const send = () =>
      this.send(endpoint.service, endpoint.method, path, endpoint.method === 'POST' ? (body ?? {}) : undefined, {
        ...options,
        session: options.session !== undefined ? options.session : useSession ? this.options.session!.current() : null,
        submodule,
        accept: [...endpoint.produces!, 'application/json'].join(', '),
      });
    let response = await send();
    if (response.status === 401 && useSession && (this.options.renewTokens ?? true)) {
      await response.body?.cancel().catch(() => undefined);
      const renewed = await this.renew({ background: options.background });
      if (renewed === 'renewed') response = await send();
      else if (renewed === 'session-expired')
        throw ApiError.http(endpoint.service, endpoint.method, path, SESSION_EXPIRED_STATUS, null);
    }
    const contentType = response.headers.get('content-type') ?? '';
    if (response.status < 200 || response.status >= 300 || contentType.startsWith('application/json')) {
      const text = await response.text().catch(() => '');
      let json: unknown;
      try {
        json = text ? JSON.parse(text) : undefined;
      } catch {
        json = undefined;
      }
      throw ApiError.http(
        endpoint.service,
        endpoint.method,
        path,
        response.status,
        isEnvelope(json) ? (json as ApiEnvelope<unknown>) : null,
      );
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    return {
      bytes,
      contentType,
      fileName: fileNameOf(response.headers.get('content-disposition')),
      headers: response.headers,
    };
  }

  private gatewayUrl(path: string): string {
    const { baseUrl } = this.options;
    if (typeof baseUrl !== 'string') throw new Error('this client goes straight to services: it has no gateway');
    return `${baseUrl}${path}`;
  }
}

export const createApiClient = (options: ApiClientOptions): ApiClient => new ApiClient(options);
