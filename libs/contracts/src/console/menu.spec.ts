import { describe, expect, it } from '@jest/globals';
import { DEFAULT_ROLE_PRIVILEGES } from '../access/default-role-privileges.js';
import { toPermissionConfig, type PermissionConfig } from '../access/permission-config.js';
import { ROLE_CODES } from '../access/roles.js';
import {
  MENU_VISIBLE_COUNT,
  ROLE_START_PAGES,
  buildMenu,
  firstPermittedLink,
  roleStartPage,
  startPage,
  type MenuEntry,
} from './menu.js';

const config = (entries: Array<[string, string, string[]]>): PermissionConfig =>
  entries.map(([module, type, codes]) => ({
    module: module as 'PACS',
    submodules: [{ type, privileges: codes.map((code) => ({ code })) }],
  }));

const labels = (items: { label: string }[]) => items.map((i) => i.label);

describe('buildMenu', () => {
  it('shows only entries whose module, type and privilege the configuration holds', () => {
    const menu = buildMenu(
      config([
        ['OTHERS', 'GROUP', ['VIEW']],
        ['OTHERS', 'DOCTOR', ['CREATE']],
      ]),
    );
    expect(labels(menu.items)).toEqual(['Groups']);
    expect(menu.more).toEqual([]);
  });

  it('shows Fusion Cases only to the fusion roles, after Cases', () => {
    const worklist = config([['PACS', 'WORKLIST', ['VIEW']]]);
    expect(labels(buildMenu(worklist).items)).toEqual(['Cases']);
    expect(labels(buildMenu(worklist, undefined, [ROLE_CODES.CENTER_ADMIN]).items)).toEqual(['Cases']);
    expect(labels(buildMenu(worklist, undefined, [ROLE_CODES.FUSION_CENTER]).items)).toEqual(['Cases', 'Fusion Cases']);
    expect(buildMenu(config([]), undefined, [ROLE_CODES.FUSION_GROUP_ADMIN]).items).toEqual([]);
  });

  it('compares module, type and codes case-insensitively (spec §6)', () => {
    const menu = buildMenu(config([['others', 'group', ['view']]]));
    expect(labels(menu.items)).toEqual(['Groups']);
  });

  it('does not match a privilege held under another module', () => {
    expect(buildMenu(config([['PACS', 'GROUP', ['VIEW']]])).items).toEqual([]);
  });

  it('sorts by sortBy (spec §2 orders) and puts entries beyond the first 7, headers counted, under More', () => {
    const menu = buildMenu(toPermissionConfig(DEFAULT_ROLE_PRIVILEGES[ROLE_CODES.ADMIN]));
    expect(menu.items).toHaveLength(MENU_VISIBLE_COUNT);
    expect(labels(menu.items)).toEqual(['Groups', 'Cases', 'Centers', 'Doctors', 'Tests', 'Referrals', 'Packages']);
    expect(labels(menu.more)).toEqual([
      'Patients',
      'Holiday Calender',
      'Dashboards',
      'Sample Collection',
      'LIMS',
      'Finance',
      'Report Templates',
      'Archive',
      'Master Config',
    ]);
  });

  it('shows a header with only its permitted sub-items, and hides a header with none', () => {
    const menu = buildMenu(config([['OTHERS', 'USER', ['VIEW', 'EDIT']]]));
    expect(labels(menu.items)).toEqual(['Master Config']);
    expect(menu.items[0].link).toBe('/#');
    expect(menu.items[0].subItems.map((s) => s.label)).toEqual(['Users']);
    expect(buildMenu(config([['OTHERS', 'USER', ['CREATE']]])).items).toEqual([]);
  });

  it('gives each item the type and its create, view, edit and isactive flags (spec §3)', () => {
    const [users] = buildMenu(config([['OTHERS', 'USER', ['VIEW', 'EDIT']]])).items[0].subItems;
    expect(users).toMatchObject({
      type: 'USER',
      view: true,
      edit: true,
      create: false,
      isactive: false,
      link: '/users',
    });
  });

  it("shows the Archive (beyond spec §2) to administrators only, after the spec's entries", () => {
    const archive = (role: keyof typeof DEFAULT_ROLE_PRIVILEGES) => {
      const menu = buildMenu(toPermissionConfig(DEFAULT_ROLE_PRIVILEGES[role]));
      return [...menu.items, ...menu.more].some((item) => item.link === '/archive');
    };
    expect(archive(ROLE_CODES.ADMIN)).toBe(true);
    expect(archive(ROLE_CODES.CENTER_ADMIN)).toBe(true);
    expect(archive(ROLE_CODES.CENTER_RADIOLOGIST)).toBe(false);
    expect(archive(ROLE_CODES.RECEPTIONIST)).toBe(false);
    expect(archive(ROLE_CODES.TYPIST)).toBe(false);
  });

  it("puts the desk's Registration and the Patients List under Patients (spec §2: /patients and its children)", () => {
    const patients = (role: keyof typeof DEFAULT_ROLE_PRIVILEGES) => {
      const menu = buildMenu(toPermissionConfig(DEFAULT_ROLE_PRIVILEGES[role]));
      return [...menu.items, ...menu.more].find((item) => item.id === 'patients');
    };
    expect(patients(ROLE_CODES.RECEPTIONIST)).toMatchObject({ link: '/#', sortBy: 9 });
    expect(patients(ROLE_CODES.RECEPTIONIST)?.subItems.map((s) => [s.label, s.link])).toEqual([
      ['Registration', '/patients/registration'],
      ['Patients List', '/patients/list'],
    ]);
    expect(patients(ROLE_CODES.CENTER_RADIOLOGIST)).toBeUndefined();
  });

  it('keeps catalogue order between equal sort orders (Dashboards and Sample Collection are both 11)', () => {
    const menu = buildMenu(
      config([
        ['BILLING', 'SAMPLE_COLLECTION', ['VIEW']],
        ['OTHERS', 'DASHBOARD', ['VIEW']],
      ]),
    );
    expect(labels(menu.items)).toEqual(['Dashboards', 'Sample Collection']);
  });

  it('works on any catalogue: 9 plain entries give 7 and 2 under More', () => {
    const catalogue: MenuEntry[] = Array.from({ length: 9 }, (_, i) => ({
      id: `e${i}`,
      label: `E${i}`,
      link: `/e${i}`,
      sortBy: 9 - i,
      need: { module: 'OTHERS', type: 'GROUP', anyOf: ['VIEW'] },
    }));
    const menu = buildMenu(config([['OTHERS', 'GROUP', ['VIEW']]]), catalogue);
    expect(labels(menu.items)).toEqual(['E8', 'E7', 'E6', 'E5', 'E4', 'E3', 'E2']);
    expect(labels(menu.more)).toEqual(['E1', 'E0']);
  });
});

