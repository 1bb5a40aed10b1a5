import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AUTH_API, AUTH_MESSAGES, SESSION_EXPIRED_STATUS } from '@rayworks/contracts';
import { AuthClient } from '../support/auth-client.js';
import { sleep, startAuthProcess } from '../support/auth-process.js';
import { standardTenant, TEST_PASSWORD, type StandardTenant } from '../support/tenants.js';

/**
 * Idle expiry and token expiry against a second auth process with short settings (sessions idle out after 2 s,
 * access tokens last 4 s), on the real Redis. These tests wait for real time to pass.
 */
describe('session idle timeout (440) and access token lifetime (401)', () => {
  let t: StandardTenant;
  let auth: Awaited<ReturnType<typeof startAuthProcess>>;
  let api: AuthClient;

  beforeAll(async () => {
    [t, auth] = await Promise.all([
      standardTenant('idle'),
      startAuthProcess({ SESSION_IDLE_TIMEOUT_SECONDS: '2', ACCESS_TOKEN_TTL_SECONDS: '4' }),
    ]);
    api = new AuthClient(auth.url);
  }, 90_000);

  afterAll(async () => auth?.close());

  it('answers 440 with the session-expired message once the session has been idle too long', async () => {
    const session = await api.login(t.login('rad'), TEST_PASSWORD);
    expect((await api.call(AUTH_API.config, undefined, { session })).status).toBe(200);
    await sleep(2600);
    const reply = await api.call(AUTH_API.config, undefined, { session });
    expect(reply).toEqual({
      status: SESSION_EXPIRED_STATUS,
      body: { status: 'error', data: null, message: AUTH_MESSAGES.sessionExpired },
    });
    expect((await api.request('POST', '/token/refresh', undefined, { session })).status).toBe(SESSION_EXPIRED_STATUS);
  });

  it('slides the idle timeout with every call; the access token still ends (401) and a refresh renews it', async () => {
    const started = Date.now();
    const session = await api.login(t.login('rad'), TEST_PASSWORD);
    for (let i = 0; i < 3; i++) {
      await sleep(1000);
      expect((await api.call(AUTH_API.config, undefined, { session })).status).toBe(200);
    }
    await sleep(Math.max(0, 4700 - (Date.now() - started)));
    expect((await api.call(AUTH_API.config, undefined, { session })).status).toBe(401);
    const refreshed = await api.request<{ token: string }>('POST', '/token/refresh', undefined, { session });
    expect(refreshed.status).toBe(200);
    expect(
      (await api.call(AUTH_API.config, undefined, { session: { ...session, token: refreshed.body.data.token } }))
        .status,
    ).toBe(200);
  });

  it('answers 401, not 440, for a session ended by logout, even after the idle time', async () => {
    const session = await api.login(t.login('typist'), TEST_PASSWORD);
    await api.call(AUTH_API.logout, {}, { session });
    await sleep(2200);
    expect((await api.call(AUTH_API.config, undefined, { session })).status).toBe(401);
  });
});
