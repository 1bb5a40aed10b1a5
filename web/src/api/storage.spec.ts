import { describe, expect, it } from '@jest/globals';
import type { UserSession } from '@rayworks/contracts';
import {
  clearStorage,
  flagSessionExpired,
  isSessionExpiredFlagged,
  profileFromSession,
  readConfig,
  readProfile,
  STORAGE_KEYS,
  writeConfig,
  writeProfile,
  type KeyValueStorage,
} from './storage';

class MemoryStorage implements KeyValueStorage {
  readonly map = new Map<string, string>();
  getItem = (key: string) => this.map.get(key) ?? null;
  setItem = (key: string, value: string) => void this.map.set(key, value);
  removeItem = (key: string) => void this.map.delete(key);
  clear = () => this.map.clear();
}

const session: UserSession = {
  token: 'access',
  sessionToken: 'sess',
  resetPassword: true,
  _id: 'u1',
  groupID: null,
  centerID: ['c1'],
  expiresIn: 900,
  user: {
    _id: 'u1',
    firstName: 'Tara',
    lastName: 'Das',
    email: 'typist@example.com',
    phoneNumber: null,
    roleCodes: ['TYPIST'],
    roledetails: { name: 'Typist' },
    isAvailability: false,
    logo: null,
    profileImg: [],
    centerName: 'Apex Andheri',
    groupName: null,
    centerLogo: null,
    groupLogo: null,
    radiologistLogo: null,
    centerID: ['c1'],
    groupID: null,
    companyID: 'company-1',
  },
};

describe('what the console keeps in the browser (spec §4)', () => {
  it('stores the user with the session tokens and reads them back', () => {
    const local = new MemoryStorage();
    const profile = profileFromSession(session, 1_000);
    expect(profile).toMatchObject({
      token: 'access',
      sessionToken: 'sess',
      resetPassword: true,
      tokenExpiresAt: 901_000,
      firstName: 'Tara',
    });
    writeProfile(profile, local);
    expect(readProfile(local)).toEqual(profile);
  });

  it('reads nothing from a missing, corrupt or foreign value', () => {
    const local = new MemoryStorage();
    expect(readProfile(local)).toBeNull();
    local.setItem(STORAGE_KEYS.profile, '{not json');
    expect(readProfile(local)).toBeNull();
    local.setItem(STORAGE_KEYS.profile, JSON.stringify({ hello: 'world' }));
    expect(readProfile(local)).toBeNull();
    local.setItem(STORAGE_KEYS.config, JSON.stringify([{ module: 'NOPE', submodules: [] }]));
    expect(readConfig(local)).toBeNull();
  });

  it('clears both storages but keeps the device display preferences', () => {
    const local = new MemoryStorage();
    const sessionStore = new MemoryStorage();
    writeProfile(profileFromSession(session), local);
    writeConfig([{ module: 'PACS', submodules: [{ type: 'WORKLIST', privileges: [{ code: 'VIEW' }] }] }], local);
    local.setItem('rayworks-color-scheme', 'dark');
    local.setItem('rayworks-layout', 'vertical');
    local.setItem('something-else', 'x');
    sessionStore.setItem('anything', 'y');
    clearStorage(local, sessionStore);
    expect(readProfile(local)).toBeNull();
    expect(readConfig(local)).toBeNull();
    expect(local.getItem('something-else')).toBeNull();
    expect(sessionStore.map.size).toBe(0);
    expect(local.getItem('rayworks-color-scheme')).toBe('dark');
    expect(local.getItem('rayworks-layout')).toBe('vertical');
  });

  it('flags an expired session in session storage', () => {
    const sessionStore = new MemoryStorage();
    expect(isSessionExpiredFlagged(sessionStore)).toBe(false);
    flagSessionExpired(sessionStore);
    expect(isSessionExpiredFlagged(sessionStore)).toBe(true);
  });
});
