import { z } from 'zod';
import { GENERIC, requirement } from '../access/privileges.js';
import { endpoint as ep, listQuery, pageOf as page } from '../api/endpoint.js';
import { centreSchema, groupSchema } from './entities.js';
import { ADD_CENTRE_TO_GROUP_FIELDS, CENTER_FIELDS, formBody, GROUP_FIELDS } from './forms.js';
import { byId, formText, invalid, optionalFormText, status, uuid } from './endpoint-fields.js';

const { CREATE, EDIT, VIEW, ISACTIVE, MAP_UNMAP } = GENERIC;

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

/** Groups and centres (services/auth org; the module docs/adding-a-module.md walks). */
export const ORG_ENDPOINTS = {
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
};
