import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AUTH_API, AUTH_HEADERS, AUTH_MESSAGES, SESSION_EXPIRED_STATUS } from '@rayworks/contracts';
import { AuthClient } from '../support/auth-client.js';
import { sleep, startAuthProcess } from '../support/auth-process.js';
import { standardTenant, TEST_PASSWORD, type StandardTenant } from '../support/tenants.js';

/**
 * Security finding 5 against a second auth process with short settings, on the real Redis: the console's background
 * polls (AUTH_HEADERS.background) do not keep a session alive, and a session ends at its absolute lifetime however
 * active it is (docs/decisions/0061-session-lifetimes.md). These tests wait for real seconds, never hours.
 */
// wide enough that a call slowed by a busy CI machine (seconds, at worst) does not idle a session out on its own
const IDLE_SECONDS = 6;
const ABSOLUTE_SECONDS = 14;
const background = { [AUTH_HEADERS.background]: 'true' };

describe('session lifetimes: background polls and the absolute lifetime', () => {
  let t: StandardTenant;
  let auth: Awaited<ReturnType<typeof startAuthProcess>>;
  let api: AuthClient;

  beforeAll(async () => {
    [t, auth] = await Promise.all([
      standardTenant('lifetime'),
      startAuthProcess({
        SESSION_IDLE_TIMEOUT_SECONDS: String(IDLE_SECONDS),
        SESSION_ABSOLUTE_LIFETIME_SECONDS: String(ABSOLUTE_SECONDS),
      }),
    ]);
    api = new AuthClient(auth.url);
  }, 90_000);

  afterAll(async () => auth?.close());

  it('a background poll (and the renewal it causes) does not extend the idle time: the idle session ends (440)', async () => {
    const session = await api.login(t.login('rad'), TEST_PASSWORD);
    // polls every second, well inside the idle timeout, for longer than the idle timeout
    const polls: number[] = [];
    for (let i = 0; i < IDLE_SECONDS + 3; i++) {
      await sleep(1000);
      const poll = await api.call(AUTH_API.config, undefined, { session, headers: background });
      const renewal = await api.request('POST', '/token/refresh', undefined, { session, headers: background });
      polls.push(poll.status, renewal.status);
      if (poll.status !== 200) break;
    }
    // the polls were answered while the session lived, then the session ended by idleness, polls or not
    expect(polls.slice(0, 2)).toEqual([200, 200]);
    expect(polls.at(-1)).toBe(SESSION_EXPIRED_STATUS);
    expect(await api.call(AUTH_API.config, undefined, { session })).toEqual({
      status: SESSION_EXPIRED_STATUS,
      body: { status: 'error', data: null, message: AUTH_MESSAGES.sessionExpired },
    });
  }, 60_000);

  it('a call the user makes still extends the idle time', async () => {
    const session = await api.login(t.login('typist'), TEST_PASSWORD);
    const statuses: number[] = [];
    for (let i = 0; i < IDLE_SECONDS + 2; i++) {
      await sleep(1000);
      statuses.push((await api.call(AUTH_API.config, undefined, { session })).status);
    }
    // longer than the idle timeout after login, the active session lives
    expect(statuses).toEqual(Array.from({ length: IDLE_SECONDS + 2 }, () => 200));
  }, 60_000);

  it('ends a session that is kept active at its absolute lifetime: every call and the refresh answer 440', async () => {
    const session = await api.login(t.login('reception'), TEST_PASSWORD);
    const loggedIn = Date.now();
    const statuses: number[] = [];
    let lastSuccessAfter = 0;
    // active every second (inside the idle timeout) for up to twice the absolute lifetime
    while (statuses.length < 2 * ABSOLUTE_SECONDS && statuses.at(-1) !== SESSION_EXPIRED_STATUS) {
      await sleep(1000);
      const status = (await api.call(AUTH_API.config, undefined, { session })).status;
      statuses.push(status);
      if (status === 200) lastSuccessAfter = Date.now() - loggedIn;
    }
    expect(statuses.at(-1)).toBe(SESSION_EXPIRED_STATUS);
    // it lived past its idle timeout by activity before it ended (counted in time, not in calls: a busy machine fits
    // fewer calls into the lifetime)
    expect(lastSuccessAfter).toBeGreaterThan(IDLE_SECONDS * 1000);
    expect(statuses.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect((await api.request('POST', '/token/refresh', undefined, { session })).status).toBe(SESSION_EXPIRED_STATUS);
    expect((await api.call(AUTH_API.config, undefined, { session })).body.message).toBe(AUTH_MESSAGES.sessionExpired);
  }, 60_000);
});
