/**
 * A small typed JSON helper for calls to the gateway (same origin).
 * Every failure becomes an ApiError the screens can explain: a network failure (no HTTP status),
 * an HTTP status the caller did not expect, or a body that does not match the expected contract.
 */

/** What the helper needs from a schema: zod's `safeParse` shape, without depending on zod here. */
export interface ResponseSchema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { message: string } };
}

export type ApiErrorKind = 'network' | 'http' | 'invalid-response';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    /** The HTTP status, when the server answered. */
    readonly status: number | null = null,
    readonly path: string = '',
  ) {
    super(message);
  }
}

export interface RequestJsonOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /** Validates (and types) the body. Without it the body is returned as `unknown`. */
  schema?: ResponseSchema<T>;
  /** HTTP statuses whose body is a valid answer (default: any 2xx). E.g. [200, 503] for readiness reports. */
  acceptStatuses?: readonly number[];
  signal?: AbortSignal;
}

export interface JsonResponse<T> {
  status: number;
  data: T;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

export function describeHttpStatus(status: number): string {
  const text = STATUS_TEXT[status];
  return text ? `HTTP ${status} ${text}` : `HTTP ${status}`;
}

export async function requestJson<T = unknown>(
  path: string,
  options: RequestJsonOptions<T> = {},
): Promise<JsonResponse<T>> {
  const { method = 'GET', body, schema, acceptStatuses, signal } = options;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      signal,
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError('network', 'No answer: the network request failed.', null, path);
  }

  const accepted = acceptStatuses ? acceptStatuses.includes(response.status) : response.ok;
  const payload: unknown = await response.json().catch(() => undefined);
  if (!accepted) {
    const serverMessage =
      payload && typeof payload === 'object' && 'message' in payload && typeof payload.message === 'string'
        ? `: ${payload.message}`
        : '';
    throw new ApiError('http', `${describeHttpStatus(response.status)}${serverMessage}`, response.status, path);
  }
  if (!schema) return { status: response.status, data: payload as T };
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    throw new ApiError(
      'invalid-response',
      `Unexpected answer (${describeHttpStatus(response.status)}).`,
      response.status,
      path,
    );
  }
  return { status: response.status, data: parsed.data };
}

export const getJson = <T = unknown>(path: string, options: Omit<RequestJsonOptions<T>, 'method' | 'body'> = {}) =>
  requestJson<T>(path, { ...options, method: 'GET' });
