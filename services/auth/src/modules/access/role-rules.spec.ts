import { describe, expect, it } from '@jest/globals';
import { ALL_ROLE_CODES, DEFAULT_ROLE_PRIVILEGES, ROLE_CODES } from '@rayworks/contracts';
import { canAssignRole, canDefineRole, canUseRoleCode, grantsWithin, roleLevel } from './role-rules.js';

describe('role rules', () => {
  it('gives every role code a reach', () => {
    expect(roleLevel(ROLE_CODES.ADMIN)).toBe('tenant');
    expect(roleLevel('rra')).toBe('tenant');
    expect(roleLevel(ROLE_CODES.MARKETPLACE_RADIOLOGIST)).toBe('tenant');
    expect(roleLevel(ROLE_CODES.GROUP_ADMIN)).toBe('group');
    expect(roleLevel(ROLE_CODES.FUSION_GROUP_ADMIN)).toBe('group');
    for (const code of [
      ROLE_CODES.CENTER_ADMIN,
      ROLE_CODES.GROUP_CENTER_ADMIN,
      ROLE_CODES.FUSION_CENTER,
      ROLE_CODES.FUSION_GROUP_CENTER,
      ROLE_CODES.TYPIST,
      'JR',
    ]) {
      expect(roleLevel(code)).toBe('centre');
    }
    expect(roleLevel('NOT A ROLE')).toBe('centre');
  });

  it('compares grants code by code', () => {
    expect(grantsWithin({ USER: ['VIEW'] }, { USER: ['VIEW', 'EDIT'] })).toBe(true);
    expect(grantsWithin({ USER: ['VIEW', 'CREATE'] }, { USER: ['VIEW', 'EDIT'] })).toBe(false);
    expect(grantsWithin({ ROLES: ['VIEW'] }, { USER: ['VIEW'] })).toBe(false);
    expect(grantsWithin({}, {})).toBe(true);
  });

  it('lets a caller hand out only roles no wider than its own reach', () => {
    const groupAdmin = { level: 'group' as const, roleCodes: [ROLE_CODES.GROUP_ADMIN] };
    expect(canUseRoleCode(groupAdmin, ROLE_CODES.RECEPTIONIST)).toBe(true);
    expect(canUseRoleCode(groupAdmin, ROLE_CODES.GROUP_ADMIN)).toBe(true);
    expect(canUseRoleCode(groupAdmin, ROLE_CODES.ADMIN)).toBe(false);
    expect(canUseRoleCode(groupAdmin, ROLE_CODES.MARKETPLACE_RADIOLOGIST)).toBe(false);
    expect(canUseRoleCode({ level: 'centre', roleCodes: [ROLE_CODES.CENTER_ADMIN] }, ROLE_CODES.GROUP_ADMIN)).toBe(
      false,
    );
    expect(canUseRoleCode({ level: 'tenant', roleCodes: [ROLE_CODES.RADIOLOGY_ADMIN] }, ROLE_CODES.ADMIN)).toBe(false);
    expect(canUseRoleCode({ level: 'tenant', roleCodes: [ROLE_CODES.ADMIN] }, ROLE_CODES.SUPER_ADMIN)).toBe(false);
    expect(canUseRoleCode({ level: 'tenant', roleCodes: [ROLE_CODES.SUPER_ADMIN] }, ROLE_CODES.SUPER_ADMIN)).toBe(true);
    expect(canUseRoleCode({ level: 'tenant', roleCodes: [ROLE_CODES.ADMIN] }, 'INVENTED')).toBe(false);
  });

  it('with the default matrix, an admin assigns every role; a centre admin none wider than its privileges', () => {
    const admin = {
      level: 'tenant' as const,
      roleCodes: [ROLE_CODES.ADMIN],
      grants: DEFAULT_ROLE_PRIVILEGES[ROLE_CODES.ADMIN],
    };
    for (const code of ALL_ROLE_CODES.filter((c) => c !== ROLE_CODES.SUPER_ADMIN)) {
      expect({ code, ok: canAssignRole(admin, { roleCode: code, privileges: DEFAULT_ROLE_PRIVILEGES[code] }) }).toEqual(
        { code, ok: true },
      );
    }
    const ca = {
      level: 'centre' as const,
      roleCodes: [ROLE_CODES.CENTER_ADMIN],
      grants: DEFAULT_ROLE_PRIVILEGES[ROLE_CODES.CENTER_ADMIN],
    };
    expect(
      canAssignRole(ca, {
        roleCode: ROLE_CODES.RECEPTIONIST,
        privileges: DEFAULT_ROLE_PRIVILEGES[ROLE_CODES.RECEPTIONIST],
      }),
    ).toBe(true);
    // work privileges (accept, report) are not compared on assignment, administrative ones are
    expect(
      canAssignRole(ca, {
        roleCode: ROLE_CODES.CENTER_RADIOLOGIST,
        privileges: DEFAULT_ROLE_PRIVILEGES[ROLE_CODES.CENTER_RADIOLOGIST],
      }),
    ).toBe(true);
    expect(
      canAssignRole(ca, {
        roleCode: ROLE_CODES.CENTER_ADMIN,
        privileges: DEFAULT_ROLE_PRIVILEGES[ROLE_CODES.GROUP_CENTER_ADMIN],
      }),
    ).toBe(false);
    // but a role it defines holds only its own privileges
    expect(
      canDefineRole(ca, {
        roleCode: ROLE_CODES.CENTER_RADIOLOGIST,
        privileges: DEFAULT_ROLE_PRIVILEGES[ROLE_CODES.CENTER_RADIOLOGIST],
      }),
    ).toBe(false);
    expect(
      canDefineRole(ca, { roleCode: ROLE_CODES.RECEPTIONIST, privileges: { USER: ['VIEW'], WORKLIST: ['VIEW'] } }),
    ).toBe(true);
  });
});
