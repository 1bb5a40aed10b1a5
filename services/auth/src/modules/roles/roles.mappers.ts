import { sanitizeGrants, type PrivilegeGrants, type Role } from '@rayworks/contracts';
import { iso, textOrNull, type Row } from '../../database/sql.js';

export const grantsOf = (row: Row): PrivilegeGrants =>
  sanitizeGrants((row.privileges ?? {}) as Record<string, string[]>);

export const toRole = (r: Row): Role => ({
  _id: String(r.id),
  name: String(r.name),
  roleCode: String(r.role_code),
  description: textOrNull(r.description),
  privileges: grantsOf(r) as Record<string, string[]>,
  isSystem: Boolean(r.is_system),
  isActive: Boolean(r.is_active),
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});
