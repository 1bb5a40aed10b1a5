import { z } from 'zod';
import { GENERIC, requirement } from '../access/privileges.js';
import { endpoint as ep } from '../api/endpoint.js';
import { macroInputShape, macroSchema, reportTemplateSchema, templateInputShape } from './template-entities.js';
import { TEMPLATE_MATCHES } from './template-match.js';

/**
 * Report templates and text macros (/reportTemplates; docs/decisions/0178-report-templates.md, 0179-text-macros.md).
 * TEMPLATES › VIEW lists and reads (every reading role holds it: radiologists and typists pick templates in the
 * report editor), CREATE / EDIT / ISACTIVE change. A caller sees the company's templates (no centre, no owner), those
 * of the centres in their reach, and their own; never another radiologist's own.
 */
const { CREATE, EDIT, VIEW, ISACTIVE } = GENERIC;
const id = z.uuid();
const code = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .transform((v) => v.toUpperCase());

export const templatesFindBody = z
  .object({
    /** Only templates for this modality, or for any modality (modality null). */
    modality: code.optional(),
    /** Only templates for this body part, or for any body part (body part null). */
    bodyPart: code.optional(),
    /** Only the company's templates and this centre's (the editor passes the case's centre). */
    centreId: id.optional(),
    /** Only active (true) or inactive (false) templates; both when absent. */
    active: z.boolean().optional(),
    /** Only the caller's own templates (true) or no one's own (false). */
    personal: z.boolean().optional(),
    search: z.string().trim().max(100).optional(),
    /**
     * The case being reported (decision 0344): every template is answered with its `match` to the case's study (its
     * modality and body part, else the body part its description names), the study's first. 404 for a case the
     * caller cannot see.
     */
    caseId: id.optional(),
  })
  .strict();

/** A template as /reportTemplates/find answers it: with its fit to the case's study (null without a `caseId`). */
export const foundTemplateSchema = reportTemplateSchema.extend({ match: z.enum(TEMPLATE_MATCHES).nullable() });
export type FoundTemplate = z.infer<typeof foundTemplateSchema>;

/** The case's study the templates were matched against (the answer's `study`; null without a `caseId`). */
export const templateStudySchema = z.object({
  modality: z.string().nullable(),
  bodyPart: z.string().nullable(),
  description: z.string().nullable(),
});
export type FoundTemplates = { templates: FoundTemplate[]; study: z.infer<typeof templateStudySchema> | null };

export const templateCreateBody = z.object(templateInputShape).strict();
export const templateUpdateBody = z.object({ id, ...templateInputShape }).strict();
export const templateIsActiveBody = z.object({ id, isActive: z.boolean() }).strict();

export const macrosFindBody = z
  .object({
    /** Only the company's macros and this centre's (with the caller's own). */
    centreId: id.optional(),
  })
  .strict();
export const macroCreateBody = z.object(macroInputShape).strict();
export const macroUpdateBody = z.object({ id, ...macroInputShape }).strict();

export const TEMPLATE_ENDPOINTS = {
  findReportTemplates: ep({
    method: 'POST',
    path: '/reportTemplates/find',
    access: requirement('TEMPLATES', VIEW),
    body: templatesFindBody,
    data: z.object({ templates: z.array(foundTemplateSchema), study: templateStudySchema.nullable() }),
    errors: [404],
  }),
  findOneReportTemplate: ep({
    method: 'POST',
    path: '/reportTemplates/findOne',
    access: requirement('TEMPLATES', VIEW),
    body: z.object({ id }).strict(),
    data: reportTemplateSchema,
    errors: [404],
  }),
  createReportTemplate: ep({
    method: 'POST',
    path: '/reportTemplates/create',
    access: requirement('TEMPLATES', CREATE),
    body: templateCreateBody,
    data: reportTemplateSchema,
  }),
  updateReportTemplate: ep({
    method: 'POST',
    path: '/reportTemplates/update',
    access: requirement('TEMPLATES', EDIT),
    body: templateUpdateBody,
    data: reportTemplateSchema,
    errors: [404],
  }),
  setReportTemplateActive: ep({
    method: 'POST',
    path: '/reportTemplates/isactive',
    access: requirement('TEMPLATES', ISACTIVE),
    body: templateIsActiveBody,
    data: reportTemplateSchema,
    errors: [404],
  }),
  findMacros: ep({
    method: 'POST',
    path: '/macros/find',
    access: requirement('TEMPLATES', VIEW),
    body: macrosFindBody,
    data: z.object({ macros: z.array(macroSchema) }),
  }),
  createMacro: ep({
    method: 'POST',
    path: '/macros/create',
    access: requirement('TEMPLATES', CREATE),
    body: macroCreateBody,
    data: macroSchema,
    errors: [409],
  }),
  updateMacro: ep({
    method: 'POST',
    path: '/macros/update',
    access: requirement('TEMPLATES', EDIT),
    body: macroUpdateBody,
    data: macroSchema,
    errors: [404, 409],
  }),
  deleteMacro: ep({
    method: 'POST',
    path: '/macros/delete',
    access: requirement('TEMPLATES', EDIT),
    body: z.object({ id }).strict(),
    data: z.object({ id }),
    errors: [404],
  }),
};
