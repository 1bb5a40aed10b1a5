import type { UseFormReturnType } from '@mantine/form';
import type { FormFieldDefinition } from '@rayworks/validation';
import type { ReactNode } from 'react';
import { DayInput } from './DayInput';

/**
 * A date field of a form (field type 'date', a calendar day 'YYYY-MM-DD'): the console's one date input (spec §9's
 * '28 Nov 2026', typed or picked), with the definition's label, asterisk and test id, and the message of its first
 * problem (useDynamicForm). The form keeps 'YYYY-MM-DD', or '' for none.
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
  const input = form.getInputProps(field.value as never);
  return (
    <DayInput
      value={(input.value as string | null | undefined) ?? ''}
      onChange={(day) => input.onChange(day ?? '')}
      onFocus={input.onFocus}
      onBlur={input.onBlur}
      error={input.error}
      label={field.label}
      withAsterisk={field.mandatory === true}
      minDate={min}
      maxDate={max}
      description={description}
      disabled={disabled}
      clearable={field.mandatory !== true}
      data-testid={`field-${field.value}`}
    />
  );
}
