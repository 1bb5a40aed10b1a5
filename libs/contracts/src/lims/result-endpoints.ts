import { z } from 'zod';
import { GENERIC, requirement, SPECIFIC } from '../access/privileges.js';
import { endpoint as ep } from '../api/endpoint.js';
import { invalid, uuid } from '../auth/endpoint-fields.js';
import { orderResultsSchema, resultHistoryEntrySchema, resultValueSchema, worksheetSchema } from './result-entities.js';
import { RESULT_MESSAGES } from './result-messages.js';
import { RESULT_STATUSES } from './result-states.js';

/** The most orders one worksheet page holds (a morning's run: 500 samples × 20 parameters opens at once). */
export const WORKSHEET_MAX_PAGE = 500;

const worksheetQuery = z
  .object({
    page: z.coerce.number(invalid).int(invalid).min(1, invalid).default(1),
    pageSize: z.coerce.number(invalid).int(invalid).min(1, invalid).max(WORKSHEET_MAX_PAGE, invalid).default(100),
    /** The start of the barcode, MR number or patient name. */
    search: z.string(invalid).trim().max(100, invalid).optional(),
    /** Default: the work still to do (PENDING, ENTERED, VALIDATED). */
    status: z.array(z.enum(RESULT_STATUSES, invalid)).min(1, invalid).optional(),
    testCode: z.string(invalid).trim().toUpperCase().max(40, invalid).optional(),
    sampleId: uuid.optional(),
    orderId: uuid.optional(),
  })
  .strict();

const saveBody = z
  .object({
    orderId: uuid,
    version: z.number(invalid).int(invalid).min(1, invalid),
    /** Values by parameter code; null clears one. Parameters not named keep their value. */
    values: z.record(z.string(), resultValueSchema.nullable()),
    /** Validate too (LIMS › VALIDATE): every result must be there and none refused. */
    validate: z.boolean(invalid).default(false),
  })
  .strict();

/**
 * LIS validation (`/lims/lisvalidation`; docs/decisions/0306): the worksheet of the lab's accepted samples, results
 * typed or received and judged as they are saved, validation by a person or by the test's rule, a pathologist's
 * signature, and amendments after signing with the history kept. Results are patient data: every read is audited and
 * narrowed to the caller's centres.
 */
export const RESULT_ENDPOINTS = {
  findWorksheet: ep({
    method: 'POST',
    path: '/lisvalidation/worksheet',
    access: requirement('LIMS', GENERIC.VIEW),
    body: worksheetQuery,
    data: worksheetSchema,
  }),
  saveResults: ep({
    method: 'POST',
    path: '/lisvalidation/save',
    access: requirement('LIMS', SPECIFIC.VALIDATE),
    body: saveBody,
    data: orderResultsSchema,
    // 400: a refused value (the parameter and why); 404: an order out of reach; 409: signed, changed meanwhile,
    // incomplete for validation, or the test has no parameters
    errors: [400, 404, 409],
  }),
  signResults: ep({
    method: 'POST',
    path: '/lisvalidation/sign',
    access: requirement('PATHOLOGIST', SPECIFIC.SIGN),
    body: z.object({ orderIds: z.array(uuid).min(1, invalid).max(200, invalid) }).strict(),
    data: z.object({ items: z.array(orderResultsSchema) }),
    // 400: the pathologist has no signature in their profile ('Please Upload Signature In Profile'); 404: an order
    // out of reach; 409: an order not validated (nothing is signed then)
    errors: [400, 404, 409],
  }),
  amendResults: ep({
    method: 'POST',
    path: '/lisvalidation/amend',
    access: requirement('PATHOLOGIST', SPECIFIC.SIGN),
    body: z
      .object({
        orderId: uuid,
        version: z.number(invalid).int(invalid).min(1, invalid),
        reason: z.string(invalid).trim().min(1, RESULT_MESSAGES.reasonRequired).max(500, invalid),
      })
      .strict(),
    data: orderResultsSchema,
    errors: [404, 409],
  }),
  resultHistory: ep({
    method: 'POST',
    path: '/lisvalidation/history',
    access: requirement('LIMS', GENERIC.VIEW),
    body: z.object({ orderId: uuid }).strict(),
    data: z.object({ items: z.array(resultHistoryEntrySchema) }),
    errors: [404],
  }),
};
