import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BILLING_API,
  CONSOLE_ROUTES,
  FUSION_INVOICE_MESSAGES,
  routeTo,
  type FusionInvoice,
  type FusionRate,
  type ListQuery,
  type Page,
} from '@rayworks/contracts';
import type { z } from 'zod';
import { callApi } from '../../../api/client';
import { pageFetcher, queryKeysOf } from '../../../api/queries';
import { toastSuccess } from '../../../shared/ui/toast';
import { actionRequest, type ActionValues, type BarAction } from './fusion-invoice-actions';

/** The billing service's records in the query cache (the same keys every billing screen uses). */
export const billingKeys = queryKeysOf('billing');
export const FUSION_INVOICES = 'fusion-invoices';
export const FUSION_RATES = 'fusion-rates';

export type FusionInvoiceFilters = Pick<
  z.input<typeof BILLING_API.findFusionInvoices.body>,
  'status' | 'side' | 'month'
>;

export const fetchFusionInvoicesPage = (filters: FusionInvoiceFilters) =>
  pageFetcher<FusionInvoice>(BILLING_API.findFusionInvoices, { ...filters });
const fetchRates = pageFetcher<FusionRate>(BILLING_API.findFusionRates);
const MODALITY = /^[A-Za-z0-9]{1,16}$/;

/** /fusion/rate/find: the list's search is a modality code (the only text a rate has); anything else finds none. */
export const fetchFusionRatesPage = async (query: ListQuery, signal: AbortSignal): Promise<Page<FusionRate>> => {
  const { search, ...rest } = query;
  if (!search) return fetchRates(rest, signal);
  if (!MODALITY.test(search.trim())) return { items: [], total: 0, page: query.page, pageSize: query.pageSize };
  return pageFetcher<FusionRate>(BILLING_API.findFusionRates, { modality: search.trim().toUpperCase() })(rest, signal);
};

export const fusionInvoicePath = (invoice: Pick<FusionInvoice, '_id'>): string =>
  routeTo(CONSOLE_ROUTES.fusionInvoicesView, { id: invoice._id });

/** One fusion invoice with its reads, its history and the caller's actions (/fusion/invoice/get). */
export function useFusionInvoice(id: string | undefined) {
  return useQuery({
    queryKey: billingKeys.record(FUSION_INVOICES, id ?? ''),
    queryFn: async ({ signal }) => (await callApi(BILLING_API.getFusionInvoice, { body: { id: id! }, signal })).data,
    enabled: Boolean(id),
  });
}

/**
 * One action of the bar by its route (actionRequest), with the version the page read; the machine's message the
 * service answers ('Invoice Raised Successfully', 'Payment Request Completed', 'Payment Request Rejected', …) is the
 * toast. Success or refusal, the invoice and the lists are read again.
 */
export function useFusionInvoiceAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { bar: BarAction; invoice: FusionInvoice; values: ActionValues }) => {
      const request = actionRequest(input.bar, input.invoice, input.values);
      switch (request.route) {
        case 'raiseFusionInvoice':
          return (await callApi(BILLING_API.raiseFusionInvoice, { body: request.body })).message;
        case 'payFusionInvoice':
          return (await callApi(BILLING_API.payFusionInvoice, { body: request.body })).message;
        case 'confirmFusionInvoicePayment':
          return (await callApi(BILLING_API.confirmFusionInvoicePayment, { body: request.body })).message;
        case 'rejectFusionInvoicePayment':
          return (await callApi(BILLING_API.rejectFusionInvoicePayment, { body: request.body })).message;
        case 'holdFusionInvoice':
          return (await callApi(BILLING_API.holdFusionInvoice, { body: request.body })).message;
        case 'resumeFusionInvoice':
          return (await callApi(BILLING_API.resumeFusionInvoice, { body: request.body })).message;
        case 'commentFusionInvoice':
          return (await callApi(BILLING_API.commentFusionInvoice, { body: request.body })).message;
      }
    },
    onSuccess: (message) => toastSuccess(message),
    onSettled: () => queryClient.invalidateQueries({ queryKey: billingKeys.kind(FUSION_INVOICES) }),
  });
}

/**
 * The client centres the hub has invoiced (their names come with the invoices): the choices of a rate's client
 * centre, and the names of the rates' ones.
 */
export function useKnownClientCentres(enabled = true) {
  return useQuery({
    queryKey: [...billingKeys.list(FUSION_INVOICES), 'client-centres'],
    queryFn: async ({ signal }) => {
      const page = (
        await callApi(BILLING_API.findFusionInvoices, {
          body: { page: 1, pageSize: 100, sortBy: 'month', sortDir: 'desc', side: 'FUSION_HUB' },
          signal,
        })
      ).data;
      const centres = new Map<string, string>();
      for (const i of page.items) centres.set(i.clientCentreId, i.clientCentreName ?? i.clientCentreId);
      return [...centres].map(([value, label]) => ({ value, label }));
    },
    enabled,
    staleTime: 60_000,
  });
}

type RateCreateBody = z.input<typeof BILLING_API.createFusionRate.body>;
type RateUpdateBody = z.input<typeof BILLING_API.updateFusionRate.body>;

/** A new rate, or a new version of one (a later start), by the hub's administrators. */
export function useSaveFusionRate(then: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { create: RateCreateBody } | { update: RateUpdateBody }) =>
      'create' in input
        ? (await callApi(BILLING_API.createFusionRate, { body: input.create })).message ||
          FUSION_INVOICE_MESSAGES.rateAdded
        : (await callApi(BILLING_API.updateFusionRate, { body: input.update })).message ||
          FUSION_INVOICE_MESSAGES.rateUpdated,
    onSuccess: async (message) => {
      toastSuccess(message);
      await queryClient.invalidateQueries({ queryKey: billingKeys.kind(FUSION_RATES) });
      then();
    },
  });
}
