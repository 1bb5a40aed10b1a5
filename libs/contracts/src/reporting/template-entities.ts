import { z } from 'zod';

/**
 * Report templates and text macros (docs/decisions/0178-report-templates.md, 0179-text-macros.md). A template
 * belongs to a centre (centreId), to one radiologist (ownerId: their own), or to the whole company (both null);
 * it is found by modality and body part. Its `html` is sanitised on the server (sanitiseReportHtml) and may hold
 * `data-field="<key>"` placeholders that the structured fields' phrases fill (applyTemplateField).
 */
export const TEMPLATE_LIMITS = {
  name: 120,
  html: 200_000,
  fields: 30,
  options: 30,
  fieldKey: 40,
  label: 120,
  phrase: 2_000,
  macroCode: 20,
  macroText: 10_000,
  /** The most templates /reportTemplates/find answers (the newest first). */
  findMax: 200,
  /** The most macros one company keeps (find answers all a caller may use). */
  macrosMax: 1_000,
} as const;

export const TEMPLATE_MESSAGES = {
  created: 'Template Created Successfully',
  updated: 'Template Updated Successfully',
  activated: 'Template Activated Successfully',
  inactivated: 'Template Inactivated Successfully',
  notFound: 'Template not found',
  macroCreated: 'Macro Created Successfully',
  macroUpdated: 'Macro Updated Successfully',
  macroDeleted: 'Macro Deleted Successfully',
  macroNotFound: 'Macro not found',
  macroCodeTaken: 'A macro with this code already exists',
  duplicateFieldKey: 'Each field key may be used once',
  centreOutOfReach: 'The centre is not one of yours',
  layoutSaved: 'Report Layout Saved Successfully',
  logoMissing: 'The logo was not uploaded',
} as const;

export const PHRASE_KINDS = ['normal', 'abnormal'] as const;
export type PhraseKind = (typeof PHRASE_KINDS)[number];

/** A field key: the `data-field` attribute's value in the template body. */
export const TEMPLATE_FIELD_KEY = /^[a-z][a-z0-9_-]*$/;

export const templatePhraseSchema = z
  .object({
    label: z.string().trim().min(1).max(TEMPLATE_LIMITS.label),
    text: z.string().trim().min(1).max(TEMPLATE_LIMITS.phrase),
    kind: z.enum(PHRASE_KINDS),
  })
  .strict();
export type TemplatePhrase = z.infer<typeof templatePhraseSchema>;

export const templateFieldSchema = z
  .object({
    key: z
      .string()
      .trim()
      .min(1)
      .max(TEMPLATE_LIMITS.fieldKey)
      .regex(TEMPLATE_FIELD_KEY, 'Field key: lower-case letters, digits, - and _, starting with a letter'),
    label: z.string().trim().min(1).max(TEMPLATE_LIMITS.label),
    options: z.array(templatePhraseSchema).max(TEMPLATE_LIMITS.options),
  })
  .strict();
export type TemplateField = z.infer<typeof templateFieldSchema>;

const id = z.uuid();
/** Modality code (DICOM, e.g. CT, MR, CR, DX, US) or body part, upper-cased. */
const code = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .transform((v) => v.toUpperCase());

export const reportTemplateSchema = z.object({
  id,
  name: z.string(),
  centreId: id.nullable(),
  ownerId: id.nullable(),
  modality: z.string().nullable(),
  bodyPart: z.string().nullable(),
  html: z.string(),
  fields: z.array(templateFieldSchema),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReportTemplate = z.infer<typeof reportTemplateSchema>;

const uniqueKeys = (fields: readonly TemplateField[]) => new Set(fields.map((f) => f.key)).size === fields.length;

/** What a template is made of (create; update takes the same with its id). */
export const templateInputShape = {
  name: z.string().trim().min(1).max(TEMPLATE_LIMITS.name),
  /** The centre whose reports use it; null with `personal` false: the whole company's. */
  centreId: id.nullable().default(null),
  /** The caller's own template (ownerId = the caller); otherwise a centre's or the company's. */
  personal: z.boolean().default(false),
  modality: code.nullable().default(null),
  bodyPart: code.nullable().default(null),
  html: z.string().max(TEMPLATE_LIMITS.html),
  fields: z
    .array(templateFieldSchema)
    .max(TEMPLATE_LIMITS.fields)
    .default([])
    .refine(uniqueKeys, TEMPLATE_MESSAGES.duplicateFieldKey),
};

export const macroSchema = z.object({
  id,
  code: z.string(),
  text: z.string(),
  ownerId: id.nullable(),
  centreId: id.nullable(),
});
export type Macro = z.infer<typeof macroSchema>;

/** A macro's code: a dot and letters/digits (e.g. `.nad`), matched case-insensitively (expandMacro). */
export const MACRO_CODE = /^\.[A-Za-z0-9][A-Za-z0-9_-]*$/;

export const macroInputShape = {
  code: z
    .string()
    .trim()
    .min(2)
    .max(TEMPLATE_LIMITS.macroCode)
    .regex(MACRO_CODE, 'A macro code is a dot followed by letters or digits, e.g. .nad')
    .transform((v) => v.toLowerCase()),
  text: z.string().trim().min(1).max(TEMPLATE_LIMITS.macroText),
  centreId: id.nullable().default(null),
  personal: z.boolean().default(false),
};
