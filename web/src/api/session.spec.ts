import { describe, expect, it } from '@jest/globals';
import { credentialHeaders } from '@rayworks/api-client';
import { credentialsFromProfile } from './session';
import type { StoredProfile } from './storage';

const profile = {
  _id: 'u1',
  token: 'access',
  sessionToken: 'sess',
  companyID: 'company-1',
  groupID: 'group-1',
  centerID: ['c1', 'c2'],
  tokenExpiresAt: 123,
} as unknown as StoredProfile;

describe('the stored profile as the typed client’s session (spec §7 headers)', () => {
  it('sends the token, session, company, group and centres with their contract names', () => {
    expect(credentialHeaders(credentialsFromProfile(profile), 'USER')).toEqual({
      authorization: 'Bearer access',
      'x-session-token': 'sess',
      'x-session-enabled': 'true',
      'x-company-id': 'company-1',
      'x-group-id': 'group-1',
      'x-center-ids': 'c1,c2',
      'x-submodule-type': 'USER',
    });
    expect(credentialsFromProfile(profile)?.expiresAt).toBe(123);
  });

  it('leaves out a group and centres the user does not have, and sends nothing without a token', () => {
    const headers = credentialHeaders(credentialsFromProfile({ ...profile, groupID: null, centerID: [] }));
    expect(headers).not.toHaveProperty('x-group-id');
    expect(headers).not.toHaveProperty('x-center-ids');
    expect(credentialsFromProfile({ ...profile, token: undefined })).toBeNull();
    expect(credentialHeaders(credentialsFromProfile(null))).toEqual({});
  });
});
