import { REPORTING_API as API, type ReportDelivery } from '@rayworks/contracts';
import { callApi } from '../../api/client';
import { consoleClient } from '../../api/session';

export type Delivery = ReportDelivery;

/**
 * A final report's way out, by its case (/api/reporting): the PDF (made, then its bytes), the mail and the SMS, and
 * what was sent. The report page, the worklist and the case page share them (docs/decisions/0379).
 */
export const reportOutputApi = {
  generatePdf: async (caseId: string) => (await callApi(API.generateReport, { body: { caseId } })).data,
  /** The stored PDF's bytes through the gateway (decision 0345): the console shows them inline, as a blob. */
  pdf: async (caseId: string, signal?: AbortSignal): Promise<{ blob: Blob; fileName: string | null }> => {
    const file = await consoleClient.file(API.reportPdf, { caseId }, { signal });
    return { blob: new Blob([new Uint8Array(file.bytes)], { type: 'application/pdf' }), fileName: file.fileName };
  },
  mail: async (caseId: string, to: string, name?: string) =>
    callApi(API.mailReport, { body: { caseId, to, ...(name ? { name } : {}) } }),
  sms: async (caseId: string, phoneNumber: string) => callApi(API.smsReport, { body: { caseId, phoneNumber } }),
  deliveries: async (caseId: string): Promise<Delivery[]> =>
    (await callApi(API.findDeliveries, { body: { caseId } })).data.deliveries,
};
