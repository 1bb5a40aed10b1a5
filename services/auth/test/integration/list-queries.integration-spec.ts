import { beforeAll, describe, expect, it } from '@jest/globals';
import { AUTH_API, type Endpoint } from '@rayworks/contracts';
import { AuthClient, type Session } from '../support/auth-client.js';
import { standardTenant, TEST_PASSWORD, type StandardTenant } from '../support/tenants.js';

/**
 * Issue 7 "Bad input": a list declares its sort columns and filters in its contract (libs/contracts listQuery);
 * an unknown sort column or filter is a 400 naming the field and the reason, never a 500 and never ignored.
 */
const LISTS: Array<[string, Endpoint, string]> = [
  ['roles', AUTH_API.getRoles, 'roleCode'],
  ['users', AUTH_API.findUsers, 'lastLoginAt'],
  ['groups', AUTH_API.getGroups, 'city'],
  ['centres', AUTH_API.getCentres, 'groupName'],
  ['departments', AUTH_API.getDepartments, 'code'],
  ['doctors', AUTH_API.getDoctors, 'specialization'],
  ['referrals', AUTH_API.findReferrals, 'hospitalName'],
];

describe('list queries', () => {
  let t: StandardTenant;
  let admin: Session;
  const api = new AuthClient();

  beforeAll(async () => {
    t = await standardTenant('lists');
    admin = await api.login(t.login('admin'), TEST_PASSWORD);
  });

  it.each(LISTS)('%s: sorts by a declared column in both directions', async (_, endpoint, column) => {
    for (const sortDir of ['asc', 'desc'])
      expect((await api.call(endpoint, { sortBy: column, sortDir }, { session: admin })).status).toBe(200);
  });

  it.each(LISTS)('%s: refuses an unknown sort column with 400 naming sortBy', async (_, endpoint) => {
    const reply = await api.call(endpoint, { sortBy: 'password_hash; DROP TABLE x' }, { session: admin });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ status: 'error', data: null });
    expect(reply.body.message).toMatch(/^sortBy: Invalid option: expected one of "/);
  });

  it.each(LISTS)('%s: refuses an unknown filter with 400 naming it', async (_, endpoint) => {
    const reply = await api.call(endpoint, { tenantId: t.tenantId }, { session: admin });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/tenantId/);
  });

  it('accepts the filters a list declares and refuses a malformed one by its field', async () => {
    expect((await api.call(AUTH_API.findUsers, { roleCode: 'TYPIST' }, { session: admin })).status).toBe(200);
    const reply = await api.call(AUTH_API.getCentres, { groupID: 'not-an-id' }, { session: admin });
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/^groupID: /);
  });
});
