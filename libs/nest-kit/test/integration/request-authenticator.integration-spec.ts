import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Redis } from 'ioredis';
import { infraEnv, uniqueSuffix } from '@rayworks/testing';
import {
  AuthFailure,
  createRedis,
  RequestAuthenticator,
  sessionKeys,
  SessionStore,
  type AccessTokens,
  type Principal,
} from '../../src/index.js';

/**
 * A request's authentication against the real Redis (docs/decisions/0319): one round trip per request — the
 * session, its revocation and the principal version read and the idle timeout slid by one script — with every
 * refusal as exact as before: a revoked session 401, a session gone by idleness 440, another secret 401, an older
 * principal version 401.
 */
describe('the request authenticator on Redis', () => {
  let redis: Redis;
  let store: SessionStore;
  /** The commands sent to Redis since the last reset (each a round trip unless pipelined). */
  const sent: string[] = [];

  beforeAll(() => {
    redis = createRedis(infraEnv().redisUrl, 'it-authenticator');
    store = new SessionStore(redis, 60);
    const send = redis.sendCommand.bind(redis);
    redis.sendCommand = ((command: { name: string }, ...rest: unknown[]) => {
      sent.push(command.name);
      return (send as (...args: unknown[]) => unknown)(command, ...rest);
    }) as typeof redis.sendCommand;
  });
  afterAll(() => redis.disconnect());

  /** A signed-in user: a live session, and an authenticator whose access token names it (the signature is not the subject). */
  async function signedIn(label: string) {
    const userId = `it-auth-${label}-${uniqueSuffix()}`;
    const session = await store.create(userId, 'tenant-1');
    const principal = { userId, tenantId: 'tenant-1', sessionId: session.sessionId, principalVersion: 0 } as Principal;
    const tokens = { verify: async () => principal } as unknown as AccessTokens;
    return { userId, session, principal, auth: new RequestAuthenticator(tokens, store) };
  }
  const refusal = (p: Promise<unknown>) =>
    p.then(
      () => null,
      (e: unknown) => (e instanceof AuthFailure ? [e.kind, e.reason] : e),
    );

  it('asks Redis once per request: the session, the principal version and the slide of the idle timeout', async () => {
    const { session, principal, auth } = await signedIn('once');
    await auth.authenticate('token', session.token); // loads the script into Redis, once per process
    const key = sessionKeys.session(session.sessionId);
    await redis.expire(key, 10);
    sent.length = 0;
    await expect(auth.authenticate('token', session.token)).resolves.toBe(principal);
    expect(sent).toEqual(['evalsha']);
    // and it slid the idle timeout, as before
    expect(await redis.ttl(key)).toBeGreaterThan(10);
  });

  it('still refuses a revoked session (401), in the same one round trip', async () => {
    const { session, auth } = await signedIn('revoked');
    await expect(auth.authenticate('token', session.token)).resolves.toBeDefined();
    await store.revoke(session.sessionId);
    sent.length = 0;
    expect(await refusal(auth.authenticate('token', session.token))).toEqual(['unauthorized', 'session revoked']);
    expect(sent).toEqual(['evalsha']);
    // an access token alone (DICOMweb) is refused the same way
    expect(await refusal(auth.authenticate('token', null, { bearerAlone: true }))).toEqual([
      'unauthorized',
      'session revoked',
    ]);
  });

  it('answers 440 for a session gone by idleness, 401 for another secret, and does not slide a refused session', async () => {
    const { session, auth } = await signedIn('refusals');
    const key = sessionKeys.session(session.sessionId);
    await redis.expire(key, 10);
    const otherSecret = `${session.sessionId}.${'x'.repeat(43)}`;
    expect(await refusal(auth.authenticate('token', otherSecret))).toEqual(['unauthorized', 'session invalid']);
    expect(await redis.ttl(key)).toBeLessThanOrEqual(10);
    await redis.del(key);
    expect(await refusal(auth.authenticate('token', session.token))).toEqual([
      'session-expired',
      'session idle timeout or absolute lifetime',
    ]);
  });

  it('refuses a token older than the principal version, and does not slide a background request', async () => {
    const { userId, session, auth } = await signedIn('version');
    const key = sessionKeys.session(session.sessionId);
    await redis.expire(key, 10);
    await expect(auth.authenticate('token', session.token, { background: true })).resolves.toBeDefined();
    expect(await redis.ttl(key)).toBeLessThanOrEqual(10);
    await store.bumpPrincipalVersions([userId]);
    expect(await refusal(auth.authenticate('token', session.token))).toEqual([
      'unauthorized',
      'privileges changed since the token was issued',
    ]);
    // a renewal reads the principal afresh: the older version is what it renews
    await expect(auth.authenticate('token', session.token, { allowExpiredToken: true })).resolves.toBeDefined();
  });
});
