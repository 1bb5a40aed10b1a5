import { useForm, type UseFormReturnType } from '@mantine/form';
import type { FormFieldDefinition } from '@rayworks/validation';
import { checkBody, formErrors, type BodySchema } from './form-checks';

export interface DynamicFormOptions<V extends Record<string, unknown>, B> {
  fields: readonly FormFieldDefinition[];
  initialValues: V;
  /** The values as the endpoint's body. */
  toBody: (values: V) => unknown;
  /**
   * The endpoint's body schema (libs/contracts AUTH_API), which runs the same form rules as the server does; a value
   * the rules passed but the contract refuses gets 'Please give valid inputs'.
   */
  bodySchema: BodySchema<B>;
  /** Extra checks the definitions cannot express (field → message). */
  extraValidate?: (values: V) => Record<string, string | undefined>;
}

export interface DynamicForm<V extends Record<string, unknown>, B> {
  form: UseFormReturnType<V>;
  /** Validates with the rules of spec §5, then the contract; calls onValid with the body when both pass. */
  onSubmit: (onValid: (body: B, values: V) => void) => (event?: React.FormEvent<HTMLFormElement>) => void;
}

/** A Mantine form validated by libs/validation's dynamic-form rules, word for word, and by the contract. */
export function useDynamicForm<V extends Record<string, unknown>, B>(
  options: DynamicFormOptions<V, B>,
): DynamicForm<V, B> {
  const { fields, initialValues, toBody, bodySchema, extraValidate } = options;
  const form = useForm<V>({
    mode: 'controlled',
    initialValues,
    validateInputOnBlur: true,
    validate: (values) => formErrors(fields, values, extraValidate),
  });

  const onSubmit: DynamicForm<V, B>['onSubmit'] = (onValid) =>
    form.onSubmit((values) => {
      const checked = checkBody(fields, bodySchema, toBody(values));
      if (!checked.ok) {
        form.setErrors(checked.errors);
        return;
      }
      onValid(checked.body, values);
    });

  return { form, onSubmit };
}

/** Trimmed text, or null when empty: optional contract fields take null. */
export const textOrNull = (value: unknown): string | null => {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

export const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
