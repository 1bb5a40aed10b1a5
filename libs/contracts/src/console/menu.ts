import { GENERIC, SPECIFIC, requirement, type PrivilegeRequirement } from '../access/privileges.js';
import { hasPrivilege, type PermissionConfig } from '../access/permission-config.js';
import { WORKLIST } from '../access/privileges.js';
import { normalizeRoleCode, ROLE_CODES, type RoleCode } from '../access/roles.js';

/** A menu entry of the catalogue: a link, or a header (link '/#') with sub-items. */
export interface MenuEntry {
  id: string;
  label: string;
  link: string;
  sortBy: number;
  need?: PrivilegeRequirement;
  /** Shown only to users holding one of these roles (besides the privilege): a role's own screen. */
  roles?: readonly RoleCode[];
  subItems?: readonly MenuEntry[];
}

const { VIEW } = GENERIC;

/** The roles that act for a fusion hub on its invoices (libs/lifecycles INVOICE_SIDE_ROLES.FUSION_HUB). */
const FUSION_HUB_ROLES: readonly RoleCode[] = [
  ROLE_CODES.FUSION_GROUP_ADMIN,
  ROLE_CODES.FUSION_GROUP_CENTER,
  ROLE_CODES.FUSION_CENTER,
  ROLE_CODES.ADMIN,
  ROLE_CODES.SUPER_ADMIN,
];

