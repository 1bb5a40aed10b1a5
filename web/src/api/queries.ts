import type { Endpoint, ListQuery, Page } from '@rayworks/contracts';
import { callApi } from './client';

/** Query keys of the auth API's records, by kind, so a change can refresh the lists and records it affects. */
export const queryKeys = {
  kind: (kind: string) => ['auth', kind] as const,
  list: (kind: string) => ['auth', kind, 'list'] as const,
  record: (kind: string, id: string) => ['auth', kind, 'record', id] as const,
};

/** A ServerTable fetcher for a list endpoint (body: ListQuery plus filters, data: Page). */
export function pageFetcher<T>(endpoint: Endpoint, extra: Record<string, unknown> = {}) {
  return async (query: ListQuery, signal: AbortSignal): Promise<Page<T>> =>
    (await callApi(endpoint, { body: { ...query, ...extra } as never, signal })).data as Page<T>;
}
