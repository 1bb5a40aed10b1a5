import type { FormFieldDefinition } from '@rayworks/validation';

export const DEPARTMENT_FIELDS = {
  name: { type: 'text', label: 'Department Name', value: 'name', mandatory: true, maxLen: 120 },
  code: { type: 'text', label: 'Department Code', value: 'code', mandatory: true, maxLen: 20, regex: 'alphanumeric' },
} as const satisfies Record<string, FormFieldDefinition>;

export const SUB_DEPARTMENT_FIELDS = {
  subDepartmentName: {
    type: 'text',
    label: 'Sub-department Name',
    value: 'subDepartmentName',
    mandatory: true,
    maxLen: 120,
  },
  subDepartmentCode: {
    type: 'text',
    label: 'Sub-department Code',
    value: 'subDepartmentCode',
    mandatory: true,
    maxLen: 20,
    regex: 'alphanumeric',
  },
} as const satisfies Record<string, FormFieldDefinition>;
