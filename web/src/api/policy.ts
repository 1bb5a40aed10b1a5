import { AUTH_MESSAGES, PUBLIC_ROUTES, SESSION_EXPIRED_STATUS } from '@rayworks/contracts';

/**
 * The HTTP error catalogue of spec §8, as a pure decision: what the console does about a failed call.
 * web/src/api/client.ts carries the decision out (navigation, toast, storage); nothing else decides this.
 *
 *   offline       → the offline page
 *   500           → the server-error page
 *   503           → the maintenance page, with the server's message (through the gateway it names the service
 *                   that is down) and the way back to where the user was (docs/decisions/0041-service-down-503.md)
 *   502           → recorded as 'Bad Gateway' (the caller's promise rejects with it; no page change)
 *   400           → the server's message as an error toast
 *   401           → the message shown once, both storages cleared, /login
 *   440           → /sessionexpired (the idle-session answer, issue 3; storage cleared, session flagged expired)
 *   404           → ignored (the caller's promise rejects; no toast, no page change)
 *   403           → rejects with the status only
 *   anything else → the server's message, or a generic one, as an error toast
 *
 * Background calls (logout's revocation) change nothing on failure: the caller decides.
 * Calls a user makes before logging in (login, forgot and reset password) show 400, 401, 403 and 429 answers
 * in their own form instead: there is no session to clear and the message belongs next to the fields.
 */
export type CallContext = 'session' | 'public' | 'background';

export type Failure = { kind: 'offline' } | { kind: 'http'; status: number; message?: string | null };

export type PolicyAction =
  | { type: 'navigate'; to: string; rememberOrigin?: boolean; state?: { message: string } }
  | { type: 'record'; message: string }
  | { type: 'toast'; message: string }
  | { type: 'unauthorized'; message: string }
  | { type: 'session-expired' }
  | { type: 'ignore' }
  | { type: 'reject-status' }
  | { type: 'inline'; message: string };

const serverMessage = (failure: Failure): string | null =>
  failure.kind === 'http' && typeof failure.message === 'string' && failure.message.trim() !== ''
    ? failure.message
    : null;

export function decideFailure(failure: Failure, context: CallContext = 'session'): PolicyAction {
  if (context === 'background') return { type: 'ignore' };
  if (failure.kind === 'offline') return { type: 'navigate', to: PUBLIC_ROUTES.offline, rememberOrigin: true };
  const { status } = failure;
  const message = serverMessage(failure);
  if (status === 500) return { type: 'navigate', to: PUBLIC_ROUTES.serverError };
  if (status === 503)
    return {
      type: 'navigate',
      to: PUBLIC_ROUTES.maintenance,
      rememberOrigin: true,
      ...(message ? { state: { message } } : {}),
    };
  if (status === 502) return { type: 'record', message: AUTH_MESSAGES.badGateway };
  // 410: a shared link that has expired (the public shared-case page says so itself)
  if (context === 'public' && [400, 401, 403, 410, 429].includes(status)) {
    return { type: 'inline', message: message ?? AUTH_MESSAGES.genericError };
  }
  if (status === 400) return { type: 'toast', message: message ?? AUTH_MESSAGES.genericError };
  if (status === 401) return { type: 'unauthorized', message: message ?? AUTH_MESSAGES.unauthorized };
  if (status === SESSION_EXPIRED_STATUS) return { type: 'session-expired' };
  if (status === 404) return { type: 'ignore' };
  if (status === 403) return { type: 'reject-status' };
  return { type: 'toast', message: message ?? AUTH_MESSAGES.genericError };
}
