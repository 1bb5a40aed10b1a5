import type { FormFieldDefinition } from '@rayworks/validation';

export const ROLE_FIELDS = {
  name: { type: 'text', label: 'Role Name', value: 'name', mandatory: true, maxLen: 120 },
  roleCode: { type: 'select', label: 'Role Type', value: 'roleCode', mandatory: true },
  description: { type: 'textarea', label: 'Description', value: 'description', maxLen: 300 },
} as const satisfies Record<string, FormFieldDefinition>;