/** The side menu (spec §2) with its sort orders. Report Templates has none in the spec: 14 (after Finance). */
export const MENU_CATALOGUE: readonly MenuEntry[] = [
  // the platform operator's only entry (docs/decisions/0085); no company role holds its privilege
  { id: 'companies', label: 'Companies', link: '/companies', sortBy: 0, need: requirement('COMPANIES', VIEW) },
  { id: 'groups', label: 'Groups', link: '/groups', sortBy: 1, need: requirement('GROUP', VIEW) },
  { id: 'cases', label: 'Cases', link: '/cases', sortBy: 2, need: requirement('WORKLIST', WORKLIST.VIEW) },
  // the fusion centre's cases (spec §2 fccases; docs/decisions/0159): only the fusion roles have the screen
  {
    id: 'fccases',
    label: 'Fusion Cases',
    link: '/fccases',
    sortBy: 2,
    need: requirement('WORKLIST', WORKLIST.VIEW),
    roles: [ROLE_CODES.FUSION_GROUP_ADMIN, ROLE_CODES.FUSION_GROUP_CENTER, ROLE_CODES.FUSION_CENTER],
  },
  { id: 'centers', label: 'Centers', link: '/centers', sortBy: 3, need: requirement('CENTERS', VIEW) },
  { id: 'doctors', label: 'Doctors', link: '/doctors', sortBy: 5, need: requirement('DOCTOR', VIEW) },
  { id: 'tests', label: 'Tests', link: '/tests', sortBy: 6, need: requirement('TESTS', VIEW) },
  { id: 'referrals', label: 'Referrals', link: '/referrals', sortBy: 7, need: requirement('REFERRALS', VIEW) },
  { id: 'packages', label: 'Packages', link: '/packages', sortBy: 8, need: requirement('PACKAGES', VIEW) },
  {
    // spec §2: /patients with its children /patients/registration and /patients/list
    id: 'patients',
    label: 'Patients',
    link: '/#',
    sortBy: 9,
    subItems: [
      {
        id: 'registration',
        label: 'Registration',
        link: '/patients/registration',
        sortBy: 1,
        need: requirement('PATIENTS', GENERIC.CREATE),
      },
      {
        id: 'patients-list',
        label: 'Patients List',
        link: '/patients/list',
        sortBy: 2,
        need: requirement('PATIENTS', SPECIFIC.PATIENT_VIEW),
      },
    ],
  },
  {
    id: 'holiday-calender',
    label: 'Holiday Calender',
    link: '/holidayCalender',
    sortBy: 10,
    need: requirement('FINANCE', SPECIFIC.HOLIDAY_CALENDAR_VIEW),
  },
  { id: 'dashboards', label: 'Dashboards', link: '/dashboards', sortBy: 11, need: requirement('DASHBOARD', VIEW) },
  {
    id: 'sample-collection',
    label: 'Sample Collection',
    link: '/samplecollection',
    sortBy: 11,
    need: requirement('SAMPLE_COLLECTION', VIEW),
  },
  { id: 'lims', label: 'LIMS', link: '/lims', sortBy: 12, need: requirement('LIMS', VIEW) },
  {
    id: 'finance',
    label: 'Finance',
    link: '/#',
    sortBy: 13,
    subItems: [
      {
        id: 'rate-cards',
        label: 'Rate Cards',
        link: '/ratecard',
        sortBy: 1,
        need: requirement('RATE_CARDS', SPECIFIC.RATE_CARD_VIEW),
      },
      // after spec §2's Rate Cards (docs/decisions/0285): the desk's invoices, the day, what is owed, commission
      { id: 'invoices', label: 'Invoices', link: '/invoices', sortBy: 2, need: requirement('BILLING', VIEW) },
      {
        id: 'day-end',
        label: 'Day End',
        link: '/dayend',
        sortBy: 3,
        need: requirement('FINANCE', VIEW, SPECIFIC.DAY_CLOSE),
      },
      { id: 'outstanding', label: 'Outstanding', link: '/outstanding', sortBy: 4, need: requirement('FINANCE', VIEW) },
      { id: 'commission', label: 'Commission', link: '/commission', sortBy: 5, need: requirement('FINANCE', VIEW) },
      // a fusion invoice's two sides: the hub's roles and the client centre's administrators (docs/decisions/0244)
      {
        id: 'fusion-invoices',
        label: 'Fusion Invoices',
        link: '/fusioninvoices',
        sortBy: 6,
        need: requirement('INVOICE', VIEW),
        roles: [...FUSION_HUB_ROLES, ROLE_CODES.CENTER_ADMIN, ROLE_CODES.GROUP_ADMIN, ROLE_CODES.GROUP_CENTER_ADMIN],
      },
      // rates are the hub's alone (docs/decisions/0274)
      {
        id: 'fusion-rates',
        label: 'Fusion Rates',
        link: '/fusionrates',
        sortBy: 7,
        need: requirement('INVOICE', VIEW),
        roles: FUSION_HUB_ROLES,
      },
    ],
  },
  {
    id: 'report-templates',
    label: 'Report Templates',
    link: '/reportTemplates',
    sortBy: 14,
    need: requirement('TEMPLATES', VIEW),
  },
  // beyond spec §2 (docs/decisions/0109): after the spec's entries, so the first 7 stay the spec's
  {
    id: 'archive',
    label: 'Archive',
    link: '/archive',
    sortBy: 15,
    need: requirement('WORKLIST', WORKLIST.EXPORT),
  },
  {
    id: 'master-config',
    label: 'Master Config',
    link: '/#',
    sortBy: 20,
    subItems: [
      { id: 'roles', label: 'Roles', link: '/roles', sortBy: 1, need: requirement('ROLES', VIEW) },
      { id: 'users', label: 'Users', link: '/users', sortBy: 2, need: requirement('USER', VIEW) },
      {
        id: 'departments',
        label: 'Departments',
        link: '/departments',
        sortBy: 3,
        need: requirement('DEPARTMENT', VIEW),
      },
      {
        id: 'lab-management',
        label: 'Lab Management',
        link: '/lab-management',
        sortBy: 4,
        need: requirement('LAB_MANAGEMENT', VIEW),
      },
      {
        id: 'outsourcing-lab',
        label: 'Outsourcing Lab',
        link: '/outsourcing-lab',
        sortBy: 5,
        need: requirement('LAB_MANAGEMENT', VIEW),
      },
    ],
  },
];

/** How many entries show before the rest go under "More" (headers counted). */
export const MENU_VISIBLE_COUNT = 7;
export const MORE_LABEL = 'More';

/** A menu item as the console renders it (spec §3: id, link, sortBy, subItems with type, create, view, edit, isactive). */
export interface MenuItem {
  id: string;
  label: string;
  link: string;
  sortBy: number;
  type?: string;
  create: boolean;
  view: boolean;
  edit: boolean;
  isactive: boolean;
  subItems: MenuItem[];
}

export interface Menu {
  items: MenuItem[];
  /** Entries beyond the first MENU_VISIBLE_COUNT, shown under a More entry. */
  more: MenuItem[];
}

