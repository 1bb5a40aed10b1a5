import { z } from 'zod';
import { GENERIC, requirement } from '../access/privileges.js';
import { endpoint as ep, listQuery, pageOf as page } from '../api/endpoint.js';
import { departmentSchema } from './entities.js';
import { DEPARTMENT_FIELDS, formBody, SUB_DEPARTMENT_FIELDS } from './forms.js';
import { formText, status, uuid } from './endpoint-fields.js';

const { CREATE, EDIT, VIEW, ISACTIVE } = GENERIC;

const departmentBody = z.object({ name: formText, code: formText });
export const departmentInputSchema = formBody(DEPARTMENT_FIELDS, departmentBody);
const departmentUpdateSchema = formBody(DEPARTMENT_FIELDS, departmentBody.extend({ id: uuid }));
export const subDepartmentInputSchema = formBody(
  SUB_DEPARTMENT_FIELDS,
  z.object({ departmentID: uuid, subDepartmentName: formText, subDepartmentCode: formText }),
);

/** Departments and their sub-departments (services/auth departments). */
export const DEPARTMENT_ENDPOINTS = {
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
};
