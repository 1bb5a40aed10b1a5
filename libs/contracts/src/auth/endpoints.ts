import { z } from 'zod';
import { INVALID_INPUTS_MESSAGE } from '@rayworks/validation';
import { GENERIC, SPECIFIC, requirement } from '../access/privileges.js';
import { permissionConfigSchema } from '../access/permission-config.js';
import { defineApi, endpoint as ep, listQuery, pageOf as page } from '../api/endpoint.js';
import { userSessionSchema } from './api.js';
import {
  companySchema,
  onboardedCompanySchema,
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
import {
  ADD_CENTRE_TO_GROUP_FIELDS,
  CENTER_FIELDS,
  COMPANY_FIELDS,
  DEPARTMENT_FIELDS,
  DOCTOR_FIELDS,
  formBody,
  formFieldsWithout,
  GROUP_FIELDS,
  PROVIDER_TYPES,
  REFERRAL_FIELDS,
  ROLE_FIELDS,
  SPECIALIZATION_FIELDS,
  SUB_DEPARTMENT_FIELDS,
  USER_FIELDS,
} from './forms.js';

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
/** Profile images (signature, picture): PNG or JPEG, uploaded straight to the object store with a presigned PUT. */
export const PROFILE_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
/** The largest profile image: the upload URL is signed for the declared size, which may not exceed this. */
export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
const profileImageUpload = z
  .object({
    contentType: z.enum(PROFILE_IMAGE_TYPES),
    /** The file's size in bytes: the storage server refuses an upload of any other length. */
    size: z.number().int().min(1).max(PROFILE_IMAGE_MAX_BYTES),
  })
  .strict();
const profileImageUploadUrl = z.object({ uploadUrl: z.string(), fileID: z.string() });
const profileImageFile = z.object({ fileID: z.string().min(1).max(300) });

// The bodies of the console's forms: the form's rules (./forms.ts, libs/validation, spec §5 messages) run first;
// these schemas then hold only types, normalisation (trim) and what a form field cannot express, with spec §5's
// 'Please give valid inputs' as their message.
const invalid = { error: INVALID_INPUTS_MESSAGE };
/** A text field of a form: its rules (length, kind) are the form's. */
const formText = z.string(invalid).trim();
/** An optional text field of a form: empty is null. */
const optionalFormText = formText
  .nullable()
  .transform((v) => (v === '' ? null : v))
  .optional();
const uuid = z.uuid(invalid);

const groupBody = z.object({
  name: formText,
  code: formText,
  isFusion: z.boolean(invalid).default(false),
  email: optionalFormText,
  phoneNumber: optionalFormText,
  city: optionalFormText,
  state: optionalFormText,
});
export const groupInputSchema = formBody(GROUP_FIELDS, groupBody);
const groupUpdateSchema = formBody(GROUP_FIELDS, groupBody.extend({ id: uuid }));

const centreBody = z.object({
  name: formText,
  code: formText,
  groupID: uuid.nullable().default(null),
  isFusion: z.boolean(invalid).default(false),
  email: optionalFormText,
  phoneNumber: optionalFormText,
  address: optionalFormText,
  city: optionalFormText,
  state: optionalFormText,
  pinCode: optionalFormText,
});
export const centreInputSchema = formBody(CENTER_FIELDS, centreBody);
const centreUpdateSchema = formBody(CENTER_FIELDS, centreBody.extend({ id: uuid }));

const roleBody = z.object({
  name: formText,
  roleCode: formText,
  description: optionalFormText,
  privileges: z.record(z.string(), z.array(z.string()), invalid),
});
export const roleInputSchema = formBody(ROLE_FIELDS, roleBody);
const roleUpdateSchema = formBody(ROLE_FIELDS, roleBody.extend({ id: uuid }));

const userBody = z.object({
  // Beyond the form's rules: lower-case letters, digits, dot, dash or underscore (the console says so).
  loginName: formText.regex(/^[a-z0-9._-]+$/, invalid),
  firstName: formText,
  lastName: formText,
  email: formText,
  phoneNumber: optionalFormText,
  roleID: uuid,
  groupID: uuid.nullable().default(null),
  centerID: z.array(uuid, invalid).default([]),
});
export const userInputSchema = formBody(USER_FIELDS, userBody);
export const userUpdateSchema = formBody(
  formFieldsWithout(USER_FIELDS, 'loginName'),
  userBody.omit({ loginName: true }).extend({ id: uuid }),
);

/** A company and its first administrator (the platform operator's form, COMPANY_FIELDS). */
export const companyInputSchema = formBody(
  COMPANY_FIELDS,
  z.object({
    name: formText,
    code: formText,
    adminLoginName: userBody.shape.loginName,
    adminFirstName: formText,
    adminLastName: formText,
    adminEmail: formText,
  }),
);

const departmentBody = z.object({ name: formText, code: formText });
export const departmentInputSchema = formBody(DEPARTMENT_FIELDS, departmentBody);
const departmentUpdateSchema = formBody(DEPARTMENT_FIELDS, departmentBody.extend({ id: uuid }));
export const subDepartmentInputSchema = formBody(
  SUB_DEPARTMENT_FIELDS,
  z.object({ departmentID: uuid, subDepartmentName: formText, subDepartmentCode: formText }),
);

const doctorBody = z.object({
  firstName: formText,
  lastName: formText,
  email: optionalFormText,
  phoneNumber: optionalFormText,
  qualificationName: optionalFormText,
  specialization: optionalFormText,
  registrationNumber: optionalFormText,
  departmentID: uuid.nullable().default(null),
  centerID: z.array(uuid, invalid).default([]),
});
export const doctorInputSchema = formBody(DOCTOR_FIELDS, doctorBody);
const doctorUpdateSchema = formBody(DOCTOR_FIELDS, doctorBody.extend({ id: uuid }));

const referralBody = z.object({
  name: formText,
  providerType: z.enum(PROVIDER_TYPES, invalid),
  hospitalName: optionalFormText,
  email: optionalFormText,
  phoneNumber: optionalFormText,
  city: optionalFormText,
  // A rate, not money: basis points 0..10000 (12.5% is 1250; docs/decisions/0079). The console's form field
  // takes the percentage (REFERRAL_FIELDS.commissionPercent) and sends basis points.
  commissionBasisPoints: z.number(invalid).int(invalid).min(0, invalid).max(10000, invalid).nullable().optional(),
});
export const referralInputSchema = formBody(REFERRAL_FIELDS, referralBody);
const referralUpdateSchema = formBody(REFERRAL_FIELDS, referralBody.extend({ id: uuid }));
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
/** A user's own settings, as stored (auth.preferences.settings) and answered. */
export type Preferences = z.output<typeof preferencesSchema>;

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
    body: roleUpdateSchema,
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
    body: groupUpdateSchema,
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
    body: formBody(ADD_CENTRE_TO_GROUP_FIELDS, z.object({ groupID: uuid, centerID: uuid })),
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
    body: centreUpdateSchema,
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
    body: departmentUpdateSchema,
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
    body: doctorUpdateSchema,
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
    body: referralUpdateSchema,
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
    body: formBody(
      SPECIALIZATION_FIELDS,
      z.object({
        specialization: z.array(z.string().trim().min(1).max(80), invalid).max(20, invalid),
        qualificationName: optionalFormText,
      }),
    ),
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
  // companies: the platform operator's (PLATFORM module; a company's user never holds it, docs/decisions/0085)
  getCompanies: ep({
    method: 'POST',
    path: '/platform/companies/find',
    access: requirement('COMPANIES', VIEW),
    body: listQuery({ sortBy: ['name', 'code', 'createdAt'] }),
    data: page(companySchema),
  }),
  createCompany: ep({
    method: 'POST',
    path: '/platform/companies/create',
    access: requirement('COMPANIES', CREATE),
    body: companyInputSchema,
    data: onboardedCompanySchema,
    errors: [409],
  }),
  suspendCompany: ep({
    method: 'POST',
    path: '/platform/companies/suspend',
    access: requirement('COMPANIES', ISACTIVE),
    body: byId,
    data: companySchema,
    errors: [404],
  }),
  resumeCompany: ep({
    method: 'POST',
    path: '/platform/companies/resume',
    access: requirement('COMPANIES', ISACTIVE),
    body: byId,
    data: companySchema,
    errors: [404],
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
