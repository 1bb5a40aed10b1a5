import { describe, expect, it } from '@jest/globals';
import {
  buildMenu,
  DEFAULT_ROLE_PRIVILEGES,
  firstPermittedLink,
  PROTECTED_ROUTES,
  requirement,
  ROLE_CODES,
  toPermissionConfig,
  type RoleCode,
} from '@rayworks/contracts';
import type { StoredProfile } from '../../api/storage';
import { decideAccess, homePath, landingAfterLogin, pathFromHashRoute, protectedRouteFor } from './access';

const configOf = (role: RoleCode) => toPermissionConfig(DEFAULT_ROLE_PRIVILEGES[role]);
const profile = (patch: Partial<StoredProfile> = {}) =>
  ({ token: 't', sessionToken: 's', resetPassword: false, ...patch }) as StoredProfile;
const GROUPS = requirement('GROUP', 'VIEW');

describe('route guard decisions (spec §4, §6)', () => {
  it('lets a user with the module, type and privilege in', () => {
    expect(decideAccess(profile(), configOf(ROLE_CODES.ADMIN), GROUPS, '/groups')).toEqual({ type: 'allow' });
  });

  it('compares privilege codes case-insensitively', () => {
    const lower = [{ module: 'OTHERS' as const, submodules: [{ type: 'group', privileges: [{ code: 'view' }] }] }];
    expect(decideAccess(profile(), lower, GROUPS, '/groups')).toEqual({ type: 'allow' });
  });

  it('sends a missing privilege to login carrying the origin', () => {
    expect(decideAccess(profile(), configOf(ROLE_CODES.TYPIST), GROUPS, '/groups?page=2')).toEqual({
      type: 'forbidden',
      from: '/groups?page=2',
    });
    expect(decideAccess(profile(), null, GROUPS, '/groups')).toEqual({ type: 'forbidden', from: '/groups' });
  });

  it('treats a stored profile without a token as an expired session', () => {
    expect(decideAccess(profile({ token: undefined }), configOf(ROLE_CODES.ADMIN), GROUPS, '/groups')).toEqual({
      type: 'session-expired',
    });
  });

  it('sends a visitor who never logged in to login with the origin', () => {
    expect(decideAccess(null, null, GROUPS, '/users/view/1')).toEqual({ type: 'login', from: '/users/view/1' });
  });

  it('keeps an expired session on /sessionexpired once storage is cleared and the session flagged', () => {
    expect(decideAccess(null, null, GROUPS, '/groups', true)).toEqual({ type: 'session-expired' });
  });

  it('holds a user who must reset their password on /update-password', () => {
    expect(decideAccess(profile({ resetPassword: true }), configOf(ROLE_CODES.ADMIN), GROUPS, '/groups')).toEqual({
      type: 'reset-password',
    });
  });
});

describe('where the root goes (spec §2)', () => {
  it('goes to /groups when permitted', () => {
    expect(homePath(configOf(ROLE_CODES.GROUP_ADMIN))).toBe('/groups');
  });

  it('goes to the first permitted menu link otherwise', () => {
    expect(homePath(configOf(ROLE_CODES.TYPIST))).toBe('/cases');
    expect(homePath(configOf(ROLE_CODES.PATHOLOGIST))).toBe(
      firstPermittedLink(buildMenu(configOf(ROLE_CODES.PATHOLOGIST))),
    );
  });

  it("goes to the role's start page where it has one (docs/decisions/0338)", () => {
    const home = (role: RoleCode) => homePath(configOf(role), [role]);
    expect(home(ROLE_CODES.CENTER_ADMIN)).toBe('/cases');
    expect(home(ROLE_CODES.GROUP_CENTER_ADMIN)).toBe('/cases');
    expect(home(ROLE_CODES.RECEPTIONIST)).toBe('/cases');
    expect(home(ROLE_CODES.PATHOLOGIST)).toBe('/lims');
    expect(home(ROLE_CODES.GROUP_ADMIN)).toBe('/groups');
    expect(home(ROLE_CODES.ADMIN)).toBe('/groups');
  });

  it('goes to /groups without a configuration (the guard decides there)', () => {
    expect(homePath(null)).toBe('/groups');
  });
});

