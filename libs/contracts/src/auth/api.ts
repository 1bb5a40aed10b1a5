import { z } from 'zod';
import { permissionConfigSchema } from '../access/permission-config.js';

/** Every response (spec §7): status compared with 'success', data, message. */
export const API_STATUS = { success: 'success', error: 'error' } as const;
export interface ApiResponse<T> {
  status: (typeof API_STATUS)[keyof typeof API_STATUS];
  data: T;
  message: string;
}
export const apiResponseSchema = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.enum(['success', 'error']), data, message: z.string() });

/** A page of a server-side list: search, sort and paging happen on the server. */
export const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(100).optional(),
  sortBy: z.string().max(50).optional(),
  sortDir: z.enum(['asc', 'desc']).default('asc'),
  isActive: z.boolean().optional(),
});
export type ListQuery = z.infer<typeof listQuerySchema>;
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** The logged-in user (spec §3). */
export const loggedInUserSchema = z.object({
  _id: z.string(),
  name: z.string().optional(),
  fullName: z.string().optional(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  searchName: z.string().optional(),
  roleCodes: z.array(z.string()),
  roledetails: z.object({ name: z.string() }),
  isAvailability: z.boolean(),
  logo: z.object({ fileID: z.string() }).nullable(),
  profileImg: z.array(z.object({ preview: z.string() })),
  centerName: z.string().nullable(),
  groupName: z.string().nullable(),
  centerLogo: z.string().nullable(),
  groupLogo: z.string().nullable(),
  radiologistLogo: z.string().nullable(),
  centerID: z.array(z.string()),
  groupID: z.string().nullable(),
  /** The user's company; null for a platform operator, who belongs to no company (docs/decisions/0085). */
  companyID: z.string().nullable(),
});
export type LoggedInUser = z.infer<typeof loggedInUserSchema>;

/** The user session (spec §3) that POST /login returns, with the user. */
export const userSessionSchema = z.object({
  token: z.string(),
  sessionToken: z.string(),
  resetPassword: z.boolean(),
  _id: z.string(),
  groupID: z.string().nullable(),
  centerID: z.array(z.string()),
  /** Seconds until the access token expires (the console refreshes before). */
  expiresIn: z.number().int().positive(),
  user: loggedInUserSchema,
});
export type UserSession = z.infer<typeof userSessionSchema>;

export const configResponseSchema = apiResponseSchema(permissionConfigSchema);
