import { describe, expect, it } from '@jest/globals';
import { AUTH_MESSAGES, ROLE_CODES, requirement } from '@rayworks/contracts';
import { decide } from './auth.guard.js';
import { accessRuleOf } from './decorators.js';
import type { RequestAccess } from './request-access.js';

const access = (p: Partial<RequestAccess['principal']> = {}): RequestAccess => ({
  principal: {
    userId: 'u',
    tenantId: 't',
    sessionId: 's',
    loginName: 'l',
    roleCodes: [ROLE_CODES.CENTER_ADMIN],
    groupId: null,
    centreIds: [],
    grants: { GROUP: ['VIEW'], USER: ['VIEW', 'CREATE'] },
    level: 'centre',
    resetPassword: false,
    principalVersion: 3,
    ...p,
  },
  groupFilter: null,
  centreFilter: null,
  empty: false,
  submoduleType: null,
  subscriptionType: null,
  sessionEnabled: false,
});

describe('guard decisions', () => {
  it('lets only a platform operator (level platform, no tenant) through a PLATFORM module rule, whatever its grants', () => {
    const rule = accessRuleOf(requirement('COMPANIES', 'CREATE'));
    const grants = { COMPANIES: ['VIEW', 'CREATE', 'ISACTIVE'] };
    expect(decide(rule, access({ level: 'platform', tenantId: null, grants }), false).allowed).toBe(true);
    // a company's SUPER_ADMIN whose token somehow carried the grant is still refused
    expect(decide(rule, access({ level: 'tenant', roleCodes: [ROLE_CODES.SUPER_ADMIN], grants }), false).allowed).toBe(
      false,
    );
    expect(decide(rule, access({ level: 'platform', tenantId: null, grants: {} }), false).allowed).toBe(false);
  });

  it('denies a route without an access rule (default deny)', () => {
    expect(decide(undefined, access(), false)).toEqual({ allowed: false, message: AUTH_MESSAGES.forbidden });
  });

  it('allows authenticated routes to any verified caller', () => {
    expect(decide({ kind: 'authenticated' }, access({ grants: {} }), false).allowed).toBe(true);
  });

  it('checks module, type and any one code, case-insensitively', () => {
    expect(decide(accessRuleOf(requirement('USER', 'CREATE')), access(), false).allowed).toBe(true);
    expect(decide(accessRuleOf(requirement('USER', 'EDIT', 'CREATE')), access(), false).allowed).toBe(true);
    expect(decide(accessRuleOf(requirement('USER', 'EDIT')), access(), false).allowed).toBe(false);
    expect(decide(accessRuleOf(requirement('ROLES', 'VIEW')), access(), false).allowed).toBe(false);
    expect(
      decide(
        { kind: 'privilege', need: { module: 'others', type: 'group', anyOf: ['view'] } as never },
        access(),
        false,
      ).allowed,
    ).toBe(true);
    expect(
      decide({ kind: 'privilege', need: { module: 'PACS', type: 'GROUP', anyOf: ['VIEW'] } }, access(), false).allowed,
    ).toBe(false);
  });

  it('checks role codes for operator routes', () => {
    const rule = { kind: 'roles', roles: [ROLE_CODES.ADMIN, ROLE_CODES.SUPER_ADMIN] } as const;
    expect(decide(rule, access(), false).allowed).toBe(false);
    expect(decide(rule, access({ roleCodes: [ROLE_CODES.SUPER_ADMIN] }), false).allowed).toBe(true);
  });

  it('lets a user who must reset the password reach only the routes marked for it', () => {
    const mustReset = access({ resetPassword: true });
    expect(decide(accessRuleOf(requirement('USER', 'VIEW')), mustReset, false).allowed).toBe(false);
    expect(decide({ kind: 'authenticated' }, mustReset, false).allowed).toBe(false);
    expect(decide({ kind: 'authenticated' }, mustReset, true).allowed).toBe(true);
  });
});
