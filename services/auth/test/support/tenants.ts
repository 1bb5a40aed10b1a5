import { ROLE_CODES } from '@rayworks/contracts';
import { createDataSource } from '@rayworks/nest-kit';
import { infraEnv, roleUrl, TEST_PASSWORD, uniqueTenantName } from '@rayworks/testing';
import { database } from '../../src/database/data-source.js';
import {
  TenantProvisioner,
  type ProvisionedTenant,
  type TenantSpec,
} from '../../src/modules/tenants/tenant-provisioner.js';

// The shared helpers (libs/testing): the password of test users, SQL inside a tenant, and tenants for other
// services' and end-to-end tests (through the tenant CLI).
export { TEST_PASSWORD, tenantQuery } from '@rayworks/testing';

/** Provisions a tenant through the service's own provisioner, as the service's runtime role (RLS applies). */
export async function provisionTenant(spec: TenantSpec): Promise<ProvisionedTenant> {
  const dataSource = await createDataSource(
    roleUrl(infraEnv().ownerDatabaseUrl, 'rayworks_auth'),
    database,
    'auth-tests',
  ).initialize();
  try {
    return await new TenantProvisioner(dataSource).provision(spec);
  } finally {
    await dataSource.destroy();
  }
}

export interface StandardTenant extends ProvisionedTenant {
  label: string;
  spec: TenantSpec;
  /** The login name of a standard user: admin, ga, ca1, ca2, ca3, rad, typist, reception, nobody. */
  login: (who: StandardUser) => string;
  email: (who: StandardUser) => string;
}
export type StandardUser =
  'admin' | 'ga' | 'ca1' | 'ca2' | 'ca3' | 'gca1' | 'gca2' | 'rad' | 'typist' | 'reception' | 'nobody';

/**
 * A tenant of its own for one test file: group G with centres c1 and c2, an individual centre c3, and users
 * admin (platform admin), ga (group admin of G), ca1/ca2/ca3 (centre admins), gca1/gca2 (group-centre admins of
 * c1/c2, who may also define roles), rad (radiologist of c1 and c2),
 * typist and reception (c1), nobody (c1, a role without any privilege). Every password is TEST_PASSWORD.
 */
export async function standardTenant(label: string, extra: Partial<TenantSpec> = {}): Promise<StandardTenant> {
  const name = uniqueTenantName(label);
  const suffix = name.slice(-6);
  const login = (who: StandardUser) => `${name}.${who}`;
  const email = (who: StandardUser) => `${name}.${who}@it.rayworks.local`;
  const user = (who: StandardUser, role: string, placement: { group?: string; centres?: string[] } = {}) => ({
    loginName: login(who),
    firstName: who,
    lastName: label,
    email: email(who),
    role,
    password: TEST_PASSWORD,
    ...placement,
  });
  const spec: TenantSpec = {
    company: { name: `IT ${name}`, code: `it-${name}` },
    groups: [{ key: 'g', name: `Group ${name}`, code: `G${suffix}` }, ...(extra.groups ?? [])],
    centres: [
      { key: 'c1', name: `Centre One ${name}`, code: `C1${suffix}`, group: 'g' },
      { key: 'c2', name: `Centre Two ${name}`, code: `C2${suffix}`, group: 'g' },
      { key: 'c3', name: `Centre Three ${name}`, code: `C3${suffix}` },
      ...(extra.centres ?? []),
    ],
    roles: [
      { key: 'none', name: 'No privileges', roleCode: ROLE_CODES.RECEPTIONIST, privileges: {} },
      ...(extra.roles ?? []),
    ],
    users: [
      user('admin', ROLE_CODES.ADMIN),
      user('ga', ROLE_CODES.GROUP_ADMIN, { group: 'g' }),
      user('ca1', ROLE_CODES.CENTER_ADMIN, { centres: ['c1'] }),
      user('ca2', ROLE_CODES.CENTER_ADMIN, { centres: ['c2'] }),
      user('ca3', ROLE_CODES.CENTER_ADMIN, { centres: ['c3'] }),
      user('gca1', ROLE_CODES.GROUP_CENTER_ADMIN, { centres: ['c1'] }),
      user('gca2', ROLE_CODES.GROUP_CENTER_ADMIN, { centres: ['c2'] }),
      user('rad', ROLE_CODES.CENTER_RADIOLOGIST, { centres: ['c1', 'c2'] }),
      user('typist', ROLE_CODES.TYPIST, { centres: ['c1'] }),
      user('reception', ROLE_CODES.RECEPTIONIST, { centres: ['c1'] }),
      user('nobody', 'none', { centres: ['c1'] }),
      ...(extra.users ?? []),
    ],
  };
  const provisioned = await provisionTenant(spec);
  return { ...provisioned, label: name, spec, login, email };
}

/** Adds users (and anything else) to a standard tenant; returns the ids of everything in it. */
export async function extendTenant(
  t: StandardTenant,
  users: NonNullable<TenantSpec['users']>,
): Promise<ProvisionedTenant> {
  return provisionTenant({ ...t.spec, users: [...(t.spec.users ?? []), ...users] });
}
