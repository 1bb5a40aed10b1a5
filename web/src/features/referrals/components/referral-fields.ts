import type { FormFieldDefinition } from '@rayworks/validation';

export const REFERRAL_FIELDS = {
  name: { type: 'text', label: 'Referral Name', value: 'name', mandatory: true, maxLen: 120 },
  providerType: { type: 'select', label: 'Provider Type', value: 'providerType', mandatory: true },
  hospitalName: { type: 'text', label: 'Hospital Name', value: 'hospitalName', maxLen: 160 },
  email: { type: 'email', label: 'Email', value: 'email', maxLen: 200 },
  phoneNumber: { type: 'phone', label: 'Phone Number', value: 'phoneNumber', inputType: 'tel' },
  city: { type: 'text', label: 'City', value: 'city', maxLen: 80, regex: 'alphabets' },
  commissionPercent: {
    type: 'text',
    label: 'Commission (%)',
    value: 'commissionPercent',
    maxLen: 6,
    regex: 'decimals',
  },
} as const satisfies Record<string, FormFieldDefinition>;

/** Provider kinds (spec §9). */
export const PROVIDER_TYPES = ['Internal', 'External'] as const;
