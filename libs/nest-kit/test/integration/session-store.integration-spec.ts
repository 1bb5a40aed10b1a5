import { afterAll, describe, expect, it } from '@jest/globals';
import { createRedis, SESSION_ENDED_CHANNEL, sessionKeys, SessionStore } from '../../src/index.js';
import { eventually, infraEnv, uniqueSuffix } from '@rayworks/testing';

/** Server-side sessions on the real Redis: every revocation is announced to the gateway; liveness reads do not slide. */
describe('session store', () => {
  const redis = createRedis(infraEnv().redisUrl, 'it-sessions');
  const listener = createRedis(infraEnv().redisUrl, 'it-sessions-listener');
  const store = new SessionStore(redis, 60);
  const announced: string[][] = [];
  const subscribed = listener.subscribe(SESSION_ENDED_CHANNEL).then(() =>
    listener.on('message', (_channel: string, raw: string) => {
      announced.push((JSON.parse(raw) as { sessionIds: string[] }).sessionIds);
    }),
  );
  const user = (label: string) => `it-user-${label}-${uniqueSuffix()}`;

  afterAll(() => {
    listener.disconnect();
    redis.disconnect();
  });

  it('announces a revoked session on the session-ended channel, and it is no longer alive', async () => {
    await subscribed;
    const userId = user('one');
    const kept = await store.create(userId, 't1');
    const ended = await store.create(userId, 't1');
    expect(await store.isAlive([kept.sessionId, ended.sessionId])).toEqual([true, true]);
    await store.revoke(ended.sessionId);
    await eventually(
      async () => announced,
      (all) => all.some((ids) => ids.includes(ended.sessionId)),
      { what: 'the revocation announced' },
    );
    expect(announced.find((ids) => ids.includes(ended.sessionId))).toEqual([ended.sessionId]);
    expect(await store.isAlive([kept.sessionId, ended.sessionId])).toEqual([true, false]);
    expect(await store.check(ended.token, { sessionId: ended.sessionId, userId, tenantId: 't1' })).toBe('revoked');
  });

  it("announces all of a user's sessions when they are revoked together", async () => {
    await subscribed;
    const userId = user('all');
    const a = await store.create(userId, 't1');
    const b = await store.create(userId, 't1');
    const ids = await store.revokeAllForUser(userId);
    expect(ids.sort()).toEqual([a.sessionId, b.sessionId].sort());
    await eventually(
      async () => announced,
      (all) => all.some((announcedIds) => announcedIds.includes(a.sessionId)),
      { what: 'the revocation announced' },
    );
    expect(announced.find((announcedIds) => announcedIds.includes(a.sessionId))?.sort()).toEqual(ids.sort());
    expect(await store.isAlive(ids)).toEqual([false, false]);
  });

  it('checks liveness without sliding the idle timeout, unlike an authenticated call', async () => {
    const userId = user('idle');
    const session = await store.create(userId, 't1');
    const key = sessionKeys.session(session.sessionId);
    await redis.expire(key, 10);
    expect(await store.isAlive([session.sessionId])).toEqual([true]);
    expect(await redis.ttl(key)).toBeLessThanOrEqual(10);
    expect(await store.check(session.token, { sessionId: session.sessionId, userId, tenantId: 't1' })).toBe('ok');
    expect(await redis.ttl(key)).toBeGreaterThan(10);
    // A session gone by idleness (its key expired) is not alive, and was not announced: nobody revoked it.
    await redis.del(key);
    expect(await store.isAlive([session.sessionId])).toEqual([false]);
    expect(announced.flat()).not.toContain(session.sessionId);
  });

  it("refuses a token whose tenant is not the session's, even with the right user and secret", async () => {
    const userId = user('tenant');
    const session = await store.create(userId, 'tenant-a');
    expect(await store.check(session.token, { sessionId: session.sessionId, userId, tenantId: 'tenant-b' })).toBe(
      'invalid',
    );
    expect(await store.check(session.token, { sessionId: session.sessionId, userId, tenantId: 'tenant-a' })).toBe('ok');
  });

  it('does not slide the idle timeout for a background call', async () => {
    const userId = user('background');
    const session = await store.create(userId, 't1');
    const key = sessionKeys.session(session.sessionId);
    const expected = { sessionId: session.sessionId, userId, tenantId: 't1' };
    await redis.expire(key, 10);
    expect(await store.check(session.token, expected, { touch: false })).toBe('ok');
    expect(await redis.ttl(key)).toBeLessThanOrEqual(10);
    expect(await store.check(session.token, expected)).toBe('ok');
    expect(await redis.ttl(key)).toBeGreaterThan(10);
  });

  it('ends a session at its absolute lifetime however active, and never slides past it', async () => {
    const userId = user('absolute');
    const now = Date.now();
    const session = await store.create(userId, 't1', 3600, now);
    const key = sessionKeys.session(session.sessionId);
    const expected = { sessionId: session.sessionId, userId, tenantId: 't1' };
    // 59 minutes 30 seconds later: still alive, but its idle timeout (60 s) is cut to the 30 s it has left
    expect(await store.check(session.token, expected, { now: now + 3570_000 })).toBe('ok');
    expect(await redis.ttl(key)).toBeLessThanOrEqual(30);
    // an hour later: over, whatever the activity
    expect(await store.check(session.token, expected, { now: now + 3600_000 })).toBe('expired');
    expect(await store.isAlive([session.sessionId])).toEqual([false]);
  });
});
