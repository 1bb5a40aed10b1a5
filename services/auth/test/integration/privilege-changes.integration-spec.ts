import { beforeAll, describe, expect, it } from '@jest/globals';
import { AUTH_API, AUTH_MESSAGES, DEFAULT_ROLE_PRIVILEGES, ROLE_CODES } from '@rayworks/contracts';
import { AuthClient, type Session } from '../support/auth-client.js';
import { localAccessTokens } from '../support/auth-process.js';
import { standardTenant, TEST_PASSWORD, type StandardTenant } from '../support/tenants.js';

const api = new AuthClient();
const tokens = await localAccessTokens();

/** What a renewal answers, as the console asks for it (POST /token/refresh with the old token and the session). */
async function renew(session: Session): Promise<Session> {
  const reply = await api.request<{ token: string }>('POST', '/token/refresh', undefined, { session });
  if (reply.status !== 200) throw new Error(`refresh failed: ${reply.status} ${reply.body.message}`);
  return { ...session, token: reply.body.data.token };
}

const status = async (session: Session) => (await api.call(AUTH_API.getProfile, {}, { session })).status;

/**
 * A change to what a user's token carries applies at once, not when the token expires: the user's older tokens
 * are refused once (401, as an expired one), the renewed token carries the change, and nobody else is disturbed.
 */
describe('privilege and reach changes', () => {
  let t: StandardTenant;
  let admin: Session;

  beforeAll(async () => {
    t = await standardTenant('changes');
    admin = await api.login(t.login('admin'), TEST_PASSWORD);
  });

  it("refuses the older tokens of a role's users once its privileges change; the renewed token has the new ones", async () => {
    const desk = await api.login(t.login('reception'), TEST_PASSWORD);
    const typist = await api.login(t.login('typist'), TEST_PASSWORD);
    expect(await status(desk)).toBe(200);
    const { PROFILE: _dropped, ...withoutProfile } = DEFAULT_ROLE_PRIVILEGES[ROLE_CODES.RECEPTIONIST];
    const changed = await api.call(
      AUTH_API.updateRole,
      {
        id: t.roles[ROLE_CODES.RECEPTIONIST],
        name: 'Front Desk',
        roleCode: ROLE_CODES.RECEPTIONIST,
        privileges: withoutProfile,
      },
      { session: admin },
    );
    expect(changed.status).toBe(200);

    const refused = await api.call(AUTH_API.getProfile, {}, { session: desk });
    expect([refused.status, refused.body.message]).toEqual([401, AUTH_MESSAGES.unauthorized]);
    const renewed = await renew(desk);
    expect(await status(renewed)).toBe(403);
    expect((await tokens.verify(renewed.token)).grants.PROFILE).toBeUndefined();
    // the admin who made the change and a user of another role keep their tokens
    expect(await status(admin)).toBe(200);
    expect(await status(typist)).toBe(200);
  });

  it("refuses a user's older token once an admin takes a centre from them; the renewed token reaches only the rest", async () => {
    const rad = await api.login(t.login('rad'), TEST_PASSWORD);
    const before = await tokens.verify(rad.token);
    expect([...before.centreIds].sort()).toEqual([t.centres.c1, t.centres.c2].sort());
    const moved = await api.call(
      AUTH_API.updateUser,
      {
        id: rad.userId,
        firstName: 'Moved',
        lastName: 'Radiologist',
        email: t.email('rad'),
        roleID: t.roles[ROLE_CODES.CENTER_RADIOLOGIST],
        groupID: null,
        centerID: [t.centres.c2],
      },
      { session: admin },
    );
    expect(moved.status).toBe(200);
    expect(await status(rad)).toBe(401);
    const renewed = await renew(rad);
    expect((await tokens.verify(renewed.token)).centreIds).toEqual([t.centres.c2]);
    expect(await status(renewed)).toBe(200);
  });

  it("refuses a group admin's older token once a centre of the group is inactivated, and not a stranger's", async () => {
    const ga = await api.login(t.login('ga'), TEST_PASSWORD);
    const ca3 = await api.login(t.login('ca3'), TEST_PASSWORD);
    expect([...(await tokens.verify(ga.token)).centreIds].sort()).toEqual([t.centres.c1, t.centres.c2].sort());
    const off = await api.call(AUTH_API.centreStatus, { id: t.centres.c2, isActive: false }, { session: admin });
    expect(off.status).toBe(200);
    expect(await status(ga)).toBe(401);
    expect((await tokens.verify((await renew(ga)).token)).centreIds).toEqual([t.centres.c1]);
    // ca3 administers the individual centre c3, outside the group: untouched
    expect(await status(ca3)).toBe(200);
  });
});
