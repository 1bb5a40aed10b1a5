import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BILLING_API,
  CONSOLE_ROUTES,
  routeTo,
  type BillingDocument,
  type PatientInvoiceSummary,
} from '@rayworks/contracts';
import { callApi } from '../../../api/client';
import { pageFetcher, queryKeysOf } from '../../../api/queries';
import { toastSuccess } from '../../../shared/ui/toast';
import type { InvoiceFilters } from './invoice-filters';
import { ledgerBody, type LedgerFormValues, type LedgerInvoice, type LedgerKind } from './ledger-form';
import { readyDocument } from '../../../shared/print/print-document';

/** The billing service's records in the query cache (the same keys every billing screen uses). */
export const billingKeys = queryKeysOf('billing');
export const INVOICES = 'invoices';

/** /invoice/find with the list's filters (the number prefix is the list's search). */
export const fetchInvoicesPage = (filters: InvoiceFilters) =>
  pageFetcher<PatientInvoiceSummary>(BILLING_API.findInvoices, { ...filters });

export const invoicePath = (invoice: Pick<PatientInvoiceSummary, '_id'>): string =>
  routeTo(CONSOLE_ROUTES.invoicesView, { id: invoice._id });

/** One invoice with its lines, payments, refunds and credit notes (/getbilling). */
export function useInvoice(id: string | undefined) {
  return useQuery({
    queryKey: billingKeys.record(INVOICES, id ?? ''),
    queryFn: async ({ signal }) => (await callApi(BILLING_API.getBilling, { body: { id: id! }, signal })).data,
    enabled: Boolean(id),
  });
}

/**
 * A payment, refund or credit note on the invoice the page shows (at its version), with the dialog's idempotency
 * key; the service's message is the toast, and every billing record is read again (the invoice, the lists, the day
 * end's figures). A refusal is the caller's to show (the error catalogue toasts it too).
 */
export function useLedgerChange(kind: LedgerKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { invoice: LedgerInvoice; values: LedgerFormValues; idempotencyKey: string }) => {
      const request = ledgerBody(kind, input.invoice, input.values, input.idempotencyKey);
      switch (request.kind) {
        case 'payment':
          return callApi(BILLING_API.createPayment, { body: request.body });
        case 'refund':
          return callApi(BILLING_API.refund, { body: request.body });
        case 'creditNote':
          return callApi(BILLING_API.createCreditNote, { body: request.body });
      }
    },
    onSuccess: async ({ message }) => {
      toastSuccess(message);
      await queryClient.invalidateQueries({ queryKey: billingKeys.all() });
    },
  });
}

/** Reads the invoice (and its lists) again: after a stale-version refusal, the desk sees what changed. */
export function useRefreshInvoice(id: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: billingKeys.record(INVOICES, id) });
}

export type PrintTarget = { document: 'invoice'; invoiceId: string } | { document: 'receipt'; paymentId: string };

const askFor = (target: PrintTarget) => async (): Promise<BillingDocument> =>
  target.document === 'invoice'
    ? (await callApi(BILLING_API.invoicePdf, { body: { invoiceId: target.invoiceId } })).data
    : (await callApi(BILLING_API.paymentReceipt, { body: { paymentId: target.paymentId } })).data;

/**
 * Prints an invoice (its latest version) or a payment's receipt: waits for billing's worker to store the PDF, then
 * opens its link in the tab opened at the click (a tab opened later would be taken for a pop-up). The link stays on
 * the page when the tab could not be opened.
 */
export function usePrintDocument() {
  return useMutation({
    mutationFn: async (target: PrintTarget) => {
      const tab = window.open('', '_blank');
      try {
        const ready = await readyDocument(askFor(target));
        if (tab && !tab.closed) tab.location.href = ready.url;
        return { ...ready, opened: Boolean(tab) };
      } catch (error) {
        tab?.close();
        throw error;
      }
    },
  });
}