describe('where a login lands (spec §4)', () => {
  it('goes to /update-password when a reset is required', () => {
    expect(landingAfterLogin(true, configOf(ROLE_CODES.ADMIN), '/users')).toBe('/update-password');
  });

  it('returns to a permitted origin, query included', () => {
    expect(landingAfterLogin(false, configOf(ROLE_CODES.ADMIN), '/users?q=asha')).toBe('/users?q=asha');
  });

  it('ignores an origin the new user may not open, and goes to the first permitted menu link', () => {
    expect(landingAfterLogin(false, configOf(ROLE_CODES.TYPIST), '/users')).toBe('/cases');
    expect(landingAfterLogin(false, configOf(ROLE_CODES.RECEPTIONIST), null)).toBe(
      firstPermittedLink(buildMenu(configOf(ROLE_CODES.RECEPTIONIST))),
    );
  });

  it('lands each role where its day starts, not on Groups (docs/decisions/0338)', () => {
    const landing = (role: RoleCode) => landingAfterLogin(false, configOf(role), null, [role]);
    expect(landing(ROLE_CODES.CENTER_ADMIN)).toBe('/cases');
    expect(landing(ROLE_CODES.GROUP_CENTER_ADMIN)).toBe('/cases');
    expect(landing(ROLE_CODES.RECEPTIONIST)).toBe('/cases');
    expect(landing(ROLE_CODES.CENTER_RADIOLOGIST)).toBe('/cases');
    expect(landing(ROLE_CODES.FUSION_CENTER)).toBe('/fccases');
    expect(landing(ROLE_CODES.PATHOLOGIST)).toBe('/lims');
    // the administrators keep spec §4's first permitted menu link
    expect(landing(ROLE_CODES.GROUP_ADMIN)).toBe('/groups');
  });

  it("keeps a permitted origin over the role's start page", () => {
    expect(
      landingAfterLogin(false, configOf(ROLE_CODES.PATHOLOGIST), '/samplecollection', [ROLE_CODES.PATHOLOGIST]),
    ).toBe('/samplecollection');
  });

  it('lands every demo role somewhere it may open', () => {
    for (const role of Object.values(ROLE_CODES)) {
      const config = configOf(role);
      const landing = landingAfterLogin(false, config, null, [role]);
      const route = protectedRouteFor(landing);
      expect(route).toBeDefined();
      expect(decideAccess(profile(), config, route!.need, landing).type).toBe('allow');
    }
  });
});

describe('routes', () => {
  it('finds the route of a path with parameters', () => {
    expect(protectedRouteFor('/doctors/view/1/profileID/2')?.path).toBe('/doctors/view/:id/profileID/:profileID');
    expect(protectedRouteFor('/worklist/edit/abc')?.path).toBe('/worklist/edit/*');
    expect(protectedRouteFor('/nope')).toBeUndefined();
  });

  it('has a route for every protected path of the contract', () => {
    for (const route of PROTECTED_ROUTES)
      expect(protectedRouteFor(route.path.replace(/:[A-Za-z]+/g, 'x').replace('*', 'y'))).toBe(route);
  });

  it('turns the hash error targets into paths (spec §2)', () => {
    expect(pathFromHashRoute('#/auth-offline')).toBe('/auth-offline');
    expect(pathFromHashRoute('#/auth-500')).toBe('/auth-500');
    expect(pathFromHashRoute('#/pages-maintenance')).toBe('/pages-maintenance');
    expect(pathFromHashRoute('#section')).toBeNull();
    expect(pathFromHashRoute('#/')).toBeNull();
    expect(pathFromHashRoute('')).toBeNull();
  });
});
