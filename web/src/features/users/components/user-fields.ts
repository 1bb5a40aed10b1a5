import type { FormFieldDefinition } from '@rayworks/validation';

export const USER_FIELDS = {
  loginName: { type: 'text', label: 'Login Name', value: 'loginName', mandatory: true, minLen: 3, maxLen: 60 },
  firstName: {
    type: 'text',
    label: 'First Name',
    value: 'firstName',
    mandatory: true,
    maxLen: 120,
    regex: 'alphabets',
  },
  lastName: { type: 'text', label: 'Last Name', value: 'lastName', mandatory: true, maxLen: 120, regex: 'alphabets' },
  email: { type: 'email', label: 'Email', value: 'email', mandatory: true, maxLen: 200 },
  phoneNumber: { type: 'phone', label: 'Phone Number', value: 'phoneNumber', inputType: 'tel' },
  roleID: { type: 'select', label: 'Role', value: 'roleID', mandatory: true },
} as const satisfies Record<string, FormFieldDefinition>;
