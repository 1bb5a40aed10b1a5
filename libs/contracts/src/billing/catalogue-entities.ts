import { z } from 'zod';
import { TEST_KINDS } from './catalogue-forms.js';

/**
 * A billable test of the company's catalogue (docs/decisions/0248): what the desk orders and a rate card prices.
 * The code names it for good (unique in the company); the LIMS keys its lab test definitions by the same code.
 * `taxable`: diagnostic services are exempt unless marked (the centre's settings give the rate).
 */
export const billableTestSchema = z.object({
  _id: z.uuid(),
  code: z.string(),
  name: z.string(),
  kind: z.enum(TEST_KINDS),
  /** RADIOLOGY: the DICOM modality to scan (CT, MR, US, …); null for LAB. */
  modality: z.string().nullable(),
  bodyPart: z.string().nullable(),
  /** LAB: the sample to collect (Blood, Urine, …); null for RADIOLOGY. */
  sampleType: z.string().nullable(),
  taxable: z.boolean(),
  isActive: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BillableTest = z.infer<typeof billableTestSchema>;

/** A test as a package or a quote names it. */
export const testRefSchema = billableTestSchema.pick({
  _id: true,
  code: true,
  name: true,
  kind: true,
  modality: true,
  bodyPart: true,
  sampleType: true,
});
export type TestRef = z.infer<typeof testRefSchema>;

/** A package: tests bundled at one price (on rate cards like a test); on a registration it expands into its tests. */
export const testPackageSchema = z.object({
  _id: z.uuid(),
  code: z.string(),
  name: z.string(),
  taxable: z.boolean(),
  isActive: z.boolean(),
  /** The bundled tests, in the order given. */
  tests: z.array(testRefSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TestPackage = z.infer<typeof testPackageSchema>;
