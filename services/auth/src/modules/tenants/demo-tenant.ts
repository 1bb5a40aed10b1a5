import { PLATFORM_OPERATOR, ROLE_CODES, ROLE_LABELS, type RoleCode } from '@rayworks/contracts';
import type { TenantSpec } from './tenant-provisioner.js';

/** The demo password of every demo user (README "Demo logins"). */
export const DEMO_PASSWORD = 'Demo@1234';

interface DemoUser {
  loginName: string;
  firstName: string;
  lastName: string;
  role: RoleCode;
  group?: string;
  centres?: string[];
}

const GROUPS = [
  { key: 'apex', name: 'Apex Diagnostics', code: 'APEX' },
  { key: 'nova', name: 'Nova Fusion', code: 'NOVA', isFusion: true },
];
const CENTRES = [
  { key: 'andheri', name: 'Apex Andheri', code: 'APEX-AND', group: 'apex' },
  { key: 'pune', name: 'Apex Pune', code: 'APEX-PUN', group: 'apex' },
  { key: 'sunrise', name: 'Sunrise Imaging', code: 'SUNRISE' },
  { key: 'hub', name: 'Nova Reading Hub', code: 'NOVA-HUB', group: 'nova', isFusion: true },
];

/** One user of every role the demo shows (the list), all with DEMO_PASSWORD and no forced reset. */
export const DEMO_USERS: readonly DemoUser[] = [
  { loginName: 'admin', firstName: 'Riya', lastName: 'Kapoor', role: ROLE_CODES.ADMIN },
  { loginName: 'rra', firstName: 'Vikram', lastName: 'Rao', role: ROLE_CODES.RADIOLOGY_ADMIN },
  { loginName: 'group.admin', firstName: 'Meera', lastName: 'Shah', role: ROLE_CODES.GROUP_ADMIN, group: 'apex' },
  {
    loginName: 'gca',
    firstName: 'Arjun',
    lastName: 'Mehta',
    role: ROLE_CODES.GROUP_CENTER_ADMIN,
    centres: ['andheri'],
  },
  {
    loginName: 'centre.admin',
    firstName: 'Neha',
    lastName: 'Joshi',
    role: ROLE_CODES.CENTER_ADMIN,
    centres: ['sunrise'],
  },
  { loginName: 'reception', firstName: 'Pooja', lastName: 'Nair', role: ROLE_CODES.RECEPTIONIST, centres: ['andheri'] },
  {
    loginName: 'radiologist',
    firstName: 'Sameer',
    lastName: 'Kulkarni',
    role: ROLE_CODES.CENTER_RADIOLOGIST,
    centres: ['andheri', 'pune'],
  },
  {
    loginName: 'jr.radiologist',
    firstName: 'Ananya',
    lastName: 'Iyer',
    role: ROLE_CODES.JUNIOR_RADIOLOGIST,
    centres: ['andheri'],
  },
  { loginName: 'typist', firstName: 'Rahul', lastName: 'Verma', role: ROLE_CODES.TYPIST, centres: ['andheri', 'pune'] },
  {
    loginName: 'fusion.admin',
    firstName: 'Imran',
    lastName: 'Khan',
    role: ROLE_CODES.FUSION_GROUP_ADMIN,
    group: 'nova',
  },
  {
    loginName: 'fusion.centre',
    firstName: 'Sunita',
    lastName: 'Desai',
    role: ROLE_CODES.FUSION_CENTER,
    centres: ['hub'],
  },
  // reads what the Apex group sends to the Nova hub (fusion)
  {
    loginName: 'hub.radiologist',
    firstName: 'Farah',
    lastName: 'Ali',
    role: ROLE_CODES.CENTER_RADIOLOGIST,
    centres: ['hub'],
  },
  // the group's laboratory: receives, validates and signs the samples of both Apex centres (the receptionist's is Andheri)
  {
    loginName: 'pathologist',
    firstName: 'Deepak',
    lastName: 'Patil',
    role: ROLE_CODES.PATHOLOGIST,
    centres: ['andheri', 'pune'],
  },
];

/**
 * The demo platform operator (docs/decisions/0085): SUPER_ADMIN of the platform, in no company (so not in the
 * demo company, whose seed the demo check compares), with the demo password.
 */
export const DEMO_PLATFORM_OPERATOR = {
  loginName: PLATFORM_OPERATOR.demoLoginName,
  firstName: 'Platform',
  lastName: 'Operator',
  email: `${PLATFORM_OPERATOR.demoLoginName}@demo.rayworks.local`,
} as const;

/**
 * The demo marketplace radiologist: of the platform, in no company (docs/decisions/0147), so it sees only the cases a
 * company offers to the marketplace — the demo company's among them.
 */
export const DEMO_MARKETPLACE_RADIOLOGIST = {
  loginName: 'mp.radiologist',
  firstName: 'Kavita',
  lastName: 'Menon',
  email: 'mp.radiologist@demo.rayworks.local',
} as const;

export const DEMO_TENANT: TenantSpec = {
  company: { name: 'Rayworks Demo', code: 'rayworks-demo' },
  groups: GROUPS,
  centres: CENTRES,
  users: DEMO_USERS.map((u) => ({
    ...u,
    email: `${u.loginName}@demo.rayworks.local`,
    password: DEMO_PASSWORD,
    resetPassword: false,
  })),
};

/** The demo logins as a text table (npm start prints it; the README has the same). */
export function demoLoginTable(): string {
  const where = (u: DemoUser) =>
    u.group
      ? GROUPS.find((g) => g.key === u.group)!.name
      : u.centres
        ? u.centres.map((c) => CENTRES.find((x) => x.key === c)!.name).join(', ')
        : 'whole tenant';
  const lines = [
    ...DEMO_USERS.map((u) => [u.loginName, ROLE_LABELS[u.role], u.role, where(u)]),
    [
      DEMO_MARKETPLACE_RADIOLOGIST.loginName,
      ROLE_LABELS[ROLE_CODES.MARKETPLACE_RADIOLOGIST],
      ROLE_CODES.MARKETPLACE_RADIOLOGIST,
      'marketplace (no company)',
    ],
    [DEMO_PLATFORM_OPERATOR.loginName, PLATFORM_OPERATOR.label, PLATFORM_OPERATOR.roleCode, 'platform (no company)'],
  ];
  const head = ['login', 'role', 'code', 'where'];
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [
    `Demo logins (company "${DEMO_TENANT.company.name}", password ${DEMO_PASSWORD} for all):`,
    row(head),
    ...lines.map(row),
  ].join('\n');
}
