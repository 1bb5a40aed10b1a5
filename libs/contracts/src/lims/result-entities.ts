import { z } from 'zod';
import { performedAtSchema } from './outsourcing-entities.js';
import { parameterSchema, referenceRangeSchema } from './parameter.js';
import { RESULT_FLAGS } from './result-rules.js';
import { RESULT_STATUSES } from './result-states.js';
import { AUTO_VALIDATION_HOLDS, RESULT_SOURCES, type AutoValidationHold } from './worksheet-rules.js';

const HOLDS = Object.keys(AUTO_VALIDATION_HOLDS) as [AutoValidationHold, ...AutoValidationHold[]];

/** A result's value: decimal or free text, or the choices picked. */
export const resultValueSchema = z.union([z.string(), z.array(z.string())]);

/** One parameter's line of an order on the worksheet (worksheet-rules.ts JudgedResult, as stored). */
export const resultLineSchema = z.object({
  code: z.string(),
  value: resultValueSchema.nullable(),
  source: z.enum(RESULT_SOURCES).nullable(),
  flag: z.enum(RESULT_FLAGS).nullable(),
  range: referenceRangeSchema.nullable(),
  previous: z.string().nullable(),
  /** The change from the previous result, and whether it is beyond the parameter's delta rule. */
  delta: z.object({ difference: z.string(), exceeded: z.boolean() }).nullable(),
});
export type ResultLine = z.infer<typeof resultLineSchema>;

/** Who did a step and when. */
const step = z.object({ userId: z.uuid().nullable(), name: z.string(), at: z.string() }).nullable();

/**
 * A lab order's results on the worksheet (docs/decisions/0306): the sample and patient it belongs to, the test and
 * the version of its parameters it is judged by, each parameter's line, and where it is in the results machine.
 */
export const orderResultsSchema = z.object({
  orderId: z.uuid(),
  sampleId: z.uuid(),
  barcode: z.string(),
  registrationNumber: z.string(),
  centreId: z.uuid(),
  patient: z.object({
    id: z.uuid(),
    mrNumber: z.string(),
    patientName: z.string(),
    gender: z.string(),
    dateOfBirth: z.string().nullable(),
    /** The age the ranges judge by (on the day the sample was collected; from the birth date, else the age told at
     * the desk): the worksheet judges with it as the lab types (judgeTest's subject). */
    age: z.object({ days: z.number().int(), months: z.number().int(), years: z.number().int() }),
  }),
  /** When the sample was collected: the day the patient's age is taken on. */
  collectedAt: z.string().nullable(),
  testCode: z.string(),
  testName: z.string(),
  /** The catalogue version the results are judged by (pinned at the first entry); null when the test has none. */
  testVersionId: z.uuid().nullable(),
  status: z.enum(RESULT_STATUSES),
  /** 0 until the signed results are first amended. */
  amendment: z.number().int(),
  lines: z.array(resultLineSchema),
  complete: z.boolean(),
  critical: z.boolean(),
  holds: z.array(z.enum(HOLDS)),
  autoValidated: z.boolean(),
  validated: step,
  signed: step,
  /** The outsourcing lab the test was sent to on a manifest (docs/decisions/0313), so the pathologist knows. */
  performedAt: performedAtSchema.nullable(),
  /** Optimistic concurrency: a save names the version it read. */
  version: z.number().int(),
});
export type OrderResults = z.infer<typeof orderResultsSchema>;

/** A version of a test's parameters the worksheet judges by (sent once per worksheet, named by the orders). */
export const worksheetTestSchema = z.object({
  versionId: z.uuid(),
  code: z.string(),
  name: z.string(),
  autoValidate: z.boolean(),
  parameters: z.array(parameterSchema),
});
export type WorksheetTest = z.infer<typeof worksheetTestSchema>;

/** The worksheet: a page of orders and the test versions they are judged by. */
export const worksheetSchema = z.object({
  items: z.array(orderResultsSchema),
  tests: z.array(worksheetTestSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type Worksheet = z.infer<typeof worksheetSchema>;

/** What changed in the results' history (an amendment keeps the signed lines). */
export const resultHistoryEntrySchema = z.object({
  amendment: z.number().int(),
  status: z.enum(RESULT_STATUSES),
  lines: z.array(resultLineSchema),
  by: z.string(),
  at: z.string(),
  reason: z.string().nullable(),
});
export type ResultHistoryEntry = z.infer<typeof resultHistoryEntrySchema>;
