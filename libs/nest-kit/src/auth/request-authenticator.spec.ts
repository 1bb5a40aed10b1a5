import { describe, expect, it } from '@jest/globals';
import type { AccessTokens } from './access-token.js';
import { AuthFailure } from './auth.errors.js';
import type { Principal } from './principal.js';
import { RequestAuthenticator } from './request-authenticator.js';
import type { SessionCheck, SessionStore } from './session-store.js';

const principal = { userId: 'u1', tenantId: 't1', sessionId: 's1', principalVersion: 3 } as unknown as Principal;
const tokens = { verify: async () => principal } as unknown as AccessTokens;

/** A session store whose answers the test sets, and which records what it was asked. */
function store(state: SessionCheck, version: number) {
  const calls: unknown[][] = [];
  const sessions = {
    verify: async (...args: unknown[]) => {
      calls.push(args);
      return { state, principalVersion: version };
    },
  } as unknown as SessionStore;
  return { sessions, calls };
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: AuthFailure) => [e.kind, e.reason],
  );

describe('the request authenticator', () => {
  it('asks the session store once for the session and the principal version, sliding unless in the background', async () => {
    const ok = store('ok', 3);
    const auth = new RequestAuthenticator(tokens, ok.sessions);
    await expect(auth.authenticate('token', 'session')).resolves.toBe(principal);
    await expect(auth.authenticate('token', 'session', { background: true })).resolves.toBe(principal);
    await expect(auth.authenticate('token', null, { bearerAlone: true })).resolves.toBe(principal);
    expect(ok.calls).toEqual([
      ['session', principal, { touch: true }],
      ['session', principal, { touch: false }],
      [null, principal, { touch: true }],
    ]);
  });

  it('a token older than the principal version is refused; a failed session check answers first', async () => {
    const stale = store('ok', 4);
    expect(await failure(new RequestAuthenticator(tokens, stale.sessions).authenticate('token', 'session'))).toEqual([
      'unauthorized',
      'privileges changed since the token was issued',
    ]);
    const expired = store('expired', 4);
    expect(await failure(new RequestAuthenticator(tokens, expired.sessions).authenticate('token', 'session'))).toEqual([
      'session-expired',
      'session idle timeout or absolute lifetime',
    ]);
    const revoked = store('revoked', 4);
    expect(await failure(new RequestAuthenticator(tokens, revoked.sessions).authenticate('token', 'session'))).toEqual([
      'unauthorized',
      'session revoked',
    ]);
  });

  it('a renewal (expired token allowed) ignores the principal version: an outdated principal is what it renews', async () => {
    const renewal = store('ok', 9);
    const auth = new RequestAuthenticator(tokens, renewal.sessions);
    await expect(auth.authenticate('token', 'session', { allowExpiredToken: true })).resolves.toBe(principal);
    expect(renewal.calls).toHaveLength(1);
  });
});
