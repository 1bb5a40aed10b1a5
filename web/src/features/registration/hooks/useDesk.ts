import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import {
  BILLING_API,
  REGISTRATION_MESSAGES,
  SPECIFIC,
  type BillingDocument,
  type Patient,
  type RoleCode,
} from '@rayworks/contracts';
import { useSearchParams } from 'react-router-dom';
import { callApi } from '../../../api/client';
import { queryKeysOf } from '../../../api/queries';
import { useCan } from '../../../shared/hooks/useCan';
import { useSession } from '../../../shared/session/useSession';
import { toastSuccess } from '../../../shared/ui/toast';
import { quoteItems, type DeskItem, type RegistrationBody } from './desk-form';

const billingKeys = queryKeysOf('billing');

/** Patients whose name, phone number or MR number begins with what the desk types (search as you type). */
export function usePatientSearch(text: string) {
  const [search] = useDebouncedValue(text.trim(), 200);
  return useQuery({
    queryKey: [...billingKeys.list('patients'), 'desk', search],
    queryFn: async ({ signal }) =>
      (
        await callApi(BILLING_API.lookupPatients, {
          body: { search, limit: 8 },
          signal,
        })
      ).data,
    enabled: search.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** The visit's prices at the patient's centre now (/price/preview): each line's price kind and the totals. */
export function usePricePreview(centreId: string | null, referralId: string | null, items: readonly DeskItem[]) {
  const ordered = quoteItems(items);
  return useQuery({
    queryKey: [...billingKeys.kind('price-preview'), centreId, referralId, ordered],
    queryFn: async ({ signal }) =>
      (
        await callApi(BILLING_API.previewPrice, {
          body: { centreId: centreId!, referralId, items: ordered },
          signal,
        })
      ).data,
    enabled: Boolean(centreId) && ordered.length > 0,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/**
 * The largest line discount the signed-in user may give unapproved at a centre (basis points; the highest of their
 * roles' limits in the centre's settings), or null when they hold APPROVE_DISCOUNT (no limit).
 */
export function useDiscountLimit(centreId: string | null): number | null {
  const can = useCan();
  const { profile } = useSession();
  const approves = can('BILLING', SPECIFIC.APPROVE_DISCOUNT);
  const settings = useQuery({
    queryKey: billingKeys.record('billing-settings', centreId ?? ''),
    queryFn: async ({ signal }) =>
      (await callApi(BILLING_API.getBillingSettings, { body: { centreId: centreId! }, signal })).data,
    enabled: Boolean(centreId) && !approves,
    retry: false,
  });
  if (approves) return null;
  const roles = new Set<string>((profile?.roleCodes ?? []) as RoleCode[]);
  const limits = (settings.data?.discountLimits ?? []).filter((l) => roles.has(l.roleCode));
  return limits.reduce((most, l) => Math.max(most, l.limitBasisPoints), 0);
}

/** /registration/create: the visit, its invoice and the desk's payment in one step. */
export function useRegister(onDone: (result: Awaited<ReturnType<typeof register>>) => void) {
  return useMutation({
    mutationFn: register,
    onSuccess: (result) => {
      toastSuccess(REGISTRATION_MESSAGES.created);
      onDone(result);
    },
  });
}

async function register(body: RegistrationBody) {
  return (await callApi(BILLING_API.createRegistration, { body })).data;
}

export type Registered = Awaited<ReturnType<typeof register>>;

/** A new request key for a registration form: the same key again answers the first registration (decision 0264). */
export const newRequestKey = (): string => `desk-${crypto.randomUUID()}`;

/** The registering patient's search result, as the desk lists it. */
export type FoundPatient = Patient;

/** A receipt's (or an invoice's) PDF once billing's worker has printed it: asked again until ready, then opened. */
export function usePrintDocument() {
  return useMutation({
    mutationFn: async (ask: () => Promise<BillingDocument>) => {
      for (let attempt = 0; attempt < 30; attempt += 1) {
        const doc = await ask();
        if (doc.state === 'ready' && doc.url) return doc.url;
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
      throw new Error('The PDF is still being prepared: try again in a moment');
    },
    onSuccess: (url) => {
      window.open(url, '_blank', 'noopener');
    },
  });
}

export const receiptOf = (paymentId: string) => async () =>
  (await callApi(BILLING_API.paymentReceipt, { body: { paymentId } })).data;
export const invoicePdfOf = (invoiceId: string) => async () =>
  (await callApi(BILLING_API.invoicePdf, { body: { invoiceId } })).data;

/** The patient the desk's address names (?patient=<id>: 'New Registration' on a patient's page), once read. */
export function usePresetPatient(): Patient | undefined {
  const [params] = useSearchParams();
  const id = params.get('patient');
  return useQuery({
    queryKey: billingKeys.record('patients', id ?? ''),
    queryFn: async ({ signal }) => (await callApi(BILLING_API.getPatient, { body: { id: id! }, signal })).data,
    enabled: Boolean(id),
    retry: false,
  }).data;
}
