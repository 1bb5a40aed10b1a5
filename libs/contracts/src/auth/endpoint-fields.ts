import { z } from 'zod';
import { INVALID_INPUTS_MESSAGE } from '@rayworks/validation';

/** The pieces the auth service's endpoint files share (not exported from the package). */
export const none = z.object({}).strict();
export const byId = z.object({ id: z.uuid() });
export const status = z.object({ id: z.uuid(), isActive: z.boolean() });

// The bodies of the console's forms: the form's rules (./forms.ts, libs/validation, spec §5 messages) run first;
// these schemas then hold only types, normalisation (trim) and what a form field cannot express, with spec §5's
// 'Please give valid inputs' as their message.
export const invalid = { error: INVALID_INPUTS_MESSAGE };
/** A text field of a form: its rules (length, kind) are the form's. */
export const formText = z.string(invalid).trim();
/** An optional text field of a form: empty is null. */
export const optionalFormText = formText
  .nullable()
  .transform((v) => (v === '' ? null : v))
  .optional();
export const uuid = z.uuid(invalid);

/**
 * A list's refinement that names every row repeating an earlier row's key (`keyOf`): an issue at `[index, ...at]`
 * with `message(key)` — e.g. an analyzer code, a test listed twice, a test priced twice.
 */
export function eachOnce<Row>(
  keyOf: (row: Row) => string,
  message: (key: string) => string,
  at: readonly PropertyKey[] = [],
): (rows: readonly Row[], ctx: z.RefinementCtx, prefix?: readonly PropertyKey[]) => void {
  return (rows, ctx, prefix = []) => {
    const seen = new Set<string>();
    rows.forEach((row, i) => {
      const key = keyOf(row);
      if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [...prefix, i, ...at], message: message(key) });
      seen.add(key);
    });
  };
}
