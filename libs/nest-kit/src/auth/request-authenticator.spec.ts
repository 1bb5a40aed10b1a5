import { describe, expect, it } from '@jest/globals';
import type { AccessTokens } from './access-token.js';
import { AuthFailure } from './auth.errors.js';
import type { Principal } from './principal.js';
import { RequestAuthenticator } from './request-authenticator.js';
import type { SessionCheck, SessionStore } from './session-store.js';

const principal = { userId: 'u1', tenantId: 't1', sessionId: 's1', principalVersion: 3 } as unknown as Principal;
const tokens = { verify: async () => principal } as unknown as AccessTokens;

/** A session store whose answers and call order the test sets and reads. */
function store(state: SessionCheck, version: number) {
  const calls: string[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const sessions = {
    check: async () => {
      calls.push('check');
      await gate; // the session's answer waits until the test releases it
      return state;
    },
    checkBySessionId: async () => state,
    principalVersion: async () => {
      calls.push('version');
      return version;
    },
  } as unknown as SessionStore;
  return { sessions, calls, release };
}

const failure = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: AuthFailure) => [e.kind, e.reason],
  );

describe('the request authenticator', () => {
  it('reads the session and the principal version together, then answers in the documented order', async () => {
    const ok = store('ok', 3);
    const pending = new RequestAuthenticator(tokens, ok.sessions).authenticate('token', 'session');
    await new Promise((resolve) => setImmediate(resolve));
    // both reads are under way before the session's answer came back
    expect(ok.calls).toEqual(['check', 'version']);
    ok.release();
    await expect(pending).resolves.toBe(principal);
  });

  it('a token older than the principal version is refused; a failed session check answers first', async () => {
    const stale = store('ok', 4);
    stale.release();
    expect(await failure(new RequestAuthenticator(tokens, stale.sessions).authenticate('token', 'session'))).toEqual([
      'unauthorized',
      'privileges changed since the token was issued',
    ]);
    const expired = store('expired', 4);
    expired.release();
    expect(await failure(new RequestAuthenticator(tokens, expired.sessions).authenticate('token', 'session'))).toEqual([
      'session-expired',
      'session idle timeout or absolute lifetime',
    ]);
    const revoked = store('revoked', 4);
    revoked.release();
    expect(await failure(new RequestAuthenticator(tokens, revoked.sessions).authenticate('token', 'session'))).toEqual([
      'unauthorized',
      'session revoked',
    ]);
  });

  it('a renewal (expired token allowed) does not read the version: an outdated principal is what it renews', async () => {
    const renewal = store('ok', 9);
    renewal.release();
    const auth = new RequestAuthenticator(tokens, renewal.sessions);
    await expect(auth.authenticate('token', 'session', { allowExpiredToken: true })).resolves.toBe(principal);
    expect(renewal.calls).toEqual(['check']);
  });
});
