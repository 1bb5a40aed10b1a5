import { useMutation } from '@tanstack/react-query';
import { LIMS_API, type LabReportFile, type ReportableRegistration } from '@rayworks/contracts';
import type { z } from 'zod';
import { callApi } from '../../../api/client';
import { pageFetcher, queryKeysOf } from '../../../api/queries';
import { readyDocument } from '../../../shared/print/print-document';
import { toastSuccess } from '../../../shared/ui/toast';

/** The lims service's records in the query cache. */
export const limsKeys = queryKeysOf('lims');
export const REPORTABLE = 'reportable';

/** /testreporting/find: registrations with their lab tests, latest first. */
export const fetchReportablePage = pageFetcher<ReportableRegistration>(LIMS_API.findReportable);

/** What a report is of: a registration and the codes of its chosen signed tests. */
export interface ReportChoice {
  registrationId: string;
  testCodes: string[];
}

/**
 * Generates the lab report's PDF (docs/decisions/0309): the lims worker prints it on the first ask; the console asks
 * again until it is ready, then opens its link in the tab opened at the click (a tab opened later would be taken for
 * a pop-up). The link stays on the page when the tab could not be opened.
 */
export function useGenerateLabReport() {
  return useMutation({
    mutationFn: async (choice: ReportChoice): Promise<LabReportFile & { url: string; opened: boolean }> => {
      const tab = window.open('', '_blank');
      try {
        const ready = await readyDocument(async () => (await callApi(LIMS_API.labReportPdf, { body: choice })).data);
        if (tab && !tab.closed) tab.location.href = ready.url;
        return { ...ready, opened: Boolean(tab) };
      } catch (error) {
        tab?.close();
        throw error;
      }
    },
  });
}

/** Sends a short-lived link to the lab report by SMS (decision 0315); the service's message is the toast. */
export function useSmsLabReport(onDone: () => void) {
  return useMutation({
    mutationFn: (body: z.input<typeof LIMS_API.smsLabReport.body>) => callApi(LIMS_API.smsLabReport, { body }),
    onSuccess: ({ message }) => {
      toastSuccess(message);
      onDone();
    },
  });
}

/** Sends the lab report by e-mail (the worker attaches its PDF); the service's message is the toast. */
export function useMailLabReport(onDone: () => void) {
  return useMutation({
    mutationFn: (body: z.input<typeof LIMS_API.mailLabReport.body>) => callApi(LIMS_API.mailLabReport, { body }),
    onSuccess: ({ message }) => {
      toastSuccess(message);
      onDone();
    },
  });
}
