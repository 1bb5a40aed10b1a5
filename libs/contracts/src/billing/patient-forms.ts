import type { FormFieldDefinition } from '@rayworks/validation';

/** A patient's gender as the front desk records it (spec §3 patient info: gender). */
export const GENDERS = ['Male', 'Female', 'Other'] as const;
export type Gender = (typeof GENDERS)[number];

/**
 * The front desk's patient form (spec §3 patient info: patientName, age, gender, dateOfBirth, phoneNumber): the
 * console renders and checks it from these, and the contract's body runs the same rules on the server (formBody).
 * The MR number is never typed: the centre's next one is given at registration.
 */
export const PATIENT_FIELDS = {
  patientName: {
    type: 'text',
    label: 'Patient Name',
    value: 'patientName',
    mandatory: true,
    maxLen: 120,
  },
  gender: { type: 'select', label: 'Gender', value: 'gender', mandatory: true },
  dateOfBirth: { type: 'date', label: 'Date of Birth', value: 'dateOfBirth' },
  ageYears: { type: 'text', label: 'Age (years)', value: 'ageYears', maxLen: 3, regex: 'numbers' },
  phoneNumber: { type: 'phone', label: 'Phone Number', value: 'phoneNumber', inputType: 'tel', mandatory: true },
} as const satisfies Record<string, FormFieldDefinition>;
