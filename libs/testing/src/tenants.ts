import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type pg from 'pg';
import { ROLE_CODES, type ProvisionedTenant, type RoleCode, type TenantSpec } from '@rayworks/contracts';
import { infraEnv, roleUrl, withOwnerClient } from './infra.js';

/**
 * Every integration and end-to-end test works in a tenant of its own, with random names, never in the demo tenant
 * that `npm start` shows (docs/decisions/0045). npm test checks the demo tenant is still exactly its seed at the end.
 */

/** The password of every user of a test tenant. */
export const TEST_PASSWORD = 'Test@1234';

/** A lower-case name no other test or run uses: `<label><6 hex digits>`. */
export const uniqueTenantName = (label: string): string =>
  `${label}${randomBytes(3).toString('hex')}`.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The auth service's provisioning CLI (services/auth/src/tenant.ts), built by npm test before the tests run. */
const TENANT_CLI = fileURLToPath(new URL('../../../services/auth/dist/tenant.js', import.meta.url));

/**
 * Provisions a tenant through the auth service's own provisioner (its tenant CLI, as the service's runtime role, so
 * row-level security applies), idempotently, and returns the ids of what it holds. Any test can call it: it needs
 * only the built auth service and the database (DATABASE_URL, the owner URL npm test exports).
 */
export async function provisionTenant(spec: TenantSpec): Promise<ProvisionedTenant> {
  const { stdout } = await promisify(execFile)(process.execPath, [TENANT_CLI, JSON.stringify(spec)], {
    env: { ...process.env, DATABASE_URL: roleUrl(infraEnv().ownerDatabaseUrl, 'rayworks_auth') },
  });
  return JSON.parse(stdout.trim().split('\n').pop()!) as ProvisionedTenant;
}

/** A platform operator of its own (SUPER_ADMIN of the platform, in no company: docs/decisions/0085). */
export interface TestPlatformOperator {
  userId: string;
  loginName: string;
  password: string;
}

/**
 * A platform operator with a random login name and TEST_PASSWORD, through the auth service's tenant CLI (the same
 * provisioner as the demo's `platform` login), so no test logs in as the demo operator.
 */
export async function platformOperator(label: string): Promise<TestPlatformOperator> {
  const loginName = `${uniqueTenantName(label)}.platform`;
  const spec = {
    loginName,
    firstName: 'Platform',
    lastName: 'Operator',
    email: `${loginName}@test.rayworks.local`,
    password: TEST_PASSWORD,
  };
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [TENANT_CLI, '--platform-operator', JSON.stringify(spec)],
    { env: { ...process.env, DATABASE_URL: roleUrl(infraEnv().ownerDatabaseUrl, 'rayworks_auth') } },
  );
  const { userId } = JSON.parse(stdout.trim().split('\n').pop()!) as { userId: string };
  return { userId, loginName, password: TEST_PASSWORD };
}

/**
 * A marketplace radiologist of the platform (no company; principal level 'marketplace':
 * docs/decisions/0147-marketplace-offers.md) with a random login name and TEST_PASSWORD, through the auth service's
 * tenant CLI. It sees only cases offered to the marketplace or taken by it.
 */
export async function marketplaceRadiologist(label: string): Promise<TestPlatformOperator> {
  const loginName = `${uniqueTenantName(label)}.mp`;
  const spec = {
    loginName,
    firstName: 'Marketplace',
    lastName: `Radiologist ${label}`,
    email: `${loginName}@test.rayworks.local`,
    password: TEST_PASSWORD,
  };
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [TENANT_CLI, '--marketplace-radiologist', JSON.stringify(spec)],
    { env: { ...process.env, DATABASE_URL: roleUrl(infraEnv().ownerDatabaseUrl, 'rayworks_auth') } },
  );
  const { userId } = JSON.parse(stdout.trim().split('\n').pop()!) as { userId: string };
  return { userId, loginName, password: TEST_PASSWORD };
}

/**
 * One user of every role, keyed by a short name (as the demo has them): where each is placed in the tenant of
 * everyRoleTenant: g is a group (centres c1, c2), f a fusion group (centre hub), c3 an individual centre.
 */
