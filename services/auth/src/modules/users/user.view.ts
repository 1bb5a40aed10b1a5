import { z } from 'zod';
import { sanitizeGrants, type PrivilegeGrants, type User } from '@rayworks/contracts';

/**
 * What the service knows of a user in one read: the row, its role, its centres, its effective group (its own, or
 * its centres'). (Whether its logins are being delayed is in Redis: UsersService fills `isBlocked`.) The query needs SQL (a lateral aggregate), so its rows are parsed by this schema:
 * typed and checked, never an untyped row.
 */
export const userViewRow = z.object({
  id: z.string(),
  /** null for a platform operator (docs/decisions/0085). */
  tenantId: z.string().nullable(),
  loginName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  roleId: z.string(),
  roleName: z.string(),
  roleCode: z.string(),
  rolePrivileges: z.record(z.string(), z.array(z.string())).nullable(),
  roleActive: z.boolean(),
  groupId: z.string().nullable(),
  groupName: z.string().nullable(),
  centreIds: z.array(z.string()),
  centreNames: z.array(z.string()),
  isAvailability: z.boolean(),
  resetPassword: z.boolean(),
  lastLoginAt: z.date().nullable(),
  specialization: z.array(z.string()),
  qualificationName: z.string().nullable(),
  signatureFileId: z.string().nullable(),
  logoFileId: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
});
export type UserView = z.output<typeof userViewRow>;

/** The SELECT of the view, columns named as `userViewRow`'s keys; `u` is the users row, `r` its role. */
export const USER_VIEW_SELECT = `
  SELECT u.id, u.tenant_id AS "tenantId", u.login_name AS "loginName", u.first_name AS "firstName",
         u.last_name AS "lastName", u.email, u.phone_number AS "phoneNumber", u.role_id AS "roleId",
         r.name AS "roleName", r.role_code AS "roleCode", r.privileges AS "rolePrivileges", r.is_active AS "roleActive",
         COALESCE(u.group_id, uc.centre_group_id) AS "groupId", g.name AS "groupName",
         uc.centre_ids AS "centreIds", uc.centre_names AS "centreNames",
         u.is_availability AS "isAvailability", u.reset_password AS "resetPassword",
         u.last_login_at AS "lastLoginAt",
         u.specialization, u.qualification_name AS "qualificationName", u.signature_file_id AS "signatureFileId",
         u.logo_file_id AS "logoFileId", u.is_active AS "isActive", u.created_at AS "createdAt", u.updated_at AS "updatedAt"
    FROM users u
    JOIN roles r ON r.id = u.role_id
    LEFT JOIN LATERAL (
      SELECT COALESCE(array_agg(c.id::text ORDER BY c.name, c.id), '{}') AS centre_ids,
             COALESCE(array_agg(c.name ORDER BY c.name, c.id), '{}') AS centre_names,
             (array_agg(c.group_id::text ORDER BY c.name, c.id) FILTER (WHERE c.group_id IS NOT NULL))[1]::uuid AS centre_group_id
        FROM user_centres x JOIN centres c ON c.id = x.centre_id WHERE x.user_id = u.id
    ) uc ON TRUE
    LEFT JOIN groups g ON g.id = COALESCE(u.group_id, uc.centre_group_id)`;

export const fullNameOf = (user: Pick<UserView, 'firstName' | 'lastName'>): string =>
  `${user.firstName} ${user.lastName}`.trim();

/** The privileges the user's role grants (none when the role is inactive is the caller's decision). */
export const roleGrantsOf = (user: Pick<UserView, 'rolePrivileges'>): PrivilegeGrants =>
  sanitizeGrants(user.rolePrivileges ?? {});

/** The contract's view of a user; `isBlocked` (logins being delayed, in Redis) is the users service's to fill. */
export const asUser = (v: UserView): User => ({
  _id: v.id,
  loginName: v.loginName,
  firstName: v.firstName,
  lastName: v.lastName,
  fullName: fullNameOf(v),
  email: v.email,
  phoneNumber: v.phoneNumber,
  roleID: v.roleId,
  roleName: v.roleName,
  roleCodes: [v.roleCode],
  groupID: v.groupId,
  groupName: v.groupName,
  centerID: v.centreIds,
  centerNames: v.centreNames,
  isAvailability: v.isAvailability,
  resetPassword: v.resetPassword,
  isBlocked: false,
  lastLoginAt: v.lastLoginAt?.toISOString() ?? null,
  isActive: v.isActive,
  createdAt: v.createdAt.toISOString(),
  updatedAt: v.updatedAt.toISOString(),
});
