import { AUTH_API, type Role, type RoleCode } from '@rayworks/contracts';
import { uniqueName } from '../support/browser';
import { TEST_PASSWORD, type EveryRoleTenant } from '../support/tenant';
import { lineValue, waitForMail } from '../support/mail';
import { ApiSession } from './auth-api';

export const WELCOME_SUBJECT = /Your Rayworks account/i;
export const RESET_SUBJECT = /Reset your Rayworks password/i;

/** The API session of the admin of the spec's own tenant (support/tenant.ts). */
export const adminSession = (tenant: EveryRoleTenant) => ApiSession.login(tenant.login('admin'), TEST_PASSWORD);

/** The tenant's own (system) role of a role code, never a role a test made with the same code. */
export async function roleFor(admin: ApiSession, roleCode: RoleCode): Promise<Role> {
  const page = await admin.call(AUTH_API.getRoles, { page: 1, pageSize: 100, sortDir: 'asc', isActive: true });
  const role = page.items.find((r) => r.roleCode === roleCode && r.isActive && r.isSystem);
  if (!role) throw new Error(`No active role with code ${roleCode} in the test's tenant`);
  return role;
}

export interface CreatedUser {
  id: string;
  loginName: string;
  email: string;
  firstName: string;
  lastName: string;
  /** The temporary password of the welcome e-mail, until the user sets their own. */
  password: string;
}

/**
 * A new user of `role` (a role code: the tenant's system role of that code; or a role the test made), created by the
 * admin; their temporary password is read from the welcome e-mail they were sent.
 */
export async function createUser(
  admin: ApiSession,
  role: RoleCode | Role,
  centerID: string[] = [],
): Promise<CreatedUser> {
  const loginName = uniqueName('user').toLowerCase();
  const email = `${loginName}@e2e.rayworks.local`;
  const { _id: roleID } = typeof role === 'string' ? await roleFor(admin, role) : role;
  const since = Date.now();
  const user = await admin.call(AUTH_API.createUser, {
    loginName,
    firstName: 'Test',
    lastName: 'User',
    email,
    roleID,
    groupID: null,
    centerID,
  });
  const mail = await waitForMail(email, WELCOME_SUBJECT, since);
  return {
    id: user._id,
    loginName,
    email,
    firstName: 'Test',
    lastName: 'User',
    password: lineValue(mail, 'Temporary password'),
  };
}

/** A created user who has already replaced the temporary password (through the API) with `password`. */
export async function createReadyUser(
  admin: ApiSession,
  role: RoleCode | Role,
  password: string,
): Promise<CreatedUser> {
  const user = await createUser(admin, role);
  const session = await ApiSession.login(user.loginName, user.password);
  await session.call(AUTH_API.updatePassword, { newPassword: password, oldPassword: user.password, email: user.email });
  return { ...user, password };
}
