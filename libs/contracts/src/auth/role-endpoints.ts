import { z } from 'zod';
import { GENERIC, requirement } from '../access/privileges.js';
import { permissionConfigSchema } from '../access/permission-config.js';
import { endpoint as ep, listQuery, pageOf as page } from '../api/endpoint.js';
import { roleSchema } from './entities.js';
import { formBody, ROLE_FIELDS } from './forms.js';
import { byId, formText, invalid, none, optionalFormText, status, uuid } from './endpoint-fields.js';

const { CREATE, EDIT, VIEW, ISACTIVE } = GENERIC;

const roleBody = z.object({
  name: formText,
  roleCode: formText,
  description: optionalFormText,
  privileges: z.record(z.string(), z.array(z.string()), invalid),
});
export const roleInputSchema = formBody(ROLE_FIELDS, roleBody);
const roleUpdateSchema = formBody(ROLE_FIELDS, roleBody.extend({ id: uuid }));

/** Roles and their privileges (services/auth roles). */
export const ROLE_ENDPOINTS = {
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
};
