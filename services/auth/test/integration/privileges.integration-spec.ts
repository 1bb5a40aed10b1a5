import { beforeAll, describe, expect, it } from '@jest/globals';
import {
  AUTH_API,
  AUTH_MESSAGES,
  PLATFORM_MODULE,
  ROLE_CODES,
  SUBMODULES,
  type Endpoint,
  type PrivilegeGrants,
  type PrivilegeRequirement,
  type SubmoduleType,
} from '@rayworks/contracts';
import { platformOperator } from '@rayworks/testing';
import { AuthClient, type Session } from '../support/auth-client.js';
import { extendTenant, standardTenant, TEST_PASSWORD, type StandardTenant } from '../support/tenants.js';

/** Every endpoint of AUTH_API, so an endpoint added to the contract is covered here without editing this file. */
const ENDPOINTS = Object.entries(AUTH_API) as Array<[string, Endpoint]>;
const PRIVILEGED = ENDPOINTS.filter(
  (e): e is [string, Endpoint & { access: PrivilegeRequirement }] => typeof e[1].access === 'object',
);
const requirementKey = (need: PrivilegeRequirement) => `${need.type}:${[...need.anyOf].sort().join('|')}`;

/** Every privilege of the catalogue except the codes of one requirement. */
function everythingBut(need: PrivilegeRequirement): PrivilegeGrants {
  const out: PrivilegeGrants = {};
  for (const type of Object.keys(SUBMODULES) as SubmoduleType[]) {
    const codes = (SUBMODULES[type].privileges as readonly string[]).filter(
      (c) => type !== need.type || !need.anyOf.includes(c),
    );
    if (codes.length) out[type] = codes;
  }
  return out;
}

describe('every endpoint that needs a privilege refuses a caller without it (403)', () => {
  let t: StandardTenant;
  const api = new AuthClient();
  const sessions = new Map<string, Session>();
  let admin: Session;
  /** Holds the platform module's privileges, which no company role can hold (docs/decisions/0085). */
  let operator: Session;

  beforeAll(async () => {
    t = await standardTenant('priv');
    const op = await platformOperator('priv');
    operator = await api.login(op.loginName, op.password);
    const keys = [...new Set(PRIVILEGED.map(([, e]) => requirementKey(e.access)))];
    const roles = keys.map((key, i) => ({
      key: `lacks-${i}`,
      name: `Lacks ${key}`,
      roleCode: ROLE_CODES.ADMIN,
      privileges: everythingBut(PRIVILEGED.find(([, e]) => requirementKey(e.access) === key)![1].access),
    }));
    const users = keys.map((key, i) => ({
      loginName: `${t.label}.lacks${i}`,
      firstName: 'Lacks',
      lastName: key,
      email: `${t.label}.lacks${i}@it.rayworks.local`,
      role: `lacks-${i}`,
      password: TEST_PASSWORD,
    }));
    t.spec.roles = [...(t.spec.roles ?? []), ...roles];
    await extendTenant(t, users);
    for (const [i, key] of keys.entries()) sessions.set(key, await api.login(`${t.label}.lacks${i}`, TEST_PASSWORD));
    admin = await api.login(t.login('admin'), TEST_PASSWORD);
  }, 60_000);

  it('covers the privileged endpoints of the contract', () => {
    expect(PRIVILEGED.length).toBeGreaterThan(40);
  });

  it.each(PRIVILEGED.map(([name, e]) => [name, e.method, e.path, requirementKey(e.access)] as const))(
    '%s (%s %s) needs %s',
    async (name, _m, _p, key) => {
      const endpoint = AUTH_API[name as keyof typeof AUTH_API];
      const params = { userId: sessions.get(key)!.userId };
      const refused = await api.call(endpoint, {}, { session: sessions.get(key)!, params });
      expect({ name, status: refused.status, body: refused.body }).toEqual({
        name,
        status: 403,
        body: { status: 'error', data: null, message: AUTH_MESSAGES.forbidden },
      });
      // the same call by a holder passes the privilege check: it is mounted, and refused (if at all) for another reason
      const holder = (endpoint.access as PrivilegeRequirement).module === PLATFORM_MODULE ? operator : admin;
      const allowed = await api.call(endpoint, {}, { session: holder, params: { userId: holder.userId } });
      expect({ name, refusedForAccess: [401, 403, 404].includes(allowed.status) }).toEqual({
        name,
        refusedForAccess: false,
      });
    },
  );

  it.each(ENDPOINTS.filter(([, e]) => e.access === 'authenticated').map(([name]) => name))(
    '%s needs only a signed-in user',
    async (name) => {
      const endpoint = AUTH_API[name as keyof typeof AUTH_API];
      const nobody = await api.login(t.login('nobody'), TEST_PASSWORD);
      expect((await api.call(endpoint, {}, { params: { userId: nobody.userId } })).status).toBe(401);
      const reply = await api.call(endpoint, {}, { session: nobody, params: { userId: nobody.userId } });
      // online/offline are for availability roles only: the privilege-less user is refused by that rule instead
      if (name === 'online' || name === 'offline') expect(reply.status).toBe(403);
      else
        expect({ name, refusedForAccess: [401, 403, 404].includes(reply.status) }).toEqual({
          name,
          refusedForAccess: false,
        });
    },
  );
});
