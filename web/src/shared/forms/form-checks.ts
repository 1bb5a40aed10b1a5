import { INVALID_INPUTS_MESSAGE, validateForm, type FormFieldDefinition } from '@rayworks/validation';

/** What a form needs of a contract body schema (zod): safeParse with issue paths and messages. */
export interface BodySchema<B> {
  safeParse(
    value: unknown,
  ):
    | { success: true; data: B }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string; code?: string }[] } };
}

/**
 * The console's check of a form's values, on blur and on submit: the form's dynamic-form rules (libs/validation,
 * spec §5 messages) and the screen's extra checks; field name → message, empty when the values pass.
 */
export function formErrors<V extends Record<string, unknown>>(
  fields: readonly FormFieldDefinition[],
  values: V,
  extraValidate?: (values: V) => Record<string, string | undefined>,
): Record<string, string> {
  const errors: Record<string, string> = { ...validateForm(fields, values) };
  for (const [field, message] of Object.entries(extraValidate?.(values) ?? {})) if (message) errors[field] = message;
  return errors;
}

/**
 * The body checked by the contract's schema, as the server will check it (its form rules again, then types and
 * structure): the body, or field → message. A rule's issue keeps its spec §5 message; any other problem of a field
 * is 'Please give valid inputs'; a problem outside the form's fields is put on its first field.
 */
export function checkBody<B>(
  fields: readonly FormFieldDefinition[],
  bodySchema: BodySchema<B>,
  body: unknown,
): { ok: true; body: B } | { ok: false; errors: Record<string, string> } {
  const parsed = bodySchema.safeParse(body);
  if (parsed.success) return { ok: true, body: parsed.data };
  const known = new Set(fields.map((f) => f.value));
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '');
    if (known.has(key) && !errors[key]) errors[key] = issue.code === 'custom' ? issue.message : INVALID_INPUTS_MESSAGE;
  }
  return {
    ok: false,
    errors: Object.keys(errors).length > 0 ? errors : { [fields[0]?.value ?? 'form']: INVALID_INPUTS_MESSAGE },
  };
}
