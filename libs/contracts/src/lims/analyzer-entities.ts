import { z } from 'zod';

/**
 * The laboratory's analyzers (issue 23, slice 8; docs/decisions/0301–0304): instruments that send results to the
 * `lims-analyzers` process over HL7 v2 (MLLP) or ASTM E1394 (E1381 framing over TCP), each registered by a company
 * with the identity it sends (HL7: MSH-3 sending application and MSH-4 sending facility; ASTM: the header record's
 * sender name, H-5) and a map from its own test codes to the laboratory's (test code, parameter code).
 */
export const ANALYZER_PROTOCOLS = ['HL7', 'ASTM'] as const;
export type AnalyzerProtocol = (typeof ANALYZER_PROTOCOLS)[number];

export const analyzerSchema = z.object({
  _id: z.uuid(),
  name: z.string(),
  protocol: z.enum(ANALYZER_PROTOCOLS),
  /** HL7 MSH-3 (its first component) or the ASTM header's sender name (H-5, first component). */
  sendingApplication: z.string(),
  /** HL7 MSH-4 (its first component); empty for ASTM. */
  sendingFacility: z.string(),
  /**
   * The centre whose laboratory runs it (docs/decisions/0373); null only for an analyzer registered before analyzers
   * had a centre, in a company that had no sample then.
   */
  centreId: z.uuid().nullable(),
  /** That centre's name as the directory has it (null while the LIMS has not learnt it). */
  centreName: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Analyzer = z.infer<typeof analyzerSchema>;

/** One line of an analyzer's code map: what the analyzer calls a result → the laboratory's parameter. */
export const analyzerCodeSchema = z.object({
  analyzerCode: z.string(),
  testCode: z.string(),
  parameterCode: z.string(),
});
export type AnalyzerCode = z.infer<typeof analyzerCodeSchema>;

/**
 * What became of one result an analyzer sent: MATCHED (to a sample of the company and one of its orders, and a
 * parameter), UNMATCHED (waits in the unmatched results queue: its barcode or its code is unknown, or the sample has
 * no order of the mapped test), REFUSED (its value is outside what the parameter can be: kept, never used), or
 * DISCARDED by a lab user.
 */
export const ANALYZER_RESULT_STATUSES = ['MATCHED', 'UNMATCHED', 'REFUSED', 'DISCARDED'] as const;
export type AnalyzerResultStatus = (typeof ANALYZER_RESULT_STATUSES)[number];

/** Why a result is not matched. */
export const ANALYZER_RESULT_REASONS = [
  'UNKNOWN_BARCODE',
  'UNKNOWN_CODE',
  'NO_ORDER',
  'OUT_OF_POSSIBLE_RANGE',
] as const;
export type AnalyzerResultReason = (typeof ANALYZER_RESULT_REASONS)[number];

export const analyzerResultSchema = z.object({
  _id: z.uuid(),
  analyzerId: z.uuid(),
  analyzerName: z.string(),
  /** The analyzer's centre when the result was stored: who reaches the result (docs/decisions/0373). */
  centreId: z.uuid().nullable(),
  messageId: z.uuid(),
  status: z.enum(ANALYZER_RESULT_STATUSES),
  reason: z.enum(ANALYZER_RESULT_REASONS).nullable(),
  /** What a lab user reads about it: why it waits, why it was refused, or how it was resolved. */
  note: z.string().nullable(),
  barcode: z.string(),
  analyzerCode: z.string(),
  sampleId: z.uuid().nullable(),
  labOrderId: z.uuid().nullable(),
  testCode: z.string().nullable(),
  parameterCode: z.string().nullable(),
  /** As sent (text: a number, a choice or free text). */
  value: z.string(),
  unit: z.string().nullable(),
  /** The analyzer's abnormal flags as sent (HL7 OBX-8, ASTM R-7), e.g. 'H'. */
  flags: z.string().nullable(),
  observedAt: z.iso.datetime().nullable(),
  receivedAt: z.iso.datetime(),
  resolvedAt: z.iso.datetime().nullable(),
});
export type AnalyzerResult = z.infer<typeof analyzerResultSchema>;

/**
 * One result as read from a message (HL7 OBX under its OBR; ASTM R under its O), kept with the stored message so
 * matching never parses again.
 */
export const analyzerReadingSchema = z.object({
  barcode: z.string(),
  analyzerCode: z.string(),
  value: z.string(),
  unit: z.string().nullable(),
  flags: z.string().nullable(),
  observedAt: z.iso.datetime().nullable(),
});
export type AnalyzerReading = z.infer<typeof analyzerReadingSchema>;
