import { z } from 'zod';
import { GENERIC, SPECIFIC, requirement } from '../access/privileges.js';
import { permissionConfigSchema } from '../access/permission-config.js';
import { defineApi, endpoint as ep, listQuery, pageOf as page } from '../api/endpoint.js';
import { userSessionSchema } from './api.js';
import {
  centreSchema,
  dashboardCountsSchema,
  departmentSchema,
  doctorSchema,
  entitySchema,
  groupSchema,
  profileSchema,
  referralSchema,
  roleSchema,
  userSchema,
} from './entities.js';

/**
 * The auth service's API (under /api/auth through the gateway): paths as in spec §7 where it gives them,
 * designed where it does not. Each entry names the privilege it needs; the service refuses what the caller's
 * configuration lacks (403) whatever the console shows. Bodies may be encrypted ({ data }) with x-encrypted: true.
 * `errors` lists what a route's own logic answers besides the defaults of its access rule (errorStatusesOf).
 * Lists name the columns they sort by (the keys of the auth repositories' sort maps) and their filters.
 */
const { CREATE, EDIT, VIEW, ISACTIVE, MAP_UNMAP, ISUNBLOCK } = GENERIC;
const none = z.object({}).strict();
const byId = z.object({ id: z.uuid() });
const status = z.object({ id: z.uuid(), isActive: z.boolean() });
const name = z.string().trim().min(1).max(120);
/** Profile images (signature, picture): PNG or JPEG, uploaded straight to the object store with a presigned PUT. */
export const PROFILE_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
const profileImageUpload = z.object({ contentType: z.enum(PROFILE_IMAGE_TYPES) });
const profileImageUploadUrl = z.object({ uploadUrl: z.string(), fileID: z.string() });
const profileImageFile = z.object({ fileID: z.string().min(1).max(300) });
const optionalText = (max = 200) => z.string().trim().max(max).nullable().optional();
const email = z.email().max(200);
const phone = z
  .string()
  .regex(/^[6-9]\d{9}$/)
  .nullable()
  .optional();

export const groupInputSchema = z.object({
  name,
  code: z
    .string()
    .trim()
    .min(2)
    .max(20)
    .regex(/^[A-Za-z0-9_-]+$/),
  isFusion: z.boolean().default(false),
  email: email.nullable().optional(),
  phoneNumber: phone,
  city: optionalText(80),
  state: optionalText(80),
});
export const centreInputSchema = z.object({
  name,
  code: z
    .string()
    .trim()
    .min(2)
    .max(20)
    .regex(/^[A-Za-z0-9_-]+$/),
  groupID: z.uuid().nullable().default(null),
  isFusion: z.boolean().default(false),
  email: email.nullable().optional(),
  phoneNumber: phone,
  address: optionalText(300),
  city: optionalText(80),
  state: optionalText(80),
  pinCode: z
    .string()
    .regex(/^\d{6}$/)
    .nullable()
    .optional(),
});
export const roleInputSchema = z.object({
  name,
  roleCode: z.string().min(1),
  description: optionalText(300),
  privileges: z.record(z.string(), z.array(z.string())),
});
export const userInputSchema = z.object({
  loginName: z
    .string()
    .trim()
    .min(3)
    .max(60)
    .regex(/^[a-z0-9._-]+$/),
  firstName: name,
  lastName: name,
  email,
  phoneNumber: phone,
  roleID: z.uuid(),
  groupID: z.uuid().nullable().default(null),
  centerID: z.array(z.uuid()).default([]),
});
export const userUpdateSchema = userInputSchema.omit({ loginName: true }).extend({ id: z.uuid() });
export const departmentInputSchema = z.object({ name, code: z.string().trim().min(1).max(20) });
export const subDepartmentInputSchema = z.object({
  departmentID: z.uuid(),
  subDepartmentName: name,
  subDepartmentCode: z.string().trim().min(1).max(20),
});
export const doctorInputSchema = z.object({
  firstName: name,
  lastName: name,
  email: email.nullable().optional(),
  phoneNumber: phone,
  qualificationName: optionalText(120),
  specialization: optionalText(120),
  registrationNumber: optionalText(60),
  departmentID: z.uuid().nullable().default(null),
  centerID: z.array(z.uuid()).default([]),
});
export const referralInputSchema = z.object({
  name,
  providerType: z.enum(['Internal', 'External']),
  hospitalName: optionalText(160),
  email: email.nullable().optional(),
  phoneNumber: phone,
  city: optionalText(80),
  commissionPercent: z.number().min(0).max(100).nullable().optional(),
});
export const changePasswordSchema = z.object({ newPassword: z.string(), oldPassword: z.string(), email: z.string() });
export const preferredColumnsSchema = z.object({
  screen: z.string().min(1).max(60),
  columns: z.array(z.string().max(60)).max(50),
});
export const preferencesSchema = z.object({
  theme: z.enum(['light', 'dark']).optional(),
  viewer: z.enum(['cloud', 'exe']).optional(),
  layout: z.enum(['horizontal', 'vertical']).optional(),
});

