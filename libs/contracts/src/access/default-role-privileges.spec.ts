import { describe, expect, it } from '@jest/globals';
import { buildMenu } from '../console/menu.js';
import { DEFAULT_ROLE_PRIVILEGES, PLATFORM_OPERATOR_PRIVILEGES } from './default-role-privileges.js';
import { grantsAllow, sanitizeGrants, toPermissionConfig } from './permission-config.js';
import {
  GENERIC,
  PLATFORM_SUBMODULE_TYPES,
  SPECIFIC,
  WORKLIST,
  requirement,
  SUBMODULES,
  type SubmoduleType,
} from './privileges.js';
import {
  ALL_ROLE_CODES,
  AVAILABILITY_ROLES,
  ROLE_CODES,
  ROLE_LABELS,
  ROLE_SHORT_FORMS,
  normalizeRoleCode,
  type RoleCode,
} from './roles.js';

const menuOf = (role: RoleCode) => {
  const menu = buildMenu(toPermissionConfig(DEFAULT_ROLE_PRIVILEGES[role]));
  return [...menu.items, ...menu.more].map((i) =>
    i.subItems.length ? `${i.label}(${i.subItems.map((s) => s.label).join(',')})` : i.label,
  );
};
const can = (role: RoleCode, type: SubmoduleType, code: string) =>
  grantsAllow(DEFAULT_ROLE_PRIVILEGES[role], requirement(type, code as never));

