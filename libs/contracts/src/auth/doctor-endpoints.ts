import { z } from 'zod';
import { GENERIC, requirement } from '../access/privileges.js';
import { endpoint as ep, listQuery, pageOf as page } from '../api/endpoint.js';
import { doctorSchema } from './entities.js';
import { DOCTOR_FIELDS, formBody } from './forms.js';
import { formText, invalid, optionalFormText, status, uuid } from './endpoint-fields.js';

const { CREATE, EDIT, VIEW, ISACTIVE } = GENERIC;

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

/** Doctors (services/auth doctors). */
export const DOCTOR_ENDPOINTS = {
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
};
