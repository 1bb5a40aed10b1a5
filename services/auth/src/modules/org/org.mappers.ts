import type { Centre, Group } from '@rayworks/contracts';
import { iso, textOrNull, type Row } from '../../database/sql.js';

export const toGroup = (r: Row): Group => ({
  _id: String(r.id),
  name: String(r.name),
  code: String(r.code),
  isFusion: Boolean(r.is_fusion),
  email: textOrNull(r.email),
  phoneNumber: textOrNull(r.phone_number),
  city: textOrNull(r.city),
  state: textOrNull(r.state),
  centerCount: Number(r.centre_count ?? 0),
  isActive: Boolean(r.is_active),
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

export const toCentre = (r: Row): Centre => ({
  _id: String(r.id),
  name: String(r.name),
  code: String(r.code),
  groupID: textOrNull(r.group_id),
  groupName: textOrNull(r.group_name),
  isFusion: Boolean(r.is_fusion),
  email: textOrNull(r.email),
  phoneNumber: textOrNull(r.phone_number),
  address: textOrNull(r.address),
  city: textOrNull(r.city),
  state: textOrNull(r.state),
  pinCode: textOrNull(r.pin_code),
  isActive: Boolean(r.is_active),
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});
