import { z } from 'zod';

/** The shapes of identity and organisation records as the API returns them. Ids are UUIDs. */
const id = z.uuid();
const audit = { isActive: z.boolean(), createdAt: z.string(), updatedAt: z.string() };

/** A company (tenant) as the platform operator sees it: the register only, none of the company's own data. */
export const companySchema = z.object({
  _id: id,
  name: z.string(),
  code: z.string(),
  /** false while suspended: its users cannot log in; its data is kept. */
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Company = z.infer<typeof companySchema>;

/** A company just onboarded, with the id and login name of its first administrator. */
export const onboardedCompanySchema = companySchema.extend({
  admin: z.object({ _id: id, loginName: z.string(), email: z.string() }),
});
export type OnboardedCompany = z.infer<typeof onboardedCompanySchema>;

export const groupSchema = z.object({
  _id: id,
  name: z.string(),
  code: z.string(),
  /** A fusion group reads for other groups by contract. */
  isFusion: z.boolean(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  centerCount: z.number().int(),
  ...audit,
});
export type Group = z.infer<typeof groupSchema>;

export const centreSchema = z.object({
  _id: id,
  name: z.string(),
  code: z.string(),
  /** null for an individual centre. */
  groupID: id.nullable(),
  groupName: z.string().nullable(),
  isFusion: z.boolean(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  address: z.string().nullable(),
  city: z.string().nullable(),
  state: z.string().nullable(),
  pinCode: z.string().nullable(),
  ...audit,
});
export type Centre = z.infer<typeof centreSchema>;

export const roleSchema = z.object({
  _id: id,
  name: z.string(),
  /** The role code this role implements (spec §3 role codes). */
  roleCode: z.string(),
  description: z.string().nullable(),
  /** type → privilege codes (libs/contracts PrivilegeGrants). */
  privileges: z.record(z.string(), z.array(z.string())),
  isSystem: z.boolean(),
  ...audit,
});
export type Role = z.infer<typeof roleSchema>;

export const userSchema = z.object({
  _id: id,
  loginName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  roleID: id,
  roleName: z.string(),
  roleCodes: z.array(z.string()),
  groupID: id.nullable(),
  groupName: z.string().nullable(),
  centerID: z.array(id),
  centerNames: z.array(z.string()),
  isAvailability: z.boolean(),
  resetPassword: z.boolean(),
  isBlocked: z.boolean(),
  lastLoginAt: z.string().nullable(),
  ...audit,
});
export type User = z.infer<typeof userSchema>;

export const departmentSchema = z.object({
  _id: id,
  name: z.string(),
  code: z.string(),
  subDepartments: z.array(
    z.object({ _id: id, subDepartmentName: z.string(), subDepartmentCode: z.string(), isActive: z.boolean() }),
  ),
  ...audit,
});
export type Department = z.infer<typeof departmentSchema>;

export const doctorSchema = z.object({
  _id: id,
  /** The doctor's profile (qualification, registration, signature): its own id, as in /doctors/view/{id}/profileID/{profileID}. */
  profileID: id,
  firstName: z.string(),
  lastName: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  qualificationName: z.string().nullable(),
  specialization: z.string().nullable(),
  registrationNumber: z.string().nullable(),
  departmentID: id.nullable(),
  departmentName: z.string().nullable(),
  centerID: z.array(id),
  /** The names of the centres of centerID, in the same order. */
  centerNames: z.array(z.string()),
  ...audit,
});
export type Doctor = z.infer<typeof doctorSchema>;

export const referralSchema = z.object({
  _id: id,
  name: z.string(),
  /** Provider kinds (spec §9): Internal, External. */
  providerType: z.enum(['Internal', 'External']),
  hospitalName: z.string().nullable(),
  email: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  city: z.string().nullable(),
  /** The commission rate in basis points (1250 = 12.5%). */
  commissionBasisPoints: z.number().int().min(0).max(10000).nullable(),
  ...audit,
});
export type Referral = z.infer<typeof referralSchema>;

/** Entity (spec §3): a place code with its city and state, used by addresses. */
export const entitySchema = z.object({ _id: id, code: z.string(), city: z.string(), state: z.string() });
export type Entity = z.infer<typeof entitySchema>;

export const profileSchema = z.object({
  _id: id,
  fullName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  roleName: z.string(),
  specialization: z.array(z.string()),
  qualificationName: z.string().nullable(),
  /** The signature image: an object key, with a short-lived URL to show it. */
  signature: z.object({ fileID: z.string(), url: z.string() }).nullable(),
  /** The user's picture, shown in the avatar: an object key, with a short-lived URL to show it. */
  logo: z.object({ fileID: z.string(), url: z.string() }).nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

export const dashboardCountsSchema = z.object({
  groups: z.number().int(),
  centers: z.number().int(),
  users: z.number().int(),
  activeUsers: z.number().int(),
  onlineRadiologists: z.number().int(),
  doctors: z.number().int(),
  referrals: z.number().int(),
});
export type DashboardCounts = z.infer<typeof dashboardCountsSchema>;
