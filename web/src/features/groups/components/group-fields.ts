import type { FormFieldDefinition } from '@rayworks/validation';

/** The group form (spec §3 form field definitions; rules and messages of libs/validation). */
export const GROUP_FIELDS = {
  name: { type: 'text', label: 'Group Name', value: 'name', mandatory: true, maxLen: 120 },
  code: {
    type: 'text',
    label: 'Group Code',
    value: 'code',
    mandatory: true,
    minLen: 2,
    maxLen: 20,
    regex: 'alphanumeric',
  },
  email: { type: 'email', label: 'Email', value: 'email', maxLen: 200 },
  phoneNumber: { type: 'phone', label: 'Phone Number', value: 'phoneNumber', inputType: 'tel' },
  city: { type: 'text', label: 'City', value: 'city', maxLen: 80, regex: 'alphabets' },
  state: { type: 'text', label: 'State', value: 'state', maxLen: 80, regex: 'alphabets' },
} as const satisfies Record<string, FormFieldDefinition>;