export const AUTH_API = defineApi('auth', {
  // sessions (spec §7)
  login: ep({
    method: 'POST',
    path: '/login',
    access: 'public',
    body: none,
    data: userSessionSchema,
    errors: [401, 429],
  }),
  logout: ep({ method: 'POST', path: '/logout', access: 'authenticated', body: none, data: z.null() }),
  /** A new access token for a live session; the (possibly expired) token and the session token are checked by the handler. */
  refreshToken: ep({
    method: 'POST',
    path: '/token/refresh',
    access: 'public',
    body: none,
    data: z.object({
      token: z.string(),
      expiresIn: z.number().int().positive(),
      resetPassword: z.boolean(),
    }),
    errors: [401, 440],
  }),
  config: ep({ method: 'GET', path: '/config', access: 'authenticated', body: none, data: permissionConfigSchema }),
  updatePassword: ep({
    method: 'POST',
    path: '/update/password',
    access: 'authenticated',
    body: changePasswordSchema.partial(),
    data: z.null(),
    errors: [429],
  }),
  forgotPassword: ep({
    method: 'POST',
    path: '/forgot/password',
    access: 'public',
    body: z.object({ loginName: z.string().min(1).max(200) }),
    data: z.null(),
    errors: [429],
  }),
  resetPassword: ep({
    method: 'POST',
    path: '/myaccount/reset/password',
    access: 'public',
    body: z.object({ resetToken: z.string().min(20).max(200), newPassword: z.string(), confirmPassword: z.string() }),
    data: z.null(),
  }),
  online: ep({
    method: 'POST',
    path: '/:userId/online',
    access: 'authenticated',
    body: none,
    data: z.object({ isAvailability: z.boolean() }),
    errors: [404],
  }),
  offline: ep({
    method: 'POST',
    path: '/:userId/offline',
    access: 'authenticated',
    body: none,
    data: z.object({ isAvailability: z.boolean() }),
    errors: [404],
  }),
  // roles and privileges
  getRoles: ep({
    method: 'POST',
    path: '/get/roles',
    access: requirement('ROLES', VIEW),
    body: listQuery({ sortBy: ['name', 'roleCode', 'createdAt'] }),
    data: page(roleSchema),
  }),
  getRole: ep({
    method: 'POST',
    path: '/role/get',
    access: requirement('ROLES', VIEW),
    body: byId,
    data: roleSchema,
    errors: [404],
  }),
  createRole: ep({
    method: 'POST',
    path: '/create/role',
    access: requirement('ROLES', CREATE),
    body: roleInputSchema,
    data: roleSchema,
  }),
  updateRole: ep({
    method: 'POST',
    path: '/update/role',
    access: requirement('ROLES', EDIT),
    body: roleInputSchema.extend({ id: z.uuid() }),
    data: roleSchema,
    errors: [404],
  }),
  roleStatus: ep({
    method: 'POST',
    path: '/role/status',
    access: requirement('ROLES', ISACTIVE),
    body: status,
    data: roleSchema,
    errors: [404],
  }),
  getPrivilege: ep({
    method: 'POST',
    path: '/get/privilege',
    access: requirement('ROLES', VIEW),
    body: none,
    data: permissionConfigSchema,
  }),
  // users
  findUsers: ep({
    method: 'POST',
    path: '/user/find',
    access: requirement('USER', VIEW),
    body: listQuery({
      sortBy: ['name', 'firstName', 'lastName', 'loginName', 'email', 'roleName', 'createdAt', 'lastLoginAt'],
      filters: { roleCode: z.string().optional(), centerID: z.uuid().optional() },
    }),
    data: page(userSchema),
  }),
  getUser: ep({
    method: 'POST',
    path: '/user/get',
    access: requirement('USER', VIEW),
    body: byId,
    data: userSchema,
    errors: [404],
  }),
  createUser: ep({
    method: 'POST',
    path: '/user/create',
    access: requirement('USER', CREATE),
    body: userInputSchema,
    data: userSchema,
    errors: [404],
  }),
  updateUser: ep({
    method: 'POST',
    path: '/user/update',
    access: requirement('USER', EDIT),
    body: userUpdateSchema,
    data: userSchema,
    errors: [404],
  }),
  userStatus: ep({
    method: 'POST',
    path: '/user/status',
    access: requirement('USER', ISACTIVE),
    body: status,
    data: userSchema,
    errors: [404],
  }),
  unblockUser: ep({
    method: 'POST',
    path: '/user/unblock',
    access: requirement('USER', ISUNBLOCK),
    body: byId,
    data: userSchema,
    errors: [404],
  }),
  // groups and centres
  getGroups: ep({
    method: 'POST',
    path: '/get/groups',
    access: requirement('GROUP', VIEW),
    body: listQuery({ sortBy: ['name', 'code', 'createdAt', 'city'] }),
    data: page(groupSchema),
  }),
  getGroup: ep({
    method: 'POST',
    path: '/group/get',
    access: requirement('GROUP', VIEW),
    body: byId,
    data: groupSchema,
    errors: [404],
  }),
  createGroup: ep({
    method: 'POST',
    path: '/create/group',
    access: requirement('GROUP', CREATE),
    body: groupInputSchema,
    data: groupSchema,
  }),
  updateGroup: ep({
    method: 'POST',
    path: '/update/group',
    access: requirement('GROUP', EDIT),
    body: groupInputSchema.extend({ id: z.uuid() }),
    data: groupSchema,
    errors: [404],
  }),
  groupStatus: ep({
    method: 'POST',
    path: '/group/status',
    access: requirement('GROUP', ISACTIVE),
    body: status,
    data: groupSchema,
    errors: [404],
  }),
  addCentreToGroup: ep({
    method: 'POST',
    path: '/group/addcenter',
    access: requirement('GROUP', MAP_UNMAP),
    body: z.object({ groupID: z.uuid(), centerID: z.uuid() }),
    data: centreSchema,
    errors: [404],
  }),
  getCentres: ep({
    method: 'POST',
    path: '/get/centers',
    access: requirement('CENTERS', VIEW),
    body: listQuery({
      sortBy: ['name', 'code', 'createdAt', 'city', 'groupName'],
      filters: { groupID: z.uuid().optional() },
    }),
    data: page(centreSchema),
  }),
  getCentre: ep({
    method: 'POST',
    path: '/center/get',
    access: requirement('CENTERS', VIEW),
    body: byId,
    data: centreSchema,
    errors: [404],
  }),
  createCentre: ep({
    method: 'POST',
    path: '/create/center',
    access: requirement('CENTERS', CREATE),
    body: centreInputSchema,
    data: centreSchema,
    errors: [404],
  }),
  updateCentre: ep({
    method: 'POST',
    path: '/update/center',
    access: requirement('CENTERS', EDIT),
    body: centreInputSchema.extend({ id: z.uuid() }),
    data: centreSchema,
    errors: [404],
  }),
  centreStatus: ep({
    method: 'POST',
    path: '/center/status',
    access: requirement('CENTERS', ISACTIVE),
    body: status,
    data: centreSchema,
    errors: [404],
  }),
  // departments
  getDepartments: ep({
    method: 'POST',
    path: '/get/department',
    access: requirement('DEPARTMENT', VIEW),
    body: listQuery({ sortBy: ['name', 'code', 'createdAt'] }),
    data: page(departmentSchema),
  }),
  createDepartment: ep({
    method: 'POST',
    path: '/create/department',
    access: requirement('DEPARTMENT', CREATE),
    body: departmentInputSchema,
    data: departmentSchema,
  }),
  updateDepartment: ep({
    method: 'POST',
    path: '/update/department',
    access: requirement('DEPARTMENT', EDIT),
    body: departmentInputSchema.extend({ id: z.uuid() }),
    data: departmentSchema,
    errors: [404],
  }),
  departmentStatus: ep({
    method: 'POST',
    path: '/department/status',
    access: requirement('DEPARTMENT', ISACTIVE),
    body: status,
    data: departmentSchema,
    errors: [404],
  }),
  getSubDepartments: ep({
    method: 'POST',
    path: '/get/subdepartment',
    access: requirement('DEPARTMENT', VIEW),
    body: z.object({ departmentID: z.uuid() }),
    data: departmentSchema.shape.subDepartments,
    errors: [404],
  }),
  createSubDepartment: ep({
    method: 'POST',
    path: '/create/subdepartment',
    access: requirement('DEPARTMENT', CREATE),
    body: subDepartmentInputSchema,
    data: departmentSchema,
    errors: [404],
  }),
  // entities (place codes)
  getEntities: ep({
    method: 'POST',
    path: '/get/entity',
    access: 'authenticated',
    body: z.object({ search: z.string().max(60).optional() }),
    data: z.array(entitySchema),
  }),
  createEntity: ep({
    method: 'POST',
    path: '/entity',
    access: requirement('CENTERS', CREATE),
    body: entitySchema.omit({ _id: true }),
    data: entitySchema,
  }),
  // doctors
  getDoctors: ep({
    method: 'POST',
    path: '/get/doctor',
    access: requirement('DOCTOR', VIEW),
    body: listQuery({ sortBy: ['name', 'firstName', 'lastName', 'specialization', 'createdAt'] }),
    data: page(doctorSchema),
  }),
  getDoctorById: ep({
    method: 'POST',
    path: '/doctor/get',
    access: requirement('DOCTOR', VIEW),
    body: z.object({ id: z.uuid(), profileID: z.uuid() }),
    data: doctorSchema,
    errors: [404],
  }),
  createDoctor: ep({
    method: 'POST',
    path: '/create/doctor',
    access: requirement('DOCTOR', CREATE),
    body: doctorInputSchema,
    data: doctorSchema,
    errors: [404],
  }),
  updateDoctor: ep({
    method: 'POST',
    path: '/update/doctor',
    access: requirement('DOCTOR', EDIT),
    body: doctorInputSchema.extend({ id: z.uuid() }),
    data: doctorSchema,
    errors: [404],
  }),
  doctorStatus: ep({
    method: 'POST',
    path: '/doctor/status',
    access: requirement('DOCTOR', ISACTIVE),
    body: status,
    data: doctorSchema,
    errors: [404],
  }),
  // referrals
  findReferrals: ep({
    method: 'POST',
    path: '/referral/find',
    access: requirement('REFERRALS', VIEW),
    body: listQuery({ sortBy: ['name', 'providerType', 'hospitalName', 'city', 'createdAt'] }),
    data: page(referralSchema),
  }),
  getReferral: ep({
    method: 'POST',
    path: '/referral/get',
    access: requirement('REFERRALS', VIEW),
    body: byId,
    data: referralSchema,
    errors: [404],
  }),
  createReferral: ep({
    method: 'POST',
    path: '/referral/create',
    access: requirement('REFERRALS', CREATE),
    body: referralInputSchema,
    data: referralSchema,
  }),
  updateReferral: ep({
    method: 'POST',
    path: '/referral/update',
    access: requirement('REFERRALS', EDIT),
    body: referralInputSchema.extend({ id: z.uuid() }),
    data: referralSchema,
    errors: [404],
  }),
  referralStatus: ep({
    method: 'POST',
    path: '/referral/status',
    access: requirement('REFERRALS', ISACTIVE),
    body: status,
    data: referralSchema,
    errors: [404],
  }),
  // profile
  getProfile: ep({
    method: 'POST',
    path: '/profile/get',
    access: requirement('PROFILE', SPECIFIC.VIEW_PROFILE),
    body: none,
    data: profileSchema,
    errors: [404],
  }),
  setSpecialization: ep({
    method: 'POST',
    path: '/profile/specialization',
    access: requirement('PROFILE', SPECIFIC.MANAGE_SPECIALIZATION),
    body: z.object({
      specialization: z.array(z.string().trim().min(1).max(80)).max(20),
      qualificationName: optionalText(120),
    }),
    data: profileSchema,
  }),
  signatureUploadUrl: ep({
    method: 'POST',
    path: '/profile/signature/upload-url',
    access: requirement('PROFILE', SPECIFIC.MANAGE_SIGNATURE),
    body: profileImageUpload,
    data: profileImageUploadUrl,
  }),
  setSignature: ep({
    method: 'POST',
    path: '/profile/signature',
    access: requirement('PROFILE', SPECIFIC.MANAGE_SIGNATURE),
    body: profileImageFile,
    data: profileSchema,
  }),
  // The user's picture (the avatar): anyone who may see their own profile may set it.
  logoUploadUrl: ep({
    method: 'POST',
    path: '/profile/logo/upload-url',
    access: requirement('PROFILE', SPECIFIC.VIEW_PROFILE),
    body: profileImageUpload,
    data: profileImageUploadUrl,
  }),
  setLogo: ep({
    method: 'POST',
    path: '/profile/logo',
    access: requirement('PROFILE', SPECIFIC.VIEW_PROFILE),
    body: profileImageFile,
    data: profileSchema,
  }),
  // preferences
  createPreferredColumns: ep({
    method: 'POST',
    path: '/preferredcolumn/create',
    access: 'authenticated',
    body: preferredColumnsSchema,
    data: preferredColumnsSchema,
  }),
  findPreferredColumns: ep({
    method: 'POST',
    path: '/preferredcolumn/find',
    access: 'authenticated',
    body: z.object({ screen: z.string().min(1).max(60) }),
    data: preferredColumnsSchema.nullable(),
  }),
  getPreferences: ep({
    method: 'POST',
    path: '/getpreferences',
    access: 'authenticated',
    body: none,
    data: preferencesSchema,
  }),
  setPreferences: ep({
    method: 'POST',
    path: '/setpreferences',
    access: 'authenticated',
    body: preferencesSchema,
    data: preferencesSchema,
  }),
  // dashboard
  dashboardCount: ep({
    method: 'POST',
    path: '/admin/dashboard/count',
    access: requirement('DASHBOARD', VIEW),
    body: none,
    data: dashboardCountsSchema,
  }),
});
export type AuthApi = typeof AUTH_API;
