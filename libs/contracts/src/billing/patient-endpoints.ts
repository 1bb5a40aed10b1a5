import { z } from 'zod';
import { GENERIC, requirement, SPECIFIC } from '../access/privileges.js';
import { endpoint as ep, listQuery, pageOf as page } from '../api/endpoint.js';
import { formBody } from '../auth/forms.js';
import { byId, formText, invalid, uuid } from '../auth/endpoint-fields.js';
import { patientSchema } from './patient-entities.js';
import { GENDERS, PATIENT_FIELDS } from './patient-forms.js';

const { CREATE, EDIT } = GENERIC;
const VIEW_PATIENTS = requirement('PATIENTS', SPECIFIC.PATIENT_VIEW);

const isoDate = z.iso.date(invalid);
const patientBody = z.object({
  patientName: formText,
  gender: z.enum(GENDERS, invalid),
  dateOfBirth: isoDate.nullable().optional(),
  ageYears: z.coerce.number(invalid).int(invalid).min(0, invalid).max(150, invalid).nullable().optional(),
  phoneNumber: formText,
});

/** A new patient of a centre; `allowDuplicate` registers them although a record of the same person may exist. */
export const patientInputSchema = formBody(
  PATIENT_FIELDS,
  patientBody.extend({ centreId: uuid, allowDuplicate: z.boolean(invalid).default(false) }),
);
const patientUpdateSchema = formBody(PATIENT_FIELDS, patientBody.extend({ id: uuid }));

/**
 * The desk's search as it types (docs/decisions/0305): the newest few patients whose name, phone or MR number begins
 * with the text — a pick list, so no total is counted (a prefix like 'bb03-01' matches most of a busy centre).
 */
export const patientLookupQuery = z
  .object({
    search: z.string(invalid).trim().min(1, invalid).max(100, invalid),
    centreId: uuid.optional(),
    limit: z.coerce.number(invalid).int(invalid).min(1, invalid).max(20, invalid).default(8),
  })
  .strict();

/** Two records of one person at a centre: `mergeId` is merged into `keepId` (docs/decisions/0265). */
const mergeBody = z.object({ keepId: uuid, mergeId: uuid }).strict();

/** The records that may be the same person: same centre, name, phone and birth date (the front desk's warning). */
const duplicatesQuery = z.object({
  centreId: uuid,
  patientName: formText,
  phoneNumber: formText,
  dateOfBirth: isoDate.nullable().optional(),
});

/** The billing service's patients (`/patient/*`, spec §7). */
export const PATIENT_ENDPOINTS = {
  findPatients: ep({
    method: 'POST',
    path: '/patient/find',
    access: VIEW_PATIENTS,
    // search as you type: name, phone or MR number
    body: listQuery({ sortBy: ['patientName', 'mrID', 'createdAt'], filters: { centreId: uuid.optional() } }),
    data: page(patientSchema),
  }),
  lookupPatients: ep({
    method: 'POST',
    path: '/patient/lookup',
    access: VIEW_PATIENTS,
    body: patientLookupQuery,
    data: z.object({ items: z.array(patientSchema) }),
  }),
  getPatient: ep({
    method: 'POST',
    path: '/patient/get',
    access: VIEW_PATIENTS,
    body: byId,
    data: patientSchema,
    errors: [404],
  }),
  findDuplicatePatients: ep({
    method: 'POST',
    path: '/patient/duplicates',
    access: requirement('PATIENTS', CREATE),
    body: duplicatesQuery,
    data: z.object({ duplicates: z.array(patientSchema) }),
    errors: [404],
  }),
  createPatient: ep({
    method: 'POST',
    path: '/patient/create',
    access: requirement('PATIENTS', CREATE),
    body: patientInputSchema,
    data: patientSchema,
    // 404: the centre is not one the caller reaches; 409: a record of the same person exists (the message names it)
    errors: [404, 409],
  }),
  updatePatient: ep({
    method: 'POST',
    path: '/patient/update',
    access: requirement('PATIENTS', EDIT),
    body: patientUpdateSchema,
    data: patientSchema,
    errors: [404, 409],
  }),
  mergePatients: ep({
    method: 'POST',
    path: '/patient/merge',
    access: requirement('PATIENTS', SPECIFIC.PATIENT_MERGE),
    body: mergeBody,
    data: patientSchema,
    // 400: the same record, or records of two centres; 404: either not in reach; 409: either already merged
    errors: [400, 404, 409],
  }),
};
