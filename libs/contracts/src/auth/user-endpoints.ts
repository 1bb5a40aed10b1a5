import { z } from 'zod';
import { GENERIC, requirement } from '../access/privileges.js';
import { endpoint as ep, listQuery, pageOf as page } from '../api/endpoint.js';
import { userSchema } from './entities.js';
import { formBody, formFieldsWithout, USER_FIELDS } from './forms.js';
import { byId, formText, invalid, optionalFormText, status, uuid } from './endpoint-fields.js';

const { CREATE, EDIT, VIEW, ISACTIVE, ISUNBLOCK } = GENERIC;

/** A login name: beyond the form's rules, lower-case letters, digits, dot, dash or underscore (the console says so). */
export const loginNameSchema = formText.regex(/^[a-z0-9._-]+$/, invalid);

const userBody = z.object({
  loginName: loginNameSchema,
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

/** A company's users (services/auth users). */
export const USER_ENDPOINTS = {
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
};
