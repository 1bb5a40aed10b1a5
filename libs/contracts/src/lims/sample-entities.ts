import { z } from 'zod';
import { LAB_ORDER_STATUSES, SAMPLE_STATUSES } from './sample-states.js';

/**
 * A sample's barcode (docs/decisions/0297): 'L' and 9 digits from a counter per company (L000000042), unique in the
 * company; printed as Code 128 on the label and scanned at accession; analyzers send it back in their results.
 */
export const SAMPLE_BARCODE_PATTERN = /^L\d{9}$/;
export const sampleBarcode = (n: number): string => {
  if (!Number.isSafeInteger(n) || n < 1 || n > 999_999_999) throw new RangeError(`no barcode for ${n}`);
  return `L${String(n).padStart(9, '0')}`;
};

/** Where a sample was drawn: at the centre, or at the patient's home by a phlebotomist. */
export const COLLECTION_PLACES = ['CENTRE', 'HOME'] as const;
export type CollectionPlace = (typeof COLLECTION_PLACES)[number];
export const COLLECTION_PLACE_LABELS: Record<CollectionPlace, string> = {
  CENTRE: 'Centre',
  HOME: 'Home Collection',
};

/**
 * Why the lab refuses a sample at accession (CLSI GP33 / the pre-analytical rejection criteria of Indian reference
 * labs). OTHER needs a note.
 */
export const SAMPLE_REJECTION_REASONS = [
  { code: 'HAEMOLYSED', label: 'Haemolysed' },
  { code: 'CLOTTED', label: 'Clotted' },
  { code: 'INSUFFICIENT', label: 'Insufficient quantity' },
  { code: 'WRONG_CONTAINER', label: 'Wrong container' },
  { code: 'LIPAEMIC', label: 'Lipaemic' },
  { code: 'ICTERIC', label: 'Icteric' },
  { code: 'LABEL_MISMATCH', label: 'Unlabelled or label mismatch' },
  { code: 'LEAKED', label: 'Leaked or broken container' },
  { code: 'DELAYED', label: 'Delayed in transit' },
  { code: 'WRONG_TEMPERATURE', label: 'Wrong transport temperature' },
  { code: 'OTHER', label: 'Other' },
] as const;
export type SampleRejectionReason = (typeof SAMPLE_REJECTION_REASONS)[number]['code'];
export const SAMPLE_REJECTION_REASON_CODES = SAMPLE_REJECTION_REASONS.map((r) => r.code) as unknown as readonly [
  SampleRejectionReason,
  ...SampleRejectionReason[],
];
export const rejectionReasonLabel = (code: string): string =>
  SAMPLE_REJECTION_REASONS.find((r) => r.code === code)?.label ?? code;

const who = z.object({ userId: z.uuid(), loginName: z.string() });

/** A lab order as a sample shows it: one test of the registration. */
export const labOrderSchema = z.object({
  _id: z.uuid(),
  registrationItemId: z.uuid(),
  testCode: z.string(),
  testName: z.string(),
  status: z.enum(LAB_ORDER_STATUSES),
});
export type LabOrder = z.infer<typeof labOrderSchema>;

/** A sample as collection and accession show it (patient data: every read is audited). */
export const sampleSchema = z.object({
  _id: z.uuid(),
  barcode: z.string(),
  status: z.enum(SAMPLE_STATUSES),
  centreId: z.uuid(),
  groupId: z.uuid().nullable(),
  registrationId: z.uuid(),
  registrationNumber: z.string(),
  patientId: z.uuid(),
  mrNumber: z.string(),
  patientName: z.string(),
  gender: z.string(),
  /** YYYY-MM-DD */
  dateOfBirth: z.string().nullable(),
  /** A SAMPLE_TYPES code, or the catalogue's own words when it names a type the constants do not know. */
  sampleType: z.string(),
  /** A CONTAINERS code, or UNSPECIFIED_CONTAINER. */
  container: z.string(),
  registeredAt: z.iso.datetime(),
  collectedBy: who.nullable(),
  collectedAt: z.iso.datetime().nullable(),
  collectionPlace: z.enum(COLLECTION_PLACES).nullable(),
  acceptedBy: who.nullable(),
  acceptedAt: z.iso.datetime().nullable(),
  rejectedBy: who.nullable(),
  rejectedAt: z.iso.datetime().nullable(),
  rejectionReason: z.enum(SAMPLE_REJECTION_REASON_CODES).nullable(),
  rejectionNote: z.string().nullable(),
  /** The rejected sample this one recollects, if any. */
  recollectionOf: z.uuid().nullable(),
  version: z.number().int(),
  /** Its tests (cancelled ones too, marked). */
  orders: z.array(labOrderSchema),
});
export type Sample = z.infer<typeof sampleSchema>;