function toItem(entry: MenuEntry, config: PermissionConfig, roles: ReadonlySet<RoleCode>): MenuItem | null {
  const flag = (code: string) => (entry.need ? hasPrivilege(config, { ...entry.need, anyOf: [code] }) : false);
  const subItems = (entry.subItems ?? []).map((s) => toItem(s, config, roles)).filter((s): s is MenuItem => s !== null);
  if (entry.subItems ? subItems.length === 0 : !entry.need || !hasPrivilege(config, entry.need)) return null;
  if (entry.roles && !entry.roles.some((r) => roles.has(r))) return null;
  return {
    id: entry.id,
    label: entry.label,
    link: entry.link,
    sortBy: entry.sortBy,
    ...(entry.need ? { type: entry.need.type } : {}),
    create: flag(GENERIC.CREATE),
    view: entry.need ? hasPrivilege(config, entry.need) : true,
    edit: flag(GENERIC.EDIT),
    isactive: flag(GENERIC.ISACTIVE),
    subItems: subItems.sort((a, b) => a.sortBy - b.sortBy),
  };
}

/**
 * The side menu of a user: the catalogue filtered by the permission configuration and, for a role's own screen,
 * the user's roles (a header shows when one of its sub-items does), sorted by sortBy (ties keep catalogue order), the first 7 shown and the rest under More.
 */
export function buildMenu(
  config: PermissionConfig,
  catalogue: readonly MenuEntry[] = MENU_CATALOGUE,
  /** The user's role codes (long or short forms): an entry with `roles` shows only to those roles. */
  roleCodes: readonly string[] = [],
): Menu {
  const roles = new Set(roleCodes.map(normalizeRoleCode).filter((r): r is RoleCode => r !== undefined));
  const visible = catalogue
    .map((entry, index) => ({ item: toItem(entry, config, roles), index }))
    .filter((x): x is { item: MenuItem; index: number } => x.item !== null)
    .sort((a, b) => a.item.sortBy - b.item.sortBy || a.index - b.index)
    .map((x) => x.item);
  return { items: visible.slice(0, MENU_VISIBLE_COUNT), more: visible.slice(MENU_VISIBLE_COUNT) };
}

/**
 * Where each role's working day starts (issue 25 item 12, docs/decisions/0338): the reading and front-desk roles on
 * the worklist, the fusion centre on its cases, the pathologist on the LIMS. A role not listed (the company's and the
 * group's administrators, the platform operator) starts on the first permitted menu link, as spec §4 says.
 */
export const ROLE_START_PAGES: Partial<Record<RoleCode, string>> = {
  [ROLE_CODES.CENTER_ADMIN]: '/cases',
  [ROLE_CODES.GROUP_CENTER_ADMIN]: '/cases',
  [ROLE_CODES.RECEPTIONIST]: '/cases',
  [ROLE_CODES.CENTER_RADIOLOGIST]: '/cases',
  [ROLE_CODES.JUNIOR_RADIOLOGIST]: '/cases',
  [ROLE_CODES.MARKETPLACE_RADIOLOGIST]: '/cases',
  [ROLE_CODES.TYPIST]: '/cases',
  [ROLE_CODES.TRANSCRIPTIONIST]: '/cases',
  [ROLE_CODES.FUSION_CENTER]: '/fccases',
  [ROLE_CODES.FUSION_GROUP_CENTER]: '/fccases',
  [ROLE_CODES.PATHOLOGIST]: '/lims',
};

/** The start page of the first of the user's roles that has one and whose page their menu shows, else null. */
export function roleStartPage(menu: Menu, roleCodes: readonly string[]): string | null {
  const links = new Set(
    [...menu.items, ...menu.more].flatMap((item) => [item.link, ...item.subItems.map((s) => s.link)]),
  );
  for (const code of roleCodes) {
    const role = normalizeRoleCode(code);
    const page = role ? ROLE_START_PAGES[role] : undefined;
    if (page && links.has(page)) return page;
  }
  return null;
}

/** Where a user's day starts: their role's start page, else the first permitted menu link (null: nothing). */
export function startPage(menu: Menu, roleCodes: readonly string[]): string | null {
  return roleStartPage(menu, roleCodes) ?? firstPermittedLink(menu);
}

/** The first link the user may open: where login lands (spec §4). Null when the user may open nothing. */
export function firstPermittedLink(menu: Menu): string | null {
  for (const item of [...menu.items, ...menu.more]) {
    if (item.link !== '/#') return item.link;
    const sub = item.subItems.find((s) => s.link !== '/#');
    if (sub) return sub.link;
  }
  return null;
}