describe('firstPermittedLink', () => {
  it('is the first link of the menu, entering a header for its first sub-item', () => {
    expect(firstPermittedLink(buildMenu(toPermissionConfig(DEFAULT_ROLE_PRIVILEGES[ROLE_CODES.ADMIN])))).toBe(
      '/groups',
    );
    expect(
      firstPermittedLink(buildMenu(toPermissionConfig(DEFAULT_ROLE_PRIVILEGES[ROLE_CODES.CENTER_RADIOLOGIST]))),
    ).toBe('/cases');
    expect(firstPermittedLink(buildMenu(config([['OTHERS', 'USER', ['VIEW']]])))).toBe('/users');
    expect(firstPermittedLink(buildMenu([]))).toBeNull();
  });
});

describe('startPage (docs/decisions/0338)', () => {
  const menuOf = (role: (typeof ROLE_CODES)[keyof typeof ROLE_CODES]) =>
    buildMenu(toPermissionConfig(DEFAULT_ROLE_PRIVILEGES[role]), undefined, [role]);

  it("is the role's own page when its menu shows it, in the long or the short form of the role", () => {
    expect(startPage(menuOf(ROLE_CODES.PATHOLOGIST), [ROLE_CODES.PATHOLOGIST])).toBe('/lims');
    expect(startPage(menuOf(ROLE_CODES.GROUP_CENTER_ADMIN), ['GCA'])).toBe('/cases');
  });

  it('falls back to the first permitted link when the role has none or may not open it', () => {
    expect(roleStartPage(menuOf(ROLE_CODES.GROUP_ADMIN), [ROLE_CODES.GROUP_ADMIN])).toBeNull();
    expect(startPage(menuOf(ROLE_CODES.GROUP_ADMIN), [ROLE_CODES.GROUP_ADMIN])).toBe('/groups');
    // a pathologist whose role lost the LIMS screen starts where it may go
    const withoutLims = buildMenu(config([['OTHERS', 'USER', ['VIEW']]]), undefined, [ROLE_CODES.PATHOLOGIST]);
    expect(startPage(withoutLims, [ROLE_CODES.PATHOLOGIST])).toBe('/users');
  });

  it('names only pages of the menu catalogue', () => {
    const admin = buildMenu(toPermissionConfig(DEFAULT_ROLE_PRIVILEGES[ROLE_CODES.SUPER_ADMIN]), undefined, [
      ROLE_CODES.FUSION_CENTER,
    ]);
    const links = [...admin.items, ...admin.more].flatMap((i) => [i.link, ...i.subItems.map((s) => s.link)]);
    for (const page of Object.values(ROLE_START_PAGES)) expect(links).toContain(page);
  });
});
