import { describe, expect, it } from '@jest/globals';
import { endpointUrl, sessionHeaders } from './headers';
import type { StoredProfile } from './storage';

const profile = {
  _id: 'u1',
  token: 'access',
  sessionToken: 'sess',
  companyID: 'company-1',
  groupID: 'group-1',
  centerID: ['c1', 'c2'],
} as unknown as StoredProfile;

describe('request headers (spec §7)', () => {
  it('sends the token, session, company, group and centres with their contract names', () => {
    expect(sessionHeaders(profile, 'USER')).toEqual({
      authorization: 'Bearer access',
      'x-session-token': 'sess',
      'x-session-enabled': 'true',
      'x-company-id': 'company-1',
      'x-group-id': 'group-1',
      'x-center-ids': 'c1,c2',
      'x-submodule-type': 'USER',
    });
  });

  it('leaves out a group and centres the user does not have, and sends nothing without a token', () => {
    const headers = sessionHeaders({ ...profile, groupID: null, centerID: [] } as StoredProfile);
    expect(headers).not.toHaveProperty('x-group-id');
    expect(headers).not.toHaveProperty('x-center-ids');
    expect(sessionHeaders({ ...profile, token: undefined } as StoredProfile)).toEqual({});
    expect(sessionHeaders(null)).toEqual({});
  });

  it('builds URLs under /api/auth with path parameters encoded', () => {
    expect(endpointUrl('/login')).toBe('/api/auth/login');
    expect(endpointUrl('/:userId/online', { userId: 'a b' })).toBe('/api/auth/a%20b/online');
    expect(() => endpointUrl('/:userId/online')).toThrow(/userId/);
  });
});
