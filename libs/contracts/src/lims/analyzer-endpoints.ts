import { z } from 'zod';
import { GENERIC, requirement, SPECIFIC } from '../access/privileges.js';
import { endpoint as ep, listQuery, pageOf as page } from '../api/endpoint.js';
import { byId, eachOnce, formText, invalid, status, uuid } from '../auth/endpoint-fields.js';
import {
  ANALYZER_PROTOCOLS,
  ANALYZER_RESULT_STATUSES,
  analyzerCodeSchema,
  analyzerResultSchema,
  analyzerSchema,
} from './analyzer-entities.js';
import { ANALYZER_MESSAGES } from './analyzer-messages.js';

const { CREATE, EDIT, VIEW, ISACTIVE } = GENERIC;

/** An identity an analyzer sends (HL7 MSH-3/MSH-4 first components, ASTM H-5): no separators of either standard. */
const senderText = formText.max(100, invalid).regex(/^[^|^~\\&\r\n]*$/, invalid);
/** A code as the analyzer or the catalogue writes it. */
const codeText = formText
  .min(1, invalid)
  .max(40, invalid)
  .regex(/^[^|^~\\&\r\n]+$/, invalid);

const analyzerFields = z
  .object({
    name: formText.min(1, invalid).max(120, invalid),
    protocol: z.enum(ANALYZER_PROTOCOLS, invalid),
    sendingApplication: senderText.min(1, invalid),
    sendingFacility: senderText.default(''),
    /** The centre whose laboratory runs the analyzer (docs/decisions/0373): its results are that centre's. */
    centreId: uuid,
  })
  .strict();

const codeMap = z
  .array(
    z
      .object({
        analyzerCode: codeText,
        /** The catalogue's test code (billing's code, upper case). */
        testCode: codeText.transform((code) => code.toUpperCase()),
        parameterCode: codeText,
      })
      .strict(),
    invalid,
  )
  .max(500, invalid)
  .superRefine(eachOnce((row) => row.analyzerCode, ANALYZER_MESSAGES.codeListedTwice, ['analyzerCode']));

export const ANALYZER_ENDPOINTS = {
  findAnalyzers: ep({
    method: 'POST',
    path: '/analyzers/find',
    access: requirement('LAB_MANAGEMENT', VIEW),
    body: listQuery({ sortBy: ['name', 'protocol', 'createdAt'] }),
    data: page(analyzerSchema),
  }),
  createAnalyzer: ep({
    method: 'POST',
    path: '/analyzers/create',
    access: requirement('LAB_MANAGEMENT', CREATE),
    body: analyzerFields,
    data: analyzerSchema,
    // 404: the centre is not one of the company's the caller reaches; 409: the name is the company's already, or
    // another analyzer sends with this identity
    errors: [404, 409],
  }),
  updateAnalyzer: ep({
    method: 'POST',
    path: '/analyzers/update',
    access: requirement('LAB_MANAGEMENT', EDIT),
    body: analyzerFields.extend({ id: uuid }),
    data: analyzerSchema,
    // 404: no such analyzer, or the centre is not one of the company's the caller reaches; 409: as create
    errors: [404, 409],
  }),
  analyzerStatus: ep({
    method: 'POST',
    path: '/analyzers/status',
    access: requirement('LAB_MANAGEMENT', ISACTIVE),
    body: status,
    data: analyzerSchema,
    errors: [404, 409],
  }),
  getAnalyzerCodes: ep({
    method: 'POST',
    path: '/analyzers/codes',
    access: requirement('LAB_MANAGEMENT', VIEW),
    body: byId,
    data: z.array(analyzerCodeSchema),
    errors: [404],
  }),
  /** Replaces the analyzer's whole code map (results already matched keep what they were matched to). */
  saveAnalyzerCodes: ep({
    method: 'POST',
    path: '/analyzers/codes/save',
    access: requirement('LAB_MANAGEMENT', EDIT),
    body: z.object({ id: uuid, codes: codeMap }).strict(),
    data: z.array(analyzerCodeSchema),
    errors: [404],
  }),
  /**
   * The results analyzers sent, by status: UNMATCHED (and REFUSED) are the unmatched results queue. Only those of
   * the analyzers of the centres the caller reaches (docs/decisions/0373).
   */
  findAnalyzerResults: ep({
    method: 'POST',
    path: '/analyzer-results/find',
    access: requirement('LIMS', VIEW, SPECIFIC.VALIDATE),
    body: listQuery({
      sortBy: ['receivedAt', 'barcode', 'analyzerCode'],
      filters: {
        status: z.enum(ANALYZER_RESULT_STATUSES, invalid).optional(),
        analyzerId: uuid.optional(),
        sampleId: uuid.optional(),
      },
    }),
    data: page(analyzerResultSchema),
  }),
  /**
   * Matches a waiting result by hand: to the sample with this barcode (of a centre the caller reaches) and a
   * parameter of one of its orders; the value is checked against the parameter's possible range as the listener
   * checks it.
   */
  resolveAnalyzerResult: ep({
    method: 'POST',
    path: '/analyzer-results/resolve',
    access: requirement('LIMS', SPECIFIC.VALIDATE),
    body: z
      .object({
        id: uuid,
        barcode: formText.min(1, invalid).max(40, invalid),
        testCode: codeText.transform((code) => code.toUpperCase()),
        parameterCode: codeText,
      })
      .strict(),
    data: analyzerResultSchema,
    // 404: no such result in the caller's reach, or no sample with the barcode in it; 409: not waiting any more, no order of the test, or the
    // value is outside the parameter's possible range
    errors: [404, 409],
  }),
  discardAnalyzerResult: ep({
    method: 'POST',
    path: '/analyzer-results/discard',
    access: requirement('LIMS', SPECIFIC.VALIDATE),
    body: z.object({ id: uuid, reason: formText.min(1, invalid).max(500, invalid) }).strict(),
    data: analyzerResultSchema,
    // 404: no such result in the caller's reach; 409: not waiting any more
    errors: [404, 409],
  }),
};
