import type { PrivilegeGrants } from '../access/permission-config.js';

/**
 * A tenant to create (or complete), as the auth service's provisioner takes it (the demo seed, the tenant CLI
 * `node services/auth/dist/tenant.js '<json>'`, and every test's own tenant): everything keyed by a name the spec
 * chooses, so it can refer to it.
 */
export interface TenantSpec {
  company: { name: string; code: string };
  groups?: Array<{ key: string; name: string; code: string; isFusion?: boolean }>;
  centres?: Array<{ key: string; name: string; code: string; group?: string; isFusion?: boolean }>;
  /** Roles beyond the system roles (one per role code, from the default matrix, always made). */
  roles?: Array<{
    key: string;
    name: string;
    roleCode: string;
    privileges: PrivilegeGrants;
    ownerGroup?: string;
    ownerCentre?: string;
  }>;
  users?: Array<{
    loginName: string;
    firstName: string;
    lastName: string;
    email: string;
    /** A role code (its system role) or the key of a role of `roles`. */
    role: string;
    group?: string;
    centres?: string[];
    password: string;
    resetPassword?: boolean;
    isActive?: boolean;
  }>;
}

/** The ids of what a provisioned tenant holds (what the tenant CLI prints as JSON). */
export interface ProvisionedTenant {
  tenantId: string;
  groups: Record<string, string>;
  centres: Record<string, string>;
  /** By role code (system roles) and by key (the spec's roles). */
  roles: Record<string, string>;
  /** By login name. */
  users: Record<string, string>;
}
