import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CRITICAL_LAB_ORDERS_MAX,
  LIMS_API,
  REPORTING_API,
  RESULT_STATUSES,
  WORKSHEET_MAX_PAGE,
  type CriticalAlert,
  type OrderResults,
  type Worksheet,
} from '@rayworks/contracts';
import { useCallback } from 'react';
import { ApiCallError, callApi } from '../../../api/client';
import { queryKeysOf } from '../../../api/queries';
import { toastSuccess } from '../../../shared/ui/toast';
import { batches, statusesOf, withOrder, type SaveBody, type StatusFilter } from './worksheet-grid';

export const limsKeys = queryKeysOf('lims');
const WORKSHEET = 'worksheet';
/** How many orders the pathologist's signature takes at once (LIMS_API.signResults: all or nothing). */
const SIGN_BATCH = 200;

export interface WorksheetFilters {
  readonly status: StatusFilter;
  readonly testCode: string;
  /** The start of a barcode, MR number or patient name. */
  readonly search: string;
  readonly page: number;
}

/** A page of the worksheet: up to 500 orders, with the test versions they are judged by. */
export function useWorksheet(filters: WorksheetFilters) {
  return useQuery({
    queryKey: [...limsKeys.list(WORKSHEET), filters],
    queryFn: async ({ signal }) =>
      (
        await callApi(LIMS_API.findWorksheet, {
          body: {
            page: filters.page,
            pageSize: WORKSHEET_MAX_PAGE,
            status: statusesOf(filters.status),
            testCode: filters.testCode.trim() || undefined,
            search: filters.search.trim() || undefined,
          },
          signal,
        })
      ).data,
    placeholderData: keepPreviousData,
    // a page of patient data is read on purpose (each read is audited): not again on every focus
    refetchOnWindowFocus: false,
  });
}

/** Puts the server's newer copy of an order in every worksheet page held (no reload of 500 orders after a save). */
function usePutOrder() {
  const queryClient = useQueryClient();
  return useCallback(
    (order: OrderResults) =>
      queryClient.setQueriesData<Worksheet>({ queryKey: limsKeys.list(WORKSHEET) }, (sheet) =>
        sheet ? withOrder(sheet, order) : sheet,
      ),
    [queryClient],
  );
}

/** Reads one order again (after a 409: someone saved it meanwhile, or it moved on). */
export function useReloadOrder() {
  const put = usePutOrder();
  return useCallback(
    async (orderId: string) => {
      const { data } = await callApi(LIMS_API.findWorksheet, {
        body: { orderId, status: [...RESULT_STATUSES], pageSize: 1 },
      });
      if (data.items[0]) put(data.items[0]);
    },
    [put],
  );
}

const isConflict = (error: unknown): error is ApiCallError => error instanceof ApiCallError && error.status === 409;

/**
 * Saves an order's changed values (and validates them when asked). The answer replaces the order on the worksheet.
 * A 409 (changed by someone else, signed meanwhile, incomplete) was already told by the console's error policy; the
 * order is read again, and `onConflict` gets the message.
 */
export function useSaveResults(on: { saved: (order: OrderResults) => void; conflict: (orderId: string) => void }) {
  const put = usePutOrder();
  const reload = useReloadOrder();
  return useMutation({
    mutationFn: (body: SaveBody) => callApi(LIMS_API.saveResults, { body }),
    onSuccess: ({ data, message }) => {
      put(data);
      toastSuccess(message);
      on.saved(data);
    },
    onError: async (error, body) => {
      if (!isConflict(error)) return;
      on.conflict(body.orderId);
      await reload(body.orderId);
    },
  });
}

/** The pathologist signs orders (validated ones; in batches of 200, each all or nothing). */
export function useSignResults() {
  const put = usePutOrder();
  const reload = useReloadOrder();
  return useMutation({
    mutationFn: async (orderIds: readonly string[]) => {
      let message = '';
      for (const batch of batches(orderIds, SIGN_BATCH)) {
        const answer = await callApi(LIMS_API.signResults, { body: { orderIds: batch } });
        answer.data.items.forEach(put);
        message = answer.message;
      }
      return message;
    },
    onSuccess: (message) => toastSuccess(message),
    onError: async (error, orderIds) => {
      if (isConflict(error) && orderIds.length === 1) await reload(orderIds[0]!);
    },
  });
}

/** Reopens signed results for a correction, with the reason (the next amendment). */
export function useAmendResults(onDone: () => void) {
  const put = usePutOrder();
  const reload = useReloadOrder();
  return useMutation({
    mutationFn: (body: { orderId: string; version: number; reason: string }) =>
      callApi(LIMS_API.amendResults, { body }),
    onSuccess: ({ data, message }) => {
      put(data);
      toastSuccess(message);
      onDone();
    },
    onError: async (error, body) => {
      if (isConflict(error)) await reload(body.orderId);
    },
  });
}

/** An order's history: signed sets of results and amendments with their reasons. */
export function useResultHistory(orderId: string | null) {
  return useQuery({
    queryKey: [...limsKeys.kind('result-history'), orderId],
    queryFn: async ({ signal }) =>
      (await callApi(LIMS_API.resultHistory, { body: { orderId: orderId! }, signal })).data.items,
    enabled: orderId !== null,
  });
}

/** The newest critical-result alert of each order, by order id (what the centre was told, and acknowledged). */
export type CriticalByOrder = ReadonlyMap<string, CriticalAlert>;

export function latestAlerts(alerts: readonly CriticalAlert[]): CriticalByOrder {
  const out = new Map<string, CriticalAlert>();
  for (const a of alerts) {
    const orderId = a.lab?.labOrderId;
    if (!orderId) continue;
    const known = out.get(orderId);
    if (!known || known.flaggedAt < a.flaggedAt) out.set(orderId, a);
  }
  return out;
}

/**
 * The critical-result alerts of the critical orders shown (reporting's /critical/lab/find): that the referring centre
 * was told, and whether it acknowledged.
 */
export function useCriticalAlerts(orderIds: readonly string[]) {
  const ids = orderIds.slice(0, CRITICAL_LAB_ORDERS_MAX);
  return useQuery({
    queryKey: ['reporting', 'lab-critical', ids],
    queryFn: async ({ signal }) =>
      latestAlerts((await callApi(REPORTING_API.findLabCritical, { body: { labOrderIds: ids }, signal })).data.alerts),
    enabled: ids.length > 0,
    // soon while an alert is on its way (reporting makes it from the LIMS's event), then while one waits for the
    // centre's acknowledgement, then rarely
    refetchInterval: ({ state }) =>
      !state.data || ids.some((id) => !state.data!.has(id))
        ? 3_000
        : [...state.data.values()].some((a) => a.status !== 'ACKNOWLEDGED')
          ? 10_000
          : 30_000,
  });
}
