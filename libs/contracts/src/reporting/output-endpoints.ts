import { z } from 'zod';
import { WORKLIST, requirement } from '../access/privileges.js';
import { endpoint as ep } from '../api/endpoint.js';
import { generatedReportSchema, reportDeliverySchema } from './output-entities.js';

/**
 * Print HTML, the PDF, delivery by mail and SMS (/generate/report, /report/html/{id}, /mail, /sms/report; helper
 * "output"; docs/decisions/0182–0186). Every call answers 404 for a case (or report) the caller cannot see.
 */
const id = z.uuid();
const byCase = z.object({ caseId: id }).strict();
const VIEW = requirement('WORKLIST', WORKLIST.REPORT_VIEW, WORKLIST.DOWNLOAD_PRINT);
/** The privilege that sends any final report of the caller's reach (the centre's administrators and desk). */
export const SEND_REPORT_PRIVILEGE = requirement('WORKLIST', WORKLIST.SEND_REPORT_TO_PATIENT);
/**
 * Who reaches /mail and /sms/report: the privilege, or a reporting radiologist — who may send only the report they
 * signed (maySendReport, decision 0341; 403 otherwise from the service).
 */
const SEND = requirement('WORKLIST', WORKLIST.SEND_REPORT_TO_PATIENT, WORKLIST.GENERATE_REPORT);

export const phoneNumberSchema = z
  .string()
  .trim()
  .regex(/^\+?[0-9][0-9 ()-]{5,19}$/, 'must be a phone number');

/**
 * The public route of a delivery's SMS link (no login): the PDF while the link lives, 404 for a token that is not
 * one (forged, replaced, another company's), 410 after it expired. Reporting's and the LIMS's (docs/decisions/0315).
 */
export const deliveryLinkEndpoint = () =>
  ep({
    method: 'GET',
    path: '/r/:token',
    access: 'public',
    body: z.object({}).strict(),
    data: z.null(),
    errors: [404, 410],
    produces: ['application/pdf'],
  });

export const OUTPUT_ENDPOINTS = {
  /** The print document of the report (text/html): the console's print view shows it in a sandboxed frame. */
  reportHtml: ep({
    method: 'POST',
    path: '/report/html/:id',
    access: VIEW,
    body: z.object({}).strict(),
    data: z.null(),
    errors: [404],
    produces: ['text/html'],
  }),
  generateReport: ep({
    method: 'POST',
    path: '/generate/report',
    access: VIEW,
    body: byCase,
    data: generatedReportSchema,
    errors: [404, 409],
  }),
  mailReport: ep({
    method: 'POST',
    path: '/mail',
    access: SEND,
    body: z.object({ caseId: id, to: z.email().max(254), name: z.string().trim().max(200).optional() }).strict(),
    data: z.object({ deliveryId: id, message: z.string() }),
    errors: [404, 409],
  }),
  smsReport: ep({
    method: 'POST',
    path: '/sms/report',
    access: SEND,
    body: z.object({ caseId: id, phoneNumber: phoneNumberSchema }).strict(),
    data: z.object({ deliveryId: id }),
    errors: [404, 409],
  }),
  findDeliveries: ep({
    method: 'POST',
    path: '/deliveries/find',
    access: requirement('WORKLIST', WORKLIST.REPORT_VIEW, WORKLIST.SEND_REPORT_TO_PATIENT),
    body: byCase,
    data: z.object({ deliveries: z.array(reportDeliverySchema) }),
    errors: [404],
  }),
  /** The link of an SMS (no login): the PDF while the link lives, 410 after. */
  openReportLink: deliveryLinkEndpoint(),
} as const;
