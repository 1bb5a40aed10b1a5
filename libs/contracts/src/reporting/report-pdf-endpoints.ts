import { z } from 'zod';
import { WORKLIST, requirement } from '../access/privileges.js';
import { endpoint as ep } from '../api/endpoint.js';

/**
 * The stored PDF of a case's final report, through the gateway (issue 25 item 3, docs/decisions/0345-inline-report-pdf.md):
 * the console shows it inline (a same-origin blob in a frame), so no object-storage address reaches the browser.
 * /generate/report says when it is stored (and starts the job); this route answers its bytes.
 */
export const REPORT_PDF_MESSAGES = {
  /** 409 while the PDF of the latest final version is still being printed. */
  notReady: 'The PDF is still being made: it opens in a moment',
} as const;

export const REPORT_PDF_ENDPOINTS = {
  reportPdf: ep({
    method: 'POST',
    path: '/report/pdf',
    access: requirement('WORKLIST', WORKLIST.REPORT_VIEW, WORKLIST.DOWNLOAD_PRINT),
    body: z.object({ caseId: z.uuid() }).strict(),
    data: z.null(),
    errors: [404, 409],
    produces: ['application/pdf'],
  }),
} as const;
