import type { RequestAccess } from './request-access.js';

/** What the guard leaves on the request for the interceptor and the handler. */
const ACCESS = Symbol('rayworks.access');
const SESSION_TOKEN = Symbol('rayworks.session-token');

interface WithState {
  [ACCESS]?: RequestAccess;
  [SESSION_TOKEN]?: string;
}

export function setRequestAccess(req: object, access: RequestAccess, sessionToken: string): void {
  (req as WithState)[ACCESS] = access;
  (req as WithState)[SESSION_TOKEN] = sessionToken;
}

export function requestAccessOf(req: object): RequestAccess {
  const access = (req as WithState)[ACCESS];
  if (!access) throw new Error('no verified caller on this request: is the route @Public()?');
  return access;
}

/** The verified session token of the request, or undefined on public routes. */
export function verifiedSessionToken(req: object): string | undefined {
  return (req as WithState)[SESSION_TOKEN];
}
