import type { ServiceName } from '@rayworks/contracts';

/** Every answer of a service (spec §7). */
export interface ApiEnvelope<T> {
  status: 'success' | 'error';
  data: T;
  message: string;
}

/**
 * Why a call failed:
 * - 'network': no HTTP answer (offline, refused, reset);
 * - 'http': an answer other than a success: `status` and the server's `serverMessage` (a 400's is `<field>: <reason>`;
 *   a 503 through the gateway names the unreachable `service`);
 * - 'invalid-response': a success whose body breaks the contract, or a body that is not `{ status, data, message }`.
 */
export type ApiErrorKind = 'network' | 'http' | 'invalid-response';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  410: 'Gone',
  429: 'Too Many Requests',
  440: 'Session Expired',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
  504: 'Gateway Timeout',
};

/** "HTTP 503 Service Unavailable". */
export function describeHttpStatus(status: number): string {
  const text = STATUS_TEXT[status];
  return text ? `HTTP ${status} ${text}` : `HTTP ${status}`;
}

export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly kind: ApiErrorKind,
    message: string,
    /** The HTTP status, when the server answered. */
    readonly status: number | null,
    /** The service the call was for ('gateway' for the gateway's own paths). */
    readonly service: ServiceName | 'gateway',
    readonly method: string,
    readonly path: string,
    /** The server's own message (`message` of the answer), when it gave one. */
    readonly serverMessage: string | null = null,
    /** For a 503 of the gateway: the service it could not reach. */
    readonly unavailableService: string | null = null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }

  static network(service: ServiceName | 'gateway', method: string, path: string, cause: unknown): ApiError {
    return new ApiError(
      'network',
      `${method} ${path}: no answer (the network request failed)`,
      null,
      service,
      method,
      path,
      null,
      null,
      {
        cause,
      },
    );
  }

  static http(service: ServiceName | 'gateway', method: string, path: string, status: number, body: unknown): ApiError {
    const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
    const serverMessage = typeof record.message === 'string' && record.message.trim() !== '' ? record.message : null;
    const unavailable = status === 503 && typeof record.service === 'string' ? record.service : null;
    const text = `${method} ${path}: ${describeHttpStatus(status)}${serverMessage ? `: ${serverMessage}` : ''}`;
    return new ApiError('http', text, status, service, method, path, serverMessage, unavailable);
  }

  static invalid(
    service: ServiceName | 'gateway',
    method: string,
    path: string,
    status: number,
    why: string,
  ): ApiError {
    return new ApiError(
      'invalid-response',
      `${method} ${path}: unexpected answer (${describeHttpStatus(status)}): ${why}`,
      status,
      service,
      method,
      path,
    );
  }
}
