import { ApiError } from '@rayworks/api-client';
import { AUTH_MESSAGES, PUBLIC_ROUTES, fillPath, type Endpoint } from '@rayworks/contracts';
import type { z } from 'zod';
import { toastError } from '../shared/ui/toast';
import { currentLocation, navigateTo } from './navigation';
import { decideFailure, type CallContext, type Failure, type PolicyAction } from './policy';
import { consoleClient } from './session';
import { clearStorage, flagSessionExpired, rememberOfflineOrigin } from './storage';

/**
 * The console's layer over the typed client (libs/api-client, `consoleClient` in api/session.ts): the client
 * adds the headers, encrypts bodies, renews the token and checks the answer against the contract of any
 * service; this layer carries out the console's error catalogue (api/policy.ts, spec §8). Screens only see data
 * or an ApiCallError.
 */
export class ApiCallError extends Error {
  override readonly name = 'ApiCallError';
  constructor(
    /** HTTP status; null when the network failed or the answer broke the contract. */
    readonly status: number | null,
    message: string,
    /** What the policy did about it (navigate, toast, ...). */
    readonly handledAs: PolicyAction['type'] | 'invalid-response',
    readonly path: string,
  ) {
    super(message);
  }
}

/** A message a screen can show for any failure; 403 rejects with the status only, so it is worded here. */
export function describeError(error: unknown): string {
  if (error instanceof ApiCallError) {
    if (error.status === 403) return AUTH_MESSAGES.forbidden;
    if (error.status === 404 && !error.message) return AUTH_MESSAGES.notFound;
    return error.message || AUTH_MESSAGES.genericError;
  }
  return AUTH_MESSAGES.genericError;
}

/** Whether the error catalogue already told the user (a toast, or another page): a form then shows nothing more. */
export function shownByPolicy(error: unknown): boolean {
  return (
    error instanceof ApiCallError && ['toast', 'unauthorized', 'navigate', 'session-expired'].includes(error.handledAs)
  );
}

/** Failures the console has recorded without showing them (spec §8: 502 "records 'Bad Gateway'"). */
export const recordedFailures: { at: string; path: string; message: string }[] = [];

let unauthorizedNoticeShown = false;
/** After a new login the next 401 is announced again. */
export function resetUnauthorizedNotice(): void {
  unauthorizedNoticeShown = false;
}

function carryOut(action: PolicyAction, path: string): void {
  switch (action.type) {
    case 'navigate': {
      const here = currentLocation();
      if (action.rememberOrigin && !here.startsWith(action.to)) rememberOfflineOrigin(here);
      if (!here.startsWith(action.to)) navigateTo(action.to, action.state === undefined ? {} : { state: action.state });
      return;
    }
    case 'record':
      recordedFailures.push({ at: new Date().toISOString(), path, message: action.message });
      if (recordedFailures.length > 50) recordedFailures.shift();
      console.warn(`[api] ${path}: ${action.message}`);
      return;
    case 'toast':
      toastError(action.message);
      return;
    case 'unauthorized':
      if (!unauthorizedNoticeShown) {
        unauthorizedNoticeShown = true;
        toastError(action.message, 'unauthorized');
      }
      clearStorage();
      if (!currentLocation().startsWith(PUBLIC_ROUTES.login)) navigateTo(PUBLIC_ROUTES.login, { replace: true });
      return;
    case 'session-expired':
      clearStorage();
      flagSessionExpired();
      navigateTo(PUBLIC_ROUTES.sessionExpired, { replace: true });
      return;
    case 'ignore':
    case 'reject-status':
    case 'inline':
      return;
  }
}

export interface CallOptions<E extends Endpoint> {
  body?: z.input<E['body']>;
  params?: Record<string, string>;
  /** Extra headers, e.g. loginname and password for POST /login. */
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Defaults to 'public' for public endpoints, else 'session'. */
  context?: CallContext;
  /** A call the console makes on its own (a periodic poll): it does not keep the session alive. */
  background?: boolean;
}

export interface CallResult<T> {
  data: T;
  message: string;
}

/** Carries out the error catalogue for a failure seen outside callApi (e.g. the real-time connection refused). */
export function applyFailurePolicy(failure: Failure, context: CallContext, path: string): PolicyAction {
  const action = decideFailure(failure, context);
  carryOut(action, path);
  return action;
}

async function fail(failure: Failure, context: CallContext, path: string): Promise<never> {
  const action = applyFailurePolicy(failure, context, path);
  const status = failure.kind === 'http' ? failure.status : null;
  const message =
    action.type === 'reject-status'
      ? ''
      : action.type === 'navigate' || action.type === 'session-expired' || action.type === 'ignore'
        ? (failure.kind === 'http' && failure.message) || ''
        : 'message' in action
          ? action.message
          : '';
  throw new ApiCallError(status, message, action.type, path);
}

/**
 * Calls one endpoint of any service and returns its data, checked against the contract. A logged-in user's
 * short-lived access token is renewed shortly before it expires, and once more when an answer is 401 (by the
 * typed client); only then does a 401 end the session.
 */
export async function callApi<E extends Endpoint>(
  endpoint: E,
  options: CallOptions<E> = {},
): Promise<CallResult<z.output<E['data']>>> {
  const context: CallContext = options.context ?? (endpoint.access === 'public' ? 'public' : 'session');
  const path = consoleClient.url(endpoint.service, fillPath(endpoint.path, options.params));
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return fail({ kind: 'offline' }, context, path);
  try {
    return await consoleClient.result(endpoint, options.body ?? ({} as z.input<E['body']>), {
      params: options.params,
      headers: options.headers,
      signal: options.signal,
      background: options.background,
    });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.kind === 'network') return fail({ kind: 'offline' }, context, path);
    if (error.kind === 'invalid-response') {
      console.error(`[api] ${endpoint.method} ${path}: the answer does not match the contract`, error.message);
      toastError(AUTH_MESSAGES.genericError);
      throw new ApiCallError(error.status, AUTH_MESSAGES.genericError, 'invalid-response', path);
    }
    return fail({ kind: 'http', status: error.status ?? 0, message: error.serverMessage }, context, path);
  }
}
