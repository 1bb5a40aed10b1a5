import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Redis } from 'ioredis';
import { v7 as uuidv7 } from 'uuid';
import { parseSessionToken } from '@rayworks/contracts';

/** How long a revoked session is remembered as revoked (so it answers 401, not 440). */
export const REVOKED_MARKER_SECONDS = 24 * 3600;

/**
 * The Redis pub/sub channel on which every revocation is announced, as JSON `{ sessionIds: string[] }`: the gateway
 * closes the real-time connections of those sessions at once (services/gateway/src/modules/realtime).
 */
export const SESSION_ENDED_CHANNEL = 'rayworks:session-ended';

export interface SessionEndedMessage {
  sessionIds: string[];
}

export const sessionKeys = {
  session: (sessionId: string) => `session:${sessionId}`,
  revoked: (sessionId: string) => `session-revoked:${sessionId}`,
  userSessions: (userId: string) => `user-sessions:${userId}`,
  principalVersion: (userId: string) => `principal-version:${userId}`,
} as const;

interface StoredSession {
  /** sha256 of the secret, hex. */
  h: string;
  /** The user and the tenant the session was made for. */
  u: string;
  /** The user's tenant; null for a platform operator. */
  t: string | null;
  /** When the session ends whatever its activity (its absolute lifetime), epoch milliseconds. */
  e?: number;
}

/** The default absolute lifetime of a session: 12 hours (SESSION_ABSOLUTE_LIFETIME_SECONDS). */
export const DEFAULT_SESSION_ABSOLUTE_SECONDS = 12 * 3600;

/** What a session check compares with the session's record: the ids the access token carries. */
export interface SessionExpectation {
  sessionId: string;
  userId: string;
  tenantId: string | null;
}

