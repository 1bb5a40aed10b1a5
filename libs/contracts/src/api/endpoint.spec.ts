import { describe, expect, it } from '@jest/globals';
import { AUTH_API } from '../auth/endpoints.js';
import { SERVICE_APIS } from './apis.js';
import { errorStatusesOf, fillPath, listQuery } from './endpoint.js';

describe('service API contracts', () => {
  it('give every endpoint the service of its map', () => {
    for (const [service, api] of Object.entries(SERVICE_APIS))
      for (const endpoint of Object.values(api)) expect(endpoint.service).toBe(service);
    expect(AUTH_API.findUsers).toMatchObject({ service: 'auth', path: '/user/find' });
  });

  it('declare the error statuses of the access rule and of the route', () => {
    expect(errorStatusesOf(AUTH_API.forgotPassword)).toEqual([400, 413, 429, 500, 503]);
    // a GET reads no body: no 413
    expect(errorStatusesOf(AUTH_API.config)).toEqual([400, 401, 403, 440, 500, 503]);
    expect(errorStatusesOf(AUTH_API.getUser)).toEqual([400, 401, 403, 404, 413, 440, 500, 503]);
  });

  it('fill path parameters and refuse a missing one', () => {
    expect(fillPath('/:userId/online', { userId: 'a/b' })).toBe('/a%2Fb/online');
    expect(() => fillPath('/:userId/online')).toThrow('Missing path parameter userId');
  });
});

describe('listQuery', () => {
  const users = AUTH_API.findUsers.body;

  it('accepts the declared sort columns and filters, with defaults', () => {
    expect(users.parse({ sortBy: 'lastLoginAt', roleCode: 'TYPIST' })).toEqual({
      page: 1,
      pageSize: 20,
      sortDir: 'asc',
      sortBy: 'lastLoginAt',
      roleCode: 'TYPIST',
    });
  });

  it('refuses an unknown sort column, naming the field', () => {
    const result = users.safeParse({ sortBy: 'password_hash' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['sortBy']);
  });

  it('refuses an unknown filter instead of ignoring it', () => {
    const result = AUTH_API.getRoles.body.safeParse({ centerID: 'x' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['centerID'] });
  });

  it('types filters with their own schema', () => {
    const q = listQuery({ sortBy: ['name'], filters: { groupID: AUTH_API.getCentres.body.shape.groupID } });
    expect(q.safeParse({ groupID: 'not-a-uuid' }).success).toBe(false);
  });
});
