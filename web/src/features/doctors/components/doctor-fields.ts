import type { FormFieldDefinition } from '@rayworks/validation';

export const DOCTOR_FIELDS = {
  firstName: {
    type: 'text',
    label: 'First Name',
    value: 'firstName',
    mandatory: true,
    maxLen: 120,
    regex: 'alphabets',
  },
  lastName: { type: 'text', label: 'Last Name', value: 'lastName', mandatory: true, maxLen: 120, regex: 'alphabets' },
  email: { type: 'email', label: 'Email', value: 'email', maxLen: 200 },
  phoneNumber: { type: 'phone', label: 'Phone Number', value: 'phoneNumber', inputType: 'tel' },
  qualificationName: { type: 'text', label: 'Qualification', value: 'qualificationName', maxLen: 120 },
  specialization: { type: 'text', label: 'Specialization', value: 'specialization', maxLen: 120 },
  registrationNumber: {
    type: 'text',
    label: 'Registration Number',
    value: 'registrationNumber',
    maxLen: 60,
    regex: 'alphanumeric',
  },
} as const satisfies Record<string, FormFieldDefinition>;
