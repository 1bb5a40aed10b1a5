import { MultiSelect, PasswordInput, Select, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { filterForField, type FormFieldDefinition } from '@rayworks/validation';
import type { ReactNode } from 'react';
import { keystrokeHandlers } from './keystroke';

export interface FieldOption {
  value: string;
  label: string;
}

interface Props<V extends Record<string, unknown>> {
  field: FormFieldDefinition;
  form: UseFormReturnType<V>;
  options?: FieldOption[];
  placeholder?: string;
  description?: ReactNode;
  disabled?: boolean;
  autoFocus?: boolean;
  autoComplete?: string;
}

const INPUT_MODE: Partial<Record<FormFieldDefinition['type'], 'numeric' | 'decimal' | 'email' | 'tel'>> = {
  phone: 'tel',
  pin: 'numeric',
  number: 'numeric',
  amount: 'decimal',
  email: 'email',
};

/**
 * One input rendered from a form field definition (spec §3): label, mandatory asterisk, the keystroke filter
 * of its type and the message of its first problem (libs/validation validateField, via useDynamicForm).
 */
export function DynamicField<V extends Record<string, unknown>>(props: Props<V>) {
  const { field, form, options = [], placeholder, description, disabled, autoFocus, autoComplete } = props;
  const input = form.getInputProps(field.value as never);
  const common = {
    label: field.label,
    withAsterisk: field.mandatory === true,
    placeholder,
    description,
    disabled,
    autoFocus,
    'data-testid': `field-${field.value}`,
    ...input,
  };
  const numberInput = field.inputType === 'number';
  const handlers = keystrokeHandlers(filterForField(field), numberInput);

  switch (field.type) {
    case 'select':
      return field.isMulti ? (
        <MultiSelect
          {...common}
          data={options}
          clearable={field.isClearable}
          searchable
          nothingFoundMessage="No match"
        />
      ) : (
        <Select
          {...common}
          data={options}
          clearable={field.isClearable}
          searchable
          nothingFoundMessage="No match"
          allowDeselect={false}
        />
      );
    case 'textarea':
      return <Textarea {...common} {...handlers} autosize minRows={2} maxRows={6} />;
    case 'password':
      return <PasswordInput {...common} autoComplete={autoComplete ?? 'new-password'} />;
    default:
      return (
        <TextInput
          {...common}
          {...handlers}
          type={field.type === 'email' ? 'email' : numberInput ? 'number' : 'text'}
          inputMode={INPUT_MODE[field.type]}
          autoComplete={autoComplete ?? 'off'}
        />
      );
  }
}
