import { TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { FormFieldDefinition } from '@rayworks/validation';
import type { ReactNode } from 'react';

/**
 * A date field of a form (field type 'date', a calendar day 'YYYY-MM-DD'): the browser's date input, with the
 * definition's label, asterisk and test id, and the message of its first problem (useDynamicForm).
 */
export function DateField<V extends Record<string, unknown>>(props: {
  field: FormFieldDefinition;
  form: UseFormReturnType<V>;
  min?: string;
  max?: string;
  description?: ReactNode;
  disabled?: boolean;
}) {
  const { field, form, min, max, description, disabled } = props;
  return (
    <TextInput
      {...form.getInputProps(field.value as never)}
      type="date"
      label={field.label}
      withAsterisk={field.mandatory === true}
      min={min}
      max={max}
      description={description}
      disabled={disabled}
      data-testid={`field-${field.value}`}
    />
  );
}
