import { z } from 'zod';
import { requirement, SPECIFIC } from '../access/privileges.js';
import { endpoint as ep, listQuery, pageOf } from '../api/endpoint.js';
import { invalid, uuid } from '../auth/endpoint-fields.js';
import { deliveryLinkEndpoint, phoneNumberSchema } from '../reporting/output-endpoints.js';
import { labFhirReportSchema, labReportFileSchema, reportableRegistrationSchema } from './report-entities.js';

const REPORT = requirement('LIMS', SPECIFIC.REPORT);

/** A registration and the codes of its tests to report (an empty choice is answered with the spec's message). */
const chosen = {
  registrationId: uuid,
  testCodes: z.array(z.string(invalid).trim().toUpperCase().min(1, invalid).max(40, invalid)).max(100, invalid),
};

/**
 * Test Reporting (`/lims/testreporting`, LIMS › REPORT; docs/decisions/0309, 0310): registrations with their lab
 * tests, the lab report of chosen signed tests as a PDF (printed by the worker on the first ask, then a short-lived
 * link), sent by e-mail or by SMS (a short-lived link to the PDF, opened without login at /r/{token}: 404 for a
 * token that is not one, 410 once expired; docs/decisions/0315), and as a FHIR R4 DiagnosticReport with Observations. 400: no test chosen or none signed
 * ('Select Atleast One TestCode to Generate'), or a code the registration has no lab test of; 404: a registration the
 * caller does not reach (another centre's or company's, or none).
 */
export const LAB_REPORT_ENDPOINTS = {
  findReportable: ep({
    method: 'POST',
    path: '/testreporting/find',
    access: REPORT,
    // search: the start of the registration number, MR number or patient name
    body: listQuery({ sortBy: ['registeredAt'] }),
    data: pageOf(reportableRegistrationSchema),
  }),
  labReportPdf: ep({
    method: 'POST',
    path: '/testreporting/pdf',
    access: REPORT,
    body: z.object(chosen).strict(),
    data: labReportFileSchema,
    errors: [400, 404],
  }),
  mailLabReport: ep({
    method: 'POST',
    path: '/testreporting/mail',
    access: REPORT,
    body: z
      .object({ ...chosen, to: z.email(invalid).max(254, invalid), name: z.string(invalid).trim().max(200).optional() })
      .strict(),
    data: z.object({ deliveryId: z.uuid(), reportId: z.uuid() }),
    errors: [400, 404],
  }),
  smsLabReport: ep({
    method: 'POST',
    path: '/testreporting/sms',
    access: REPORT,
    body: z.object({ ...chosen, phoneNumber: phoneNumberSchema }).strict(),
    data: z.object({ deliveryId: z.uuid(), reportId: z.uuid() }),
    errors: [400, 404],
  }),
  /** The link of an SMS (no login): the lab report's PDF while the link lives, 410 after. */
  openLabReportLink: deliveryLinkEndpoint(),
  labReportFhir: ep({
    method: 'POST',
    path: '/testreporting/fhir',
    access: REPORT,
    body: z.object(chosen).strict(),
    data: labFhirReportSchema,
    errors: [400, 404],
  }),
};