describe('default role → privilege matrix', () => {
  it('has a row for every role code, and every code it grants exists in the catalogue', () => {
    expect(Object.keys(DEFAULT_ROLE_PRIVILEGES).sort()).toEqual([...ALL_ROLE_CODES].sort());
    for (const role of ALL_ROLE_CODES) {
      const grants = DEFAULT_ROLE_PRIVILEGES[role];
      expect(sanitizeGrants(grants as Record<string, string[]>)).toEqual(grants);
    }
  });

  it('gives no company role a privilege of the platform module, and the platform operator only those', () => {
    for (const role of ALL_ROLE_CODES)
      for (const type of PLATFORM_SUBMODULE_TYPES)
        expect([role, DEFAULT_ROLE_PRIVILEGES[role][type]]).toEqual([role, undefined]);
    expect(Object.keys(PLATFORM_OPERATOR_PRIVILEGES).sort()).toEqual([...PLATFORM_SUBMODULE_TYPES].sort());
    expect(sanitizeGrants(PLATFORM_OPERATOR_PRIVILEGES as Record<string, string[]>)).toEqual({});
    expect(sanitizeGrants(PLATFORM_OPERATOR_PRIVILEGES as Record<string, string[]>, { platform: true })).toEqual(
      PLATFORM_OPERATOR_PRIVILEGES,
    );
    expect(grantsAllow(PLATFORM_OPERATOR_PRIVILEGES, requirement('COMPANIES', GENERIC.CREATE))).toBe(true);
    expect(grantsAllow(PLATFORM_OPERATOR_PRIVILEGES, requirement('USER', GENERIC.VIEW))).toBe(false);
  });

  it('gives the product admin and the super admin of a company every company privilege', () => {
    for (const role of [ROLE_CODES.ADMIN, ROLE_CODES.SUPER_ADMIN]) {
      for (const [type, def] of Object.entries(SUBMODULES).filter(
        ([type]) => !PLATFORM_SUBMODULE_TYPES.includes(type as SubmoduleType),
      )) {
        expect([type, [...(DEFAULT_ROLE_PRIVILEGES[role][type as SubmoduleType] ?? [])]]).toEqual([
          type,
          [...def.privileges],
        ]);
      }
    }
  });

  it('follows the worklist action table of spec §6', () => {
    for (const admin of [ROLE_CODES.CENTER_ADMIN, ROLE_CODES.GROUP_ADMIN, ROLE_CODES.GROUP_CENTER_ADMIN]) {
      for (const code of [
        WORKLIST.ASSIGN,
        WORKLIST.REASSIGN,
        WORKLIST.RECALL,
        WORKLIST.DOWNLOAD_PRINT,
        WORKLIST.SEND_REPORT_TO_PATIENT,
      ]) {
        expect([admin, code, can(admin, 'WORKLIST', code)]).toEqual([admin, code, true]);
      }
      expect(can(admin, 'WORKLIST', WORKLIST.ACCEPT)).toBe(false);
    }
    for (const code of [WORKLIST.ACCEPT, WORKLIST.REJECT, WORKLIST.DOWNLOAD_PRINT])
      expect(can(ROLE_CODES.CENTER_RADIOLOGIST, 'WORKLIST', code)).toBe(true);
    expect(can(ROLE_CODES.CENTER_RADIOLOGIST, 'WORKLIST', WORKLIST.ASSIGN)).toBe(false);
    expect(can(ROLE_CODES.RECEPTIONIST, 'WORKLIST', WORKLIST.DOWNLOAD_PRINT)).toBe(true);
    expect(can(ROLE_CODES.RECEPTIONIST, 'WORKLIST', WORKLIST.ACCEPT)).toBe(false);
    expect(can(ROLE_CODES.TYPIST, 'WORKLIST', WORKLIST.TRANSCRIBE)).toBe(true);
    expect(can(ROLE_CODES.TYPIST, 'WORKLIST', WORKLIST.ACCEPT)).toBe(false);
    for (const code of [WORKLIST.ACCEPT, WORKLIST.REJECT, WORKLIST.CHAT])
      expect(can(ROLE_CODES.MARKETPLACE_RADIOLOGIST, 'WORKLIST', code)).toBe(true);
    expect(can(ROLE_CODES.MARKETPLACE_RADIOLOGIST, 'WORKLIST', WORKLIST.ASSIGN)).toBe(false);
    for (const code of [WORKLIST.ACCEPT, WORKLIST.REJECT, WORKLIST.DOWNLOAD_PRINT])
      expect(can(ROLE_CODES.JUNIOR_RADIOLOGIST, 'WORKLIST', code)).toBe(true);
    expect(can(ROLE_CODES.JUNIOR_RADIOLOGIST, 'WORKLIST', WORKLIST.ADDENDUM)).toBe(false);
  });

  it('lets only radiology roles manage a signature, and nobody but admins manage roles', () => {
    const signers = ALL_ROLE_CODES.filter((r) => can(r, 'PROFILE', SPECIFIC.MANAGE_SIGNATURE)).sort();
    expect(signers).toEqual(
      [
        ROLE_CODES.ADMIN,
        ROLE_CODES.SUPER_ADMIN,
        ROLE_CODES.CENTER_RADIOLOGIST,
        ROLE_CODES.JUNIOR_RADIOLOGIST,
        ROLE_CODES.MARKETPLACE_RADIOLOGIST,
        ROLE_CODES.PATHOLOGIST,
      ].sort(),
    );
    const roleEditors = ALL_ROLE_CODES.filter((r) => can(r, 'ROLES', GENERIC.CREATE)).sort();
    expect(roleEditors).toEqual(
      [ROLE_CODES.ADMIN, ROLE_CODES.SUPER_ADMIN, ROLE_CODES.GROUP_ADMIN, ROLE_CODES.GROUP_CENTER_ADMIN].sort(),
    );
  });

  it('gives each demo role the menu it should see', () => {
    expect(menuOf(ROLE_CODES.CENTER_RADIOLOGIST)).toEqual(['Cases', 'Dashboards', 'Report Templates']);
    expect(menuOf(ROLE_CODES.TYPIST)).toEqual(['Cases', 'Report Templates']);
    expect(menuOf(ROLE_CODES.PATHOLOGIST)).toEqual(['Tests', 'Patients(Patients List)', 'Sample Collection', 'LIMS']);
    expect(menuOf(ROLE_CODES.RECEPTIONIST)).toEqual([
      'Cases',
      'Doctors',
      'Tests',
      'Referrals',
      'Packages',
      'Patients(Registration,Patients List)',
      'Holiday Calender',
      'Sample Collection',
      'Finance(Invoices,Day End)',
    ]);
    expect(menuOf(ROLE_CODES.FUSION_CENTER)).toEqual(['Cases', 'Master Config(Users)']);
    expect(menuOf(ROLE_CODES.CENTER_ADMIN)).toContain(
      'Master Config(Roles,Users,Departments,Lab Management,Outsourcing Lab)',
    );
    expect(menuOf(ROLE_CODES.CENTER_ADMIN)).not.toContain('Groups');
  });
});

describe('roles', () => {
  it('maps every short form of the specification to its role', () => {
    expect(normalizeRoleCode('CA')).toBe('CENTER_ADMIN');
    expect(normalizeRoleCode('rra')).toBe('RAYWORKS_RADIOLOGY_ADMIN');
    expect(normalizeRoleCode('JR')).toBe('JUNIOR RADIOLOGIST');
    expect(normalizeRoleCode('FGCA')).toBe('FUSION_GROUP_CENTER');
    expect(normalizeRoleCode('RAYWORKS_ADMIN')).toBe('RAYWORKS_ADMIN');
    expect(normalizeRoleCode('OWNER')).toBeUndefined();
    expect(Object.keys(ROLE_SHORT_FORMS).sort()).toEqual([
      'ADMIN',
      'CA',
      'FCA',
      'FGA',
      'FGCA',
      'GA',
      'GCA',
      'JR',
      'MP_RADIOLOGIST',
      'RADIOLOGIST',
      'RRA',
    ]);
  });

  it('labels the typist Transcriptionist, and only radiologists and typists get the availability switch', () => {
    expect(ROLE_LABELS.TYPIST).toBe('Transcriptionist');
    expect([...AVAILABILITY_ROLES]).toEqual(['CENTER_RADIOLOGIST', 'TYPIST']);
  });
});
