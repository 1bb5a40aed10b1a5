import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AUTH_API, AUTH_MESSAGES, SESSION_EXPIRED_STATUS } from '@rayworks/contracts';
import { AuthClient } from '../support/auth-client.js';
import { sleep, startAuthProcess } from '../support/auth-process.js';
import { standardTenant, TEST_PASSWORD, type StandardTenant } from '../support/tenants.js';

/**
 * Idle expiry and token expiry against a second auth process with short settings (sessions idle out after 5 s,
 * access tokens last 15 s), on the real Redis. These tests wait for real time to pass.
 */
// wide enough that a call slowed by a busy machine (a second or two) does not idle a session out between two calls
const IDLE_SECONDS = 5;
const TOKEN_SECONDS = 15;

describe('session idle timeout (440) and access token lifetime (401)', () => {
  let t: StandardTenant;
  let auth: Awaited<ReturnType<typeof startAuthProcess>>;
  let api: AuthClient;

  beforeAll(async () => {
    [t, auth] = await Promise.all([
      standardTenant('idle'),
      startAuthProcess({
        SESSION_IDLE_TIMEOUT_SECONDS: String(IDLE_SECONDS),
        ACCESS_TOKEN_TTL_SECONDS: String(TOKEN_SECONDS),
      }),
    ]);
    api = new AuthClient(auth.url);
  }, 90_000);

  afterAll(async () => auth?.close());

  it('answers 440 with the session-expired message once the session has been idle too long', async () => {
    const session = await api.login(t.login('rad'), TEST_PASSWORD);
    expect((await api.call(AUTH_API.config, undefined, { session })).status).toBe(200);
    await sleep(IDLE_SECONDS * 1000 + 600);
    const reply = await api.call(AUTH_API.config, undefined, { session });
    expect(reply).toEqual({
      status: SESSION_EXPIRED_STATUS,
      body: { status: 'error', data: null, message: AUTH_MESSAGES.sessionExpired },
    });
    expect((await api.request('POST', '/token/refresh', undefined, { session })).status).toBe(SESSION_EXPIRED_STATUS);
  });

  it('slides the idle timeout with every call; the access token still ends (401) and a refresh renews it', async () => {
    const session = await api.login(t.login('rad'), TEST_PASSWORD);
    const loggedIn = Date.now();
    // Call every 700 ms (well inside the idle timeout) until the access token runs out.
    const statuses: number[] = [];
    let lastSuccessAfter = 0;
    while (statuses.length < 60 && statuses.at(-1) !== 401) {
      await sleep(700);
      const status = (await api.call(AUTH_API.config, undefined, { session })).status;
      statuses.push(status);
      if (status === 200) lastSuccessAfter = Date.now() - loggedIn;
    }
    // The session outlived several idle timeouts because each call slid it ...
    expect(lastSuccessAfter).toBeGreaterThan(2 * IDLE_SECONDS * 1000);
    // ... every call until the token's end succeeded, and the end is 401 (token), not 440 (session).
    expect(statuses.at(-1)).toBe(401);
    expect(statuses.slice(0, -1).every((status) => status === 200)).toBe(true);
    const refreshed = await api.request<{ token: string }>('POST', '/token/refresh', undefined, { session });
    expect(refreshed.status).toBe(200);
    expect(
      (await api.call(AUTH_API.config, undefined, { session: { ...session, token: refreshed.body.data.token } }))
        .status,
    ).toBe(200);
  }, 90_000);

  it('answers 401, not 440, for a session ended by logout, even after the idle time', async () => {
    const session = await api.login(t.login('typist'), TEST_PASSWORD);
    await api.call(AUTH_API.logout, {}, { session });
    await sleep(IDLE_SECONDS * 1000 + 200);
    expect((await api.call(AUTH_API.config, undefined, { session })).status).toBe(401);
  });
});
