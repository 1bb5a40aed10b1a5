import { z } from 'zod';
import { GENDERS } from './patient-forms.js';

/**
 * A patient as billing keeps it (spec §3 patient info). A patient is its centre's (docs/decisions/0218: company,
 * centre and identity): `mrID` is the centre's medical record number, given once and never given again; the same
 * person at two centres is two patients until an authorised merge says otherwise (`mergedInto`).
 */
export const patientSchema = z.object({
  _id: z.uuid(),
  centreId: z.uuid(),
  mrID: z.string(),
  patientName: z.string(),
  gender: z.enum(GENDERS),
  /** 'YYYY-MM-DD', or null when only the age was told. */
  dateOfBirth: z.string().nullable(),
  /** The age in whole years on the day it is read (from the birth date), or as told at registration. */
  age: z.number().int().nullable(),
  phoneNumber: z.string(),
  /** The patient this record was merged into (it is then read only), or null. */
  mergedInto: z.uuid().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Patient = z.infer<typeof patientSchema>;
