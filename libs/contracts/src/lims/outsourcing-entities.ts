import { z } from 'zod';
import { MANIFEST_STATUSES } from './outsourcing-states.js';

/**
 * Outsourcing labs (issue 23; docs/decisions/0312): reference laboratories a company sends samples to for tests it
 * does not run itself, with the tests each performs (the lab catalogue's codes) and the turnaround it promises. A lab
 * may be linked to one of the company's analyzers: its ORU^R01 results then arrive over the HL7 listener as that
 * analyzer's do (matched by barcode and the analyzer's code map).
 */
export const outsourcedTestSchema = z.object({
  testCode: z.string(),
  testName: z.string(),
  turnaroundHours: z.number().int(),
});
export type OutsourcedTest = z.infer<typeof outsourcedTestSchema>;

export const outsourcingLabSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  code: z.string(),
  contactPerson: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  /** The analyzer whose identity the lab's results come with over HL7, if linked. */
  analyzerId: z.uuid().nullable(),
  analyzerName: z.string().nullable(),
  tests: z.array(outsourcedTestSchema),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type OutsourcingLab = z.infer<typeof outsourcingLabSchema>;

const step = z.object({ name: z.string(), at: z.iso.datetime() }).nullable();

/** One outsourced order of a manifest's sample: whether its results are in. */
export const manifestOrderSchema = z.object({
  orderId: z.uuid(),
  testCode: z.string(),
  testName: z.string(),
  resulted: z.boolean(),
});

/** A sample on a manifest, as the manifest sheet prints it (patient data). */
export const manifestSampleSchema = z.object({
  sampleId: z.uuid(),
  barcode: z.string(),
  mrNumber: z.string(),
  patientName: z.string(),
  gender: z.string(),
  sampleType: z.string(),
  container: z.string(),
  collectedAt: z.iso.datetime().nullable(),
  orders: z.array(manifestOrderSchema),
});
export type ManifestSample = z.infer<typeof manifestSampleSchema>;

export const manifestSchema = z.object({
  _id: z.uuid(),
  /** 'M' + 7 digits (outsourcing-states.ts manifestNumber). */
  number: z.string(),
  labId: z.uuid(),
  labName: z.string(),
  labCode: z.string(),
  status: z.enum(MANIFEST_STATUSES),
  courier: z.string().nullable(),
  trackingNote: z.string().nullable(),
  created: z.object({ name: z.string(), at: z.iso.datetime() }),
  dispatched: step,
  received: step,
  completedAt: z.iso.datetime().nullable(),
  cancelled: step,
  /** Outsourced orders on the manifest, and how many have their results. */
  progress: z.object({ samples: z.number().int(), orders: z.number().int(), resulted: z.number().int() }),
  version: z.number().int(),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** A manifest with its samples (the detail and the printable sheet). */
export const manifestDetailSchema = manifestSchema.extend({ samples: z.array(manifestSampleSchema) });
export type ManifestDetail = z.infer<typeof manifestDetailSchema>;

/** An accepted sample in the caller's reach, on no open manifest, with the orders the chosen lab performs. */
export const manifestCandidateSchema = manifestSampleSchema.extend({ acceptedAt: z.iso.datetime() });
export type ManifestCandidate = z.infer<typeof manifestCandidateSchema>;

/** Where an order's test was performed, when it went out on a manifest (the worksheet and the lab report say so). */
export const performedAtSchema = z.object({ labName: z.string(), manifestNumber: z.string() });
export type PerformedAt = z.infer<typeof performedAtSchema>;
