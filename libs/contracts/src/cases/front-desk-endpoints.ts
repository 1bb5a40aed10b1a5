import { z } from 'zod';
import { WORKLIST, requirement } from '../access/privileges.js';
import { endpoint as ep } from '../api/endpoint.js';
import { caseSchema } from './entities.js';

/**
 * The worklist's patient assignment (spec §8 'There are no patients available to assign to the case.';
 * docs/decisions/0263): a case takes one of the front desk's patients of its centre — billing's patients, which the
 * cases service keeps as a read model of `billing.patient.v1` — as its patient: the name, the MR number as its Patient
 * ID, the sex and the birth date. Those who register or edit worklist cases may (the privileges of /worklist/edit).
 */
const id = z.uuid();
const WORKLIST_EDIT = requirement('WORKLIST', WORKLIST.IMPORT, WORKLIST.ASSIGN);

/** A front desk patient a case may be given (spec §3 patient info: patientName, gender, dateOfBirth, mrID). */
export const assignablePatientSchema = z.object({
  /** Billing's patient id. */
  _id: id,
  centreId: id,
  mrID: z.string(),
  patientName: z.string(),
  gender: z.string(),
  /** 'YYYY-MM-DD', or null when only the age was told. */
  dateOfBirth: z.string().nullable(),
  /** The age told at the desk when the birth date was not. */
  ageYears: z.number().int().nullable(),
});
export type AssignablePatient = z.infer<typeof assignablePatientSchema>;

export const CASE_PATIENT_ENDPOINTS = {
  /**
   * The patients of the case's centre, searched as the user types (the start of the name or of the MR number), merged
   * records left out. None: an empty list answered with 'There are no patients available to assign to the case.'
   */
  findAssignablePatients: ep({
    method: 'POST',
    path: '/worklist/patients',
    access: WORKLIST_EDIT,
    body: z
      .object({
        _id: id,
        search: z.string().trim().max(64).optional(),
        limit: z.coerce.number().int().min(1).max(50).default(20),
      })
      .strict(),
    data: z.array(assignablePatientSchema),
    errors: [404],
  }),
  /**
   * Gives the case one of its centre's patients, at the version the caller read (409 otherwise; a COMPLETED case is
   * not changed). 404: the case is not the caller's to see, or the patient is not one of the case's centre.
   */
  assignCasePatient: ep({
    method: 'POST',
    path: '/worklist/patient/assign',
    access: WORKLIST_EDIT,
    body: z.object({ _id: id, version: z.number().int(), patientId: id }).strict(),
    data: caseSchema,
    errors: [404, 409],
  }),
} as const;
