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
