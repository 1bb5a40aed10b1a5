import { z } from 'zod';
import { GENERIC, requirement, SPECIFIC } from '../access/privileges.js';
import { endpoint as ep, listQuery, pageOf as page } from '../api/endpoint.js';
import { catalogueCode } from '../billing/catalogue-endpoints.js';
import { CONTAINER_CODES, CONTAINERS, SAMPLE_TYPE_CODES, SAMPLE_TYPES } from './catalogue-constants.js';
import {
  LAB_UPLOAD_FORMATS,
  LAB_UPLOAD_KINDS,
  LAB_UPLOAD_MAX_BASE64,
  LAB_UPLOAD_MAX_BYTES,
  labTestSchema,
  labTestSummarySchema,
  labTestVersionRefSchema,
  labTestVersionSchema,
  labUploadResultSchema,
  measurementSchema,
} from './catalogue-entities.js';
import { LAB_TEST_MESSAGES } from './catalogue-messages.js';
import { testParametersSchema } from './parameter.js';

const { CREATE, EDIT, VIEW } = GENERIC;

/** A LOINC code: digits, '-', a check digit (the mod-10 check LOINC uses, as Luhn's). */
export function loincCheckDigitOk(code: string): boolean {
  const digits = code.replace('-', '');
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .default(null)
    .transform((v) => (v ? v : null));

/** The definition's fields (without its parameters): what the form and the tests file give. */
export const labTestFieldsSchema = z.object({
  code: catalogueCode,
  name: z.string().trim().min(1).max(120),
  /** The laboratory's department on the report's heading ('Laboratory', 'Pathology'). */
  department: z.string().trim().min(1).max(60).default('Laboratory'),
  subDepartmentCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9_]{0,19}$/, { message: LAB_TEST_MESSAGES.departmentCode })
    .transform((c) => c.toUpperCase()),
  subDepartmentName: z.string().trim().min(1).max(60),
  sampleType: z.enum(SAMPLE_TYPE_CODES, { message: LAB_TEST_MESSAGES.unknownSampleType }),
  container: z.enum(CONTAINER_CODES, { message: LAB_TEST_MESSAGES.unknownContainer }),
  /** Hours from the sample's receipt to the report (at most 90 days). */
  turnaroundHours: z.number().int().min(1).max(2160),
  method: optionalText(120),
  loincCode: z
    .string()
    .trim()
    .max(10)
    .nullable()
    .default(null)
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^\d{1,7}-\d$/.test(v), { message: LAB_TEST_MESSAGES.loincFormat })
    .refine((v) => v === null || !/^\d{1,7}-\d$/.test(v) || loincCheckDigitOk(v), {
      message: LAB_TEST_MESSAGES.loincCheckDigit,
    }),
  /**
   * The test's results are validated without a person when nothing holds them: all complete, in range, none
   * critical, none beyond its delta rule (docs/decisions/0306). Left out: unchanged (a new test: off).
   */
  autoValidate: z.boolean().optional(),
});

/** The container must be one that takes the sample type (CONTAINERS lists what each takes). */
export function containerRule(value: { sampleType: string; container: string }, ctx: z.RefinementCtx): void {
  const container = CONTAINERS.find((c) => c.code === value.container);
  if (container && !(container.sampleTypes as readonly string[]).includes(value.sampleType)) {
    const sample = SAMPLE_TYPES.find((s) => s.code === value.sampleType)?.name ?? value.sampleType;
    ctx.addIssue({
      code: 'custom',
      path: ['container'],
      message: LAB_TEST_MESSAGES.containerMismatch(container.name, sample),
    });
  }
}

export const labTestDefinitionSchema = labTestFieldsSchema.superRefine(containerRule);

/** Create: the definition, and its parameters when known (version 1). */
const createBody = labTestFieldsSchema
  .extend({ parameters: testParametersSchema.optional() })
  .superRefine(containerRule);
/** Update (the code names the test and never changes): changed parameters make the next version. */
const updateBody = createBody;

const byCode = z.object({ code: catalogueCode });

/**
 * The laboratory's test catalogue (`/tests` lab definitions, `/measurements`, `/tests/upload`,
 * `/measurements/upload`; docs/decisions/0293–0295): company-wide, keyed by billing's test code, under the TESTS
 * privileges. Another company's test is not there (404; an update answers 'Unable Update Test Details').
 */
export const LAB_CATALOGUE_ENDPOINTS = {
  findLabTests: ep({
    method: 'POST',
    path: '/labtest/find',
    access: requirement('TESTS', VIEW),
    body: listQuery({
      sortBy: ['code', 'name', 'subDepartmentName', 'updatedAt'],
      filters: { subDepartmentCode: z.string().trim().max(20).optional() },
    }),
    data: page(labTestSummarySchema),
  }),
  getLabTest: ep({
    method: 'POST',
    path: '/labtest/get',
    access: requirement('TESTS', VIEW),
    body: byCode,
    data: labTestSchema,
    errors: [404],
  }),
  createLabTest: ep({
    method: 'POST',
    path: '/labtest/create',
    access: requirement('TESTS', CREATE),
    body: createBody,
    data: labTestSchema,
    // 409: the code is defined already
    errors: [409],
  }),
  updateLabTest: ep({
    method: 'POST',
    path: '/labtest/update',
    access: requirement('TESTS', EDIT),
    body: updateBody,
    data: labTestSchema,
    // 404 'Unable Update Test Details': not a lab test of the caller's company
    errors: [404],
  }),
  /** The versions of a test's parameters, newest first. */
  labTestVersions: ep({
    method: 'POST',
    path: '/labtest/versions',
    access: requirement('TESTS', VIEW),
    body: byCode,
    data: z.array(labTestVersionRefSchema),
    errors: [404],
  }),
  /** One version by id, for good (what a result was judged by). */
  getLabTestVersion: ep({
    method: 'POST',
    path: '/labtest/version',
    access: requirement('TESTS', VIEW),
    body: z.object({ id: z.uuid() }),
    data: labTestVersionSchema,
    errors: [404],
  }),
  /** /measurements: the parameters of every test's current version. */
  findMeasurements: ep({
    method: 'POST',
    path: '/measurement/find',
    access: requirement('TESTS', VIEW),
    body: listQuery({ sortBy: ['testCode', 'code', 'name'] }),
    data: page(measurementSchema),
  }),
  /**
   * A tests file or a measurements file (CSV or XLSX, base64), all or nothing: a file with a bad row imports nothing
   * and answers 400 'Unable Update Test Details: row N: <column>: <reason>; …'. Layout: docs/decisions/0295.
   */
  uploadLabCatalogue: ep({
    method: 'POST',
    path: '/labtest/upload',
    access: requirement('TESTS', SPECIFIC.UPLOAD),
    body: z.object({
      kind: z.enum(LAB_UPLOAD_KINDS),
      format: z.enum(LAB_UPLOAD_FORMATS),
      fileName: z.string().trim().min(1).max(200),
      /** The file's bytes in base64 (at most LAB_UPLOAD_MAX_BYTES once decoded). */
      content: z
        .string()
        .max(LAB_UPLOAD_MAX_BASE64, { message: LAB_TEST_MESSAGES.tooLarge(LAB_UPLOAD_MAX_BYTES) })
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, { message: 'not base64' }),
    }),
    data: labUploadResultSchema,
    // 409: another upload (or edit) created the same new code or version at the same moment; nothing was saved
    errors: [409],
  }),
};
