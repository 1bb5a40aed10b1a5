import { z } from 'zod';
import { requiredMessage, selectAtLeastOneMessage } from '@rayworks/validation';
import { GENERIC, requirement } from '../access/privileges.js';
import { endpoint as ep, listQuery, pageOf as page } from '../api/endpoint.js';
import { formBody } from '../auth/forms.js';
import { byId, formText, invalid, status } from '../auth/endpoint-fields.js';
import { billableTestSchema, testPackageSchema } from './catalogue-entities.js';
import { PACKAGE_EDIT_FIELDS, PACKAGE_FIELDS, TEST_EDIT_FIELDS, TEST_FIELDS, TEST_KINDS } from './catalogue-forms.js';

const { CREATE, EDIT, VIEW, ISACTIVE } = GENERIC;

/** A test or package code: letters, digits, '-' and '_', kept in upper case (codes are compared as written). */
export const catalogueCode = formText.regex(/^[A-Za-z0-9_-]+$/, invalid).transform((code) => code.toUpperCase());
/** An optional text of the test form: empty is null. */
const optionalText = formText
  .nullable()
  .optional()
  .transform((v) => (v ? v : null));

const testFields = z.object({
  name: formText,
  kind: z.enum(TEST_KINDS, invalid),
  modality: optionalText,
  bodyPart: optionalText,
  sampleType: optionalText,
  taxable: z.boolean(invalid).default(false),
});

/**
 * A radiology test names its modality (DICOM, upper case), a lab test its sample type; the other kind's fields are
 * dropped, so the form may keep what was typed before the kind changed.
 */
function testKindRules<T extends z.infer<typeof testFields>>(value: T, ctx: z.RefinementCtx): T {
  if (value.kind === 'RADIOLOGY') {
    if (!value.modality)
      ctx.addIssue({ code: 'custom', path: ['modality'], message: requiredMessage(TEST_FIELDS.modality.label) });
    else if (!/^[A-Za-z0-9]{1,16}$/.test(value.modality))
      ctx.addIssue({ code: 'custom', path: ['modality'], message: invalid.error });
    return { ...value, modality: value.modality?.toUpperCase() ?? null, sampleType: null };
  }
  if (!value.sampleType)
    ctx.addIssue({ code: 'custom', path: ['sampleType'], message: requiredMessage(TEST_FIELDS.sampleType.label) });
  return { ...value, modality: null, bodyPart: null };
}

export const testInputSchema = formBody(TEST_FIELDS, testFields.extend({ code: catalogueCode })).transform(
  testKindRules,
);
const testUpdateSchema = formBody(TEST_EDIT_FIELDS, testFields.extend({ id: z.uuid(invalid) })).transform(
  testKindRules,
);

const packageFields = z.object({
  name: formText,
  /** The bundled tests' codes, in order, each once. */
  testCodes: z
    .array(catalogueCode, invalid)
    .min(1, { error: selectAtLeastOneMessage(PACKAGE_FIELDS.testCodes.label) })
    .max(100, invalid)
    .refine((codes) => new Set(codes).size === codes.length, { error: 'A test is listed twice' }),
  taxable: z.boolean(invalid).default(false),
});
export const packageInputSchema = formBody(PACKAGE_FIELDS, packageFields.extend({ code: catalogueCode }));
const packageUpdateSchema = formBody(PACKAGE_EDIT_FIELDS, packageFields.extend({ id: z.uuid(invalid) }));

/**
 * The company's billable catalogue (`/studytest/*`, `/package/*`, spec §7 family paths; docs/decisions/0248): tests
 * and packages, company-wide, under the TESTS and PACKAGES privileges. Search: the code's beginning or the name.
 */
export const CATALOGUE_ENDPOINTS = {
  findTests: ep({
    method: 'POST',
    path: '/studytest/find',
    access: requirement('TESTS', VIEW),
    body: listQuery({
      sortBy: ['code', 'name', 'kind', 'createdAt'],
      filters: { kind: z.enum(TEST_KINDS).optional() },
    }),
    data: page(billableTestSchema),
  }),
  getTest: ep({
    method: 'POST',
    path: '/studytest/get',
    access: requirement('TESTS', VIEW),
    body: byId,
    data: billableTestSchema,
    errors: [404],
  }),
  createTest: ep({
    method: 'POST',
    path: '/studytest/create',
    access: requirement('TESTS', CREATE),
    body: testInputSchema,
    data: billableTestSchema,
    // 409: the code is the company's already
    errors: [409],
  }),
  updateTest: ep({
    method: 'POST',
    path: '/studytest/update',
    access: requirement('TESTS', EDIT),
    body: testUpdateSchema,
    data: billableTestSchema,
    // 404 'Unable Update Test Details': not a test of the caller's company
    errors: [404],
  }),
  testStatus: ep({
    method: 'POST',
    path: '/studytest/status',
    access: requirement('TESTS', ISACTIVE),
    body: status,
    data: billableTestSchema,
    errors: [404],
  }),
  findPackages: ep({
    method: 'POST',
    path: '/package/find',
    access: requirement('PACKAGES', VIEW),
    body: listQuery({ sortBy: ['code', 'name', 'createdAt'] }),
    data: page(testPackageSchema),
  }),
  getPackage: ep({
    method: 'POST',
    path: '/package/get',
    access: requirement('PACKAGES', VIEW),
    body: byId,
    data: testPackageSchema,
    errors: [404],
  }),
  createPackage: ep({
    method: 'POST',
    path: '/package/create',
    access: requirement('PACKAGES', CREATE),
    body: packageInputSchema,
    data: testPackageSchema,
    // 400: a test code the catalogue does not hold (or holds inactive); 409: the code is the company's already
    errors: [409],
  }),
  updatePackage: ep({
    method: 'POST',
    path: '/package/update',
    access: requirement('PACKAGES', EDIT),
    body: packageUpdateSchema,
    data: testPackageSchema,
    errors: [404],
  }),
  packageStatus: ep({
    method: 'POST',
    path: '/package/status',
    access: requirement('PACKAGES', ISACTIVE),
    body: status,
    data: testPackageSchema,
    errors: [404],
  }),
};