export const EVERY_ROLE_USERS = {
  admin: { role: ROLE_CODES.ADMIN },
  rra: { role: ROLE_CODES.RADIOLOGY_ADMIN },
  'group.admin': { role: ROLE_CODES.GROUP_ADMIN, group: 'g' },
  gca: { role: ROLE_CODES.GROUP_CENTER_ADMIN, centres: ['c1'] },
  'centre.admin': { role: ROLE_CODES.CENTER_ADMIN, centres: ['c3'] },
  reception: { role: ROLE_CODES.RECEPTIONIST, centres: ['c1'] },
  radiologist: { role: ROLE_CODES.CENTER_RADIOLOGIST, centres: ['c1', 'c2'] },
  'jr.radiologist': { role: ROLE_CODES.JUNIOR_RADIOLOGIST, centres: ['c1'] },
  typist: { role: ROLE_CODES.TYPIST, centres: ['c1', 'c2'] },
  'mp.radiologist': { role: ROLE_CODES.MARKETPLACE_RADIOLOGIST },
  'fusion.admin': { role: ROLE_CODES.FUSION_GROUP_ADMIN, group: 'f' },
  'fusion.centre': { role: ROLE_CODES.FUSION_CENTER, centres: ['hub'] },
  pathologist: { role: ROLE_CODES.PATHOLOGIST, centres: ['c2'] },
} as const satisfies Record<string, { role: RoleCode; group?: string; centres?: readonly string[] }>;
export type EveryRoleUser = keyof typeof EVERY_ROLE_USERS;

/**
 * Which of everyRoleTenant's centres each user reaches: the company's users every centre ('company'), a group's the
 * group's centres, a centre user its own (g = c1, c2; f = hub; c3 alone).
 */
export const EVERY_ROLE_REACH: Record<EveryRoleUser, 'company' | readonly ('c1' | 'c2' | 'c3' | 'hub')[]> = {
  admin: 'company',
  rra: 'company',
  'mp.radiologist': 'company',
  'group.admin': ['c1', 'c2'],
  gca: ['c1'],
  'centre.admin': ['c3'],
  reception: ['c1'],
  radiologist: ['c1', 'c2'],
  'jr.radiologist': ['c1'],
  typist: ['c1', 'c2'],
  'fusion.admin': ['hub'],
  'fusion.centre': ['hub'],
  pathologist: ['c2'],
};

export interface EveryRoleTenant extends ProvisionedTenant {
  /** The tenant's unique name: every login name, code and name in it carries it. */
  name: string;
  spec: TenantSpec;
  /** The login name of the user of a role, e.g. login('admin'). Every password is TEST_PASSWORD. */
  login: (who: EveryRoleUser) => string;
  email: (who: EveryRoleUser) => string;
  /** The names of its groups and centres, by key. */
  groupName: (key: 'g' | 'f') => string;
  centreName: (key: 'c1' | 'c2' | 'c3' | 'hub') => string;
}

/**
 * A tenant of its own with one user of every role (EVERY_ROLE_USERS), all active, with TEST_PASSWORD and no
 * forced password change, provisioned through the auth service. Names are random, so test files run side by side.
 */
export async function everyRoleTenant(label: string): Promise<EveryRoleTenant> {
  const name = uniqueTenantName(label);
  const code = name.toUpperCase().slice(-12);
  const login = (who: EveryRoleUser) => `${name}.${who}`;
  const email = (who: EveryRoleUser) => `${name}.${who}@test.rayworks.local`;
  const groupName = (key: 'g' | 'f') => (key === 'g' ? `Group ${name}` : `Fusion ${name}`);
  const centreName = (key: 'c1' | 'c2' | 'c3' | 'hub') =>
    ({ c1: `Centre One ${name}`, c2: `Centre Two ${name}`, c3: `Centre Three ${name}`, hub: `Hub ${name}` })[key];
  const spec: TenantSpec = {
    company: { name: `Test ${name}`, code: `test-${name}` },
    groups: [
      { key: 'g', name: groupName('g'), code: `G${code}` },
      { key: 'f', name: groupName('f'), code: `F${code}`, isFusion: true },
    ],
    centres: [
      { key: 'c1', name: centreName('c1'), code: `C1${code}`, group: 'g' },
      { key: 'c2', name: centreName('c2'), code: `C2${code}`, group: 'g' },
      { key: 'c3', name: centreName('c3'), code: `C3${code}` },
      { key: 'hub', name: centreName('hub'), code: `H${code}`, group: 'f', isFusion: true },
    ],
    users: Object.entries(EVERY_ROLE_USERS).map(([who, placement]) => ({
      loginName: login(who as EveryRoleUser),
      firstName: who.replace(/\W/g, ' '),
      lastName: name,
      email: email(who as EveryRoleUser),
      role: placement.role,
      ...('group' in placement ? { group: placement.group } : {}),
      ...('centres' in placement ? { centres: [...placement.centres] } : {}),
      password: TEST_PASSWORD,
      resetPassword: false,
    })),
  };
  const provisioned = await provisionTenant(spec);
  return { ...provisioned, name, spec, login, email, groupName, centreName };
}

/** Runs SQL as the owner inside one tenant (RLS forces the owner too), for checks that bypass the API. */
export async function tenantQuery<T = Record<string, unknown>>(
  tenantId: string | null,
  sql: string,
  params: unknown[] = [],
): Promise<T[]> {
  return withOwnerClient(async (client: pg.Client) => {
    await client.query('BEGIN');
    try {
      await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [tenantId ?? '']);
      const result = await client.query(sql, params);
      await client.query('COMMIT');
      return result.rows as T[];
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  });
}
