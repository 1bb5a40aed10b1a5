import { z } from 'zod';
import { CONTAINER_CODES, SAMPLE_TYPE_CODES } from './catalogue-constants.js';
import { parameterSchema } from './parameter.js';

/**
 * A lab test's definition as the LIMS keeps it (docs/decisions/0248, 0293): keyed by the code billing's catalogue gives
 * the test (upper case, the company's once), with its department, sample, container, turnaround, method and LOINC
 * code, and its parameters — those of its current version. Every saved change of the parameters is a new version
 * (`lims.lab_test_versions`), kept for good: a result keeps the version id it was judged by.
 */
export const labTestVersionRefSchema = z.object({
  _id: z.uuid(),
  /** 1, 2, 3 … per test. */
  version: z.number().int(),
  createdAt: z.string(),
  /** The user who saved it (login name). */
  createdBy: z.string(),
});
export type LabTestVersionRef = z.infer<typeof labTestVersionRefSchema>;

export const labTestSchema = z.object({
  _id: z.uuid(),
  code: z.string(),
  name: z.string(),
  department: z.string(),
  subDepartmentCode: z.string(),
  subDepartmentName: z.string(),
  sampleType: z.enum(SAMPLE_TYPE_CODES),
  container: z.enum(CONTAINER_CODES),
  turnaroundHours: z.number().int(),
  method: z.string().nullable(),
  loincCode: z.string().nullable(),
  /** Validated without a person when nothing holds the results (docs/decisions/0306). */
  autoValidate: z.boolean(),
  /** The current version; null until parameters are first saved. */
  version: labTestVersionRefSchema.nullable(),
  /** The current version's parameters, in report order ([] until first saved). */
  parameters: z.array(parameterSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LabTest = z.infer<typeof labTestSchema>;

/** A row of the lab tests' list. */
export const labTestSummarySchema = labTestSchema
  .omit({ parameters: true })
  .extend({ parameterCount: z.number().int() });
export type LabTestSummary = z.infer<typeof labTestSummarySchema>;

/** One version of a test's parameters, readable by id for good (a result names the version it was judged by). */
export const labTestVersionSchema = labTestVersionRefSchema.extend({
  labTestId: z.uuid(),
  code: z.string(),
  parameters: z.array(parameterSchema),
});
export type LabTestVersion = z.infer<typeof labTestVersionSchema>;

/** A row of /measurements: one parameter of a test's current version. */
export const measurementSchema = z.object({
  testCode: z.string(),
  testName: z.string(),
  versionId: z.uuid(),
  version: z.number().int(),
  /** Its place in the test's report order (0-based). */
  position: z.number().int(),
  parameter: parameterSchema,
});
export type Measurement = z.infer<typeof measurementSchema>;

/** What a bulk upload did (all or nothing: a file with a bad row changes nothing and answers 400). */
export const labUploadResultSchema = z.object({
  rows: z.number().int(),
  created: z.number().int(),
  updated: z.number().int(),
  /** New parameter versions made (a test whose parameters did not change gets none). */
  versions: z.number().int(),
});
export type LabUploadResult = z.infer<typeof labUploadResultSchema>;

/** The two files of the bulk upload: tests (one row a test) and measurements (one row a parameter's range). */
export const LAB_UPLOAD_KINDS = ['tests', 'measurements'] as const;
export type LabUploadKind = (typeof LAB_UPLOAD_KINDS)[number];
export const LAB_UPLOAD_FORMATS = ['csv', 'xlsx'] as const;
export type LabUploadFormat = (typeof LAB_UPLOAD_FORMATS)[number];
/** The largest file (bytes, decoded): a company's whole catalogue fits many times over. */
export const LAB_UPLOAD_MAX_BYTES = 1024 * 1024;
/** Its length in base64. */
export const LAB_UPLOAD_MAX_BASE64 = 4 * Math.ceil(LAB_UPLOAD_MAX_BYTES / 3);
/** The most data rows a file may have (under its header). */
export const LAB_UPLOAD_MAX_ROWS = 2000;
