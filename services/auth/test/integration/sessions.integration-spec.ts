import { beforeAll, describe, expect, it } from '@jest/globals';
import { AUTH_API, AUTH_MESSAGES, ROLE_CODES, userSessionSchema } from '@rayworks/contracts';
import { AuthClient, type Session } from '../support/auth-client.js';
import { localAccessTokens } from '../support/auth-process.js';
import { extendTenant, standardTenant, tenantQuery, TEST_PASSWORD, type StandardTenant } from '../support/tenants.js';

describe('sessions: login, tokens, logout', () => {
  let t: StandardTenant;
  const api = new AuthClient();

  let inactive: string;

  beforeAll(async () => {
    t = await standardTenant('sess');
    inactive = `${t.label}.inactive`;
    await extendTenant(t, [
      {
        loginName: inactive,
        firstName: 'In',
        lastName: 'Active',
        email: `${inactive}@it.rayworks.local`,
        role: ROLE_CODES.TYPIST,
        password: TEST_PASSWORD,
        centres: ['c1'],
        isActive: false,
      },
    ]);
  });

  it('logs in with the headers and answers the user session of spec §3', async () => {
    const reply = await api.tryLogin(t.login('rad'), TEST_PASSWORD);
    expect(reply.status).toBe(200);
    expect(reply.body.status).toBe('success');
    const session = userSessionSchema.parse(reply.body.data);
    expect(session).toMatchObject({
      resetPassword: false,
      _id: t.users[t.login('rad')],
      groupID: t.groups.g,
      expiresIn: 900,
    });
    expect(session.centerID.sort()).toEqual([t.centres.c1, t.centres.c2].sort());
    expect(session.user).toMatchObject({
      roleCodes: [ROLE_CODES.CENTER_RADIOLOGIST],
      companyID: t.tenantId,
      email: t.email('rad'),
      isAvailability: false,
    });
    expect(session.sessionToken).toMatch(/^[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    // login names are case-insensitive
    expect((await api.tryLogin(t.login('rad').toUpperCase(), TEST_PASSWORD)).status).toBe(200);
  });

  it('answers a wrong password and an unknown login name the same way', async () => {
    const wrong = await api.tryLogin(t.login('rad'), 'Wrong@1234');
    const unknown = await api.tryLogin(`nobody-${t.label}`, 'Wrong@1234');
    expect(wrong).toEqual({
      status: 401,
      body: { status: 'error', data: null, message: AUTH_MESSAGES.invalidCredentials },
    });
    expect(unknown).toEqual(wrong);
    expect((await api.tryLogin('', '')).body.message).toBe(AUTH_MESSAGES.loginRequired);
  });

  it('refuses an inactive user with its own message, and only with the right password', async () => {
    expect(await api.tryLogin(inactive, TEST_PASSWORD)).toEqual({
      status: 401,
      body: { status: 'error', data: null, message: AUTH_MESSAGES.accountInactive },
    });
    expect((await api.tryLogin(inactive, 'Wrong@1234')).body.message).toBe(AUTH_MESSAGES.invalidCredentials);
  });

  it("gives GET /config: the permission configuration of the user's role", async () => {
    const session = await api.login(t.login('rad'), TEST_PASSWORD);
    const config = await api.call(AUTH_API.config, undefined, { session });
    expect(config.status).toBe(200);
    const types = (config.body.data as Array<{ submodules: Array<{ type: string }> }>).flatMap((m) =>
      m.submodules.map((s) => s.type),
    );
    expect(types.sort()).toEqual(['DASHBOARD', 'PROFILE', 'TEMPLATES', 'WORKLIST']);
  });

  it('answers 401 without a token, with a tampered or expired token, and with another user’s session', async () => {
    const rad = await api.login(t.login('rad'), TEST_PASSWORD);
    const typist = await api.login(t.login('typist'), TEST_PASSWORD);
    const config = (session: Session | null, headers: Record<string, string> = {}) =>
      api.call(AUTH_API.config, undefined, { session, headers });
    expect((await config(null)).status).toBe(401);
    expect((await config(null)).body.message).toBe(AUTH_MESSAGES.unauthorized);
    expect((await config({ ...rad, token: `${rad.token.slice(0, -2)}xx` })).status).toBe(401);
    expect((await config({ ...rad, sessionToken: typist.sessionToken })).status).toBe(401);
    expect((await config({ ...rad, sessionToken: `${rad.sessionToken.slice(0, -3)}abc` })).status).toBe(401);
    const principal = await (await localAccessTokens()).verify(rad.token);
    const expired = await (await localAccessTokens(60)).sign(principal, new Date(Date.now() - 3600_000));
    const reply = await config({ ...rad, token: expired.token });
    expect(reply).toEqual({ status: 401, body: { status: 'error', data: null, message: AUTH_MESSAGES.unauthorized } });
    // the same session still works with a good token, and a refresh gives a new one for the expired one
    expect((await config(rad)).status).toBe(200);
    const refreshed = await api.request<{ token: string; expiresIn: number }>('POST', '/token/refresh', undefined, {
      session: { ...rad, token: expired.token },
    });
    expect(refreshed.status).toBe(200);
    expect((await config({ ...rad, token: refreshed.body.data.token })).status).toBe(200);
  });

  it('refuses x-company-id of another tenant (403) and accepts its own', async () => {
    const session = await api.login(t.login('rad'), TEST_PASSWORD);
    expect(
      (await api.call(AUTH_API.config, undefined, { session, headers: { 'x-company-id': t.tenantId } })).status,
    ).toBe(200);
    const other = await api.call(AUTH_API.config, undefined, {
      session,
      headers: { 'x-company-id': '6f1d0a8e-1111-4222-8333-444455556666' },
    });
    expect(other).toEqual({ status: 403, body: { status: 'error', data: null, message: AUTH_MESSAGES.forbidden } });
  });

  it('revokes the session on logout: the next call is 401, and a refresh too', async () => {
    const session = await api.login(t.login('typist'), TEST_PASSWORD);
    const out = await api.call(AUTH_API.logout, {}, { session });
    expect(out).toEqual({ status: 200, body: { status: 'success', data: null, message: AUTH_MESSAGES.loggedOut } });
    expect((await api.call(AUTH_API.config, undefined, { session })).status).toBe(401);
    expect((await api.request('POST', '/token/refresh', undefined, { session })).status).toBe(401);
    const [row] = await tenantQuery<{ end_reason: string }>(
      t.tenantId,
      `SELECT end_reason FROM auth.sessions WHERE id = $1`,
      [session.sessionToken.split('.')[0]],
    );
    expect(row?.end_reason).toBe('logout');
  });

  it('answers an unknown path 404 in the API shape', async () => {
    const session = await api.login(t.login('admin'), TEST_PASSWORD);
    expect(await api.request('POST', '/no/such/route', {}, { session })).toEqual({
      status: 404,
      body: { status: 'error', data: null, message: AUTH_MESSAGES.notFound },
    });
  });

  it('refuses a bad body with the first validation message, in the API shape', async () => {
    const session = await api.login(t.login('admin'), TEST_PASSWORD);
    const reply = await api.call(AUTH_API.getUser, { id: 'not-an-id' }, { session });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ status: 'error', data: null });
    expect(reply.body.message).toMatch(/^id: /);
  });
});
