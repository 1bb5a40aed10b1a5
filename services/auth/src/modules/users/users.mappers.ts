import type { User } from '@rayworks/contracts';
import { iso, isoOrNull, textOrNull, type Row } from '../../database/sql.js';

export const idList = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

export const toUser = (r: Row): User => ({
  _id: String(r.id),
  loginName: String(r.login_name),
  firstName: String(r.first_name),
  lastName: String(r.last_name),
  fullName: `${r.first_name} ${r.last_name}`.trim(),
  email: String(r.email),
  phoneNumber: textOrNull(r.phone_number),
  roleID: String(r.role_id),
  roleName: String(r.role_name),
  roleCodes: [String(r.role_code)],
  groupID: textOrNull(r.effective_group_id),
  groupName: textOrNull(r.group_name),
  centerID: idList(r.centre_ids),
  centerNames: idList(r.centre_names),
  isAvailability: Boolean(r.is_availability),
  resetPassword: Boolean(r.reset_password),
  isBlocked: Boolean(r.is_blocked),
  lastLoginAt: isoOrNull(r.last_login_at),
  isActive: Boolean(r.is_active),
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});