export type SessionCheck = 'ok' | 'expired' | 'revoked' | 'invalid';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The session read of SessionStore.verify, run in Redis (one round trip). KEYS: the session, its revoked marker, the
 * user's principal version. ARGV: touch ('1'/'0'), sha256 of the secret (hex; '' when the caller sent none), the
 * user id, the tenant id ('' when none), whether the tenant is none ('1'/'0'), now (epoch ms), the idle timeout (s).
 * Answers [the session's record or nil, 1 when it is gone and was revoked, the principal version or nil]. Slides
 * the idle timeout, never past the absolute end, only for a record that passes the checks verify makes again in
 * the process (there with a constant-time comparison of the secret).
 */
export const SESSION_READ_SCRIPT = `
local raw = redis.call('GET', KEYS[1])
local version = redis.call('GET', KEYS[3])
if not raw then
  return {false, redis.call('EXISTS', KEYS[2]), version}
end
if ARGV[1] == '1' then
  local ok, s = pcall(cjson.decode, raw)
  if ok and type(s) == 'table' and type(s.e) == 'number' and (ARGV[2] == '' or s.h == ARGV[2]) and s.u == ARGV[3]
    and ((ARGV[5] == '1' and s.t == cjson.null) or (ARGV[5] == '0' and s.t == ARGV[4])) then
    local remaining = s.e - tonumber(ARGV[6])
    if remaining > 0 then
      redis.call('EXPIRE', KEYS[1], math.max(1, math.min(tonumber(ARGV[7]), math.ceil(remaining / 1000))))
    end
  end
end
return {raw, 0, version}
`;

/** The Redis client with the session read defined on it (ioredis sends EVALSHA, and the script itself once). */
interface SessionScripts {
  rayworksSessionRead(...keysAndArgs: string[]): Promise<[string | null, number, string | null]>;
}

/**
 * Server-side sessions in Redis. The session token `<sessionId>.<secret>` is given to the client once; Redis keeps
 * only sha256(secret), the user, the tenant and the end of the session's absolute lifetime under `session:<id>`,
 * with a TTL of the idle timeout, slid by every authenticated request that is not a background one, and never past
 * the absolute end. A missing key is an expired session (440); logout and password changes delete it and leave a
 * `revoked` marker (401).
 */
export class SessionStore {
  constructor(
    private readonly redis: Redis,
    readonly idleSeconds: number,
  ) {
    if (!('rayworksSessionRead' in redis))
      redis.defineCommand('rayworksSessionRead', { numberOfKeys: 3, lua: SESSION_READ_SCRIPT });
  }

  /** A new session, which ends after `absoluteSeconds` however active it is (docs/decisions/0061). */
  async create(
    userId: string,
    tenantId: string | null,
    absoluteSeconds: number = DEFAULT_SESSION_ABSOLUTE_SECONDS,
    now: number = Date.now(),
  ): Promise<{ sessionId: string; token: string }> {
    const sessionId = uuidv7();
    const secret = randomBytes(32).toString('base64url');
    const value: StoredSession = { h: sha256(secret), u: userId, t: tenantId, e: now + absoluteSeconds * 1000 };
    await this.pruneUserSessions(userId);
    await this.redis
      .multi()
      .set(sessionKeys.session(sessionId), JSON.stringify(value), 'EX', Math.min(this.idleSeconds, absoluteSeconds))
      .sadd(sessionKeys.userSessions(userId), sessionId)
      .exec();
    return { sessionId, token: `${sessionId}.${secret}` };
  }

  /**
   * Checks a session token against the session the access token names: its secret, its user and its tenant. When
   * good, slides the idle timeout — unless the request is a background one (`touch: false`: a poll the console
   * makes on its own is not activity) — but never past the session's absolute end.
   */
  async check(
    token: string,
    expected: SessionExpectation,
    { touch = true, now = Date.now() }: { touch?: boolean; now?: number } = {},
  ): Promise<SessionCheck> {
    return (await this.verify(token, expected, { touch, now })).state;
  }

  /**
   * The check of a caller that sends its access token alone (DICOMweb clients: `Authorization: Bearer`, no session
   * header; docs/decisions/0102): the session the signed token names must be alive, of the token's user and tenant,
   * within its absolute lifetime, and not revoked — as `check`, without the secret, which such a client never has.
   * Slides the idle timeout like any request of the user.
   */
  async checkBySessionId(
    expected: SessionExpectation,
    { touch = true, now = Date.now() }: { touch?: boolean; now?: number } = {},
  ): Promise<SessionCheck> {
    return (await this.verify(null, expected, { touch, now })).state;
  }

  /**
   * What a request's authentication asks Redis, in one round trip (one script, docs/decisions/0319): the session
   * (checked as `check` does with a session token, as `checkBySessionId` without one), whether it was revoked when it
   * is gone, and the user's principal version. The idle timeout is slid in the same script, only when the session
   * passes the same checks (secret, user, tenant, within its absolute lifetime) and `touch` is on.
   */
  async verify(
    token: string | null,
    expected: SessionExpectation,
    { touch = true, now = Date.now() }: { touch?: boolean; now?: number } = {},
  ): Promise<{ state: SessionCheck; principalVersion: number }> {
    let secretHash = '';
    if (token !== null) {
      const parsed = parseSessionToken(token);
      // refused whatever the version: Redis is not asked
      if (!parsed || parsed.sessionId !== expected.sessionId) return { state: 'invalid', principalVersion: 0 };
      secretHash = sha256(parsed.secret);
    }
    const key = sessionKeys.session(expected.sessionId);
    const [raw, revoked, version] = await (this.redis as unknown as SessionScripts).rayworksSessionRead(
      key,
      sessionKeys.revoked(expected.sessionId),
      sessionKeys.principalVersion(expected.userId),
      touch ? '1' : '0',
      secretHash,
      expected.userId,
      expected.tenantId ?? '',
      expected.tenantId === null ? '1' : '0',
      String(now),
      String(this.idleSeconds),
    );
    const principalVersion = Number(version ?? 0);
    if (raw === null) return { state: revoked === 1 ? 'revoked' : 'expired', principalVersion };
    let stored: StoredSession;
    try {
      stored = JSON.parse(raw) as StoredSession;
    } catch {
      return { state: 'invalid', principalVersion };
    }
    const secretMatches = () => {
      if (token === null) return true;
      const given = Buffer.from(secretHash, 'hex');
      const kept = Buffer.from(stored.h, 'hex');
      return given.length === kept.length && timingSafeEqual(given, kept);
    };
    if (!secretMatches() || stored.u !== expected.userId || stored.t !== expected.tenantId)
      return { state: 'invalid', principalVersion };
    // A session from before absolute lifetimes were recorded has none: it ends now, once.
    if ((stored.e ?? now) - now <= 0) {
      await this.redis.del(key);
      return { state: 'expired', principalVersion };
    }
    return { state: 'ok', principalVersion };
  }

  async revoke(sessionId: string): Promise<void> {
    const raw = await this.redis.get(sessionKeys.session(sessionId));
    const userId = raw ? (JSON.parse(raw) as StoredSession).u : null;
    const tx = this.redis
      .multi()
      .set(sessionKeys.revoked(sessionId), '1', 'EX', REVOKED_MARKER_SECONDS)
      .del(sessionKeys.session(sessionId));
    if (userId) tx.srem(sessionKeys.userSessions(userId), sessionId);
    await tx.exec();
    await this.announceEnded([sessionId]);
  }

  /** Revokes every live session of a user (password change or reset); returns their ids. */
  async revokeAllForUser(userId: string): Promise<string[]> {
    const ids = await this.redis.smembers(sessionKeys.userSessions(userId));
    if (ids.length === 0) return [];
    const tx = this.redis.multi();
    for (const id of ids)
      tx.set(sessionKeys.revoked(id), '1', 'EX', REVOKED_MARKER_SECONDS).del(sessionKeys.session(id));
    tx.del(sessionKeys.userSessions(userId));
    await tx.exec();
    await this.announceEnded(ids);
    return ids;
  }

  /** The user's principal version (0 until something changes); see Principal.principalVersion. */
  async principalVersion(userId: string): Promise<number> {
    return Number((await this.redis.get(sessionKeys.principalVersion(userId))) ?? 0);
  }

  /**
   * What these users' tokens carry changed (their role's privileges, their role, centres or group): call after the
   * change is committed. Their older tokens are refused until renewed. The version is read before the database
   * when a token is made, so a token made from data older than the change always carries an older version.
   */
  async bumpPrincipalVersions(userIds: readonly string[]): Promise<void> {
    if (userIds.length === 0) return;
    const tx = this.redis.multi();
    for (const id of userIds) tx.incr(sessionKeys.principalVersion(id));
    await tx.exec();
  }

  /** Whether a session is still alive, without sliding its idle timeout (the gateway's sweep of open sockets). */
  async isAlive(sessionIds: readonly string[]): Promise<boolean[]> {
    if (sessionIds.length === 0) return [];
    const pipeline = this.redis.pipeline();
    for (const id of sessionIds) pipeline.exists(sessionKeys.session(id));
    const results = (await pipeline.exec()) ?? [];
    return results.map(([error, count]) => !error && count === 1);
  }

  private async announceEnded(sessionIds: string[]): Promise<void> {
    const message: SessionEndedMessage = { sessionIds };
    await this.redis.publish(SESSION_ENDED_CHANNEL, JSON.stringify(message));
  }

  /** Drops ids of sessions that expired by idleness from the user's set, so it does not grow forever. */
  private async pruneUserSessions(userId: string): Promise<void> {
    const ids = await this.redis.smembers(sessionKeys.userSessions(userId));
    if (ids.length === 0) return;
    const exists = await Promise.all(ids.map((id) => this.redis.exists(sessionKeys.session(id))));
    const gone = ids.filter((_, i) => exists[i] === 0);
    if (gone.length > 0) await this.redis.srem(sessionKeys.userSessions(userId), ...gone);
  }
}
