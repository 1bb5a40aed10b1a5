import type { FormFieldDefinition } from '@rayworks/validation';

/** The centre form (spec §3 form field definitions; rules and messages of libs/validation, PIN all-zero rule). */
export const CENTER_FIELDS = {
  name: { type: 'text', label: 'Center Name', value: 'name', mandatory: true, maxLen: 120 },
  code: {
    type: 'text',
    label: 'Center Code',
    value: 'code',
    mandatory: true,
    minLen: 2,
    maxLen: 20,
    regex: 'alphanumeric',
  },
  email: { type: 'email', label: 'Email', value: 'email', maxLen: 200 },
  phoneNumber: { type: 'phone', label: 'Phone Number', value: 'phoneNumber', inputType: 'tel' },
  address: { type: 'textarea', label: 'Address', value: 'address', maxLen: 300 },
  city: { type: 'text', label: 'City', value: 'city', maxLen: 80, regex: 'alphabets' },
  state: { type: 'text', label: 'State', value: 'state', maxLen: 80, regex: 'alphabets' },
  pinCode: { type: 'pin', label: 'PIN Code', value: 'pinCode' },
} as const satisfies Record<string, FormFieldDefinition>;
