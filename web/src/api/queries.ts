import type { Endpoint, ListQuery, Page, ServiceName } from '@rayworks/contracts';
import type { z } from 'zod';
import { callApi } from './client';

/** Query keys of a service's records, by kind, so a change can refresh the lists and records it affects. */
export const queryKeysOf = (service: ServiceName) => ({
  all: () => [service] as const,
  kind: (kind: string) => [service, kind] as const,
  list: (kind: string) => [service, kind, 'list'] as const,
  record: (kind: string, id: string) => [service, kind, 'record', id] as const,
});

/** The auth service's records (users, roles, groups, ...). */
export const queryKeys = queryKeysOf('auth');

/** A ServerTable fetcher for a list endpoint of any service (body: its list query plus filters, data: a Page). */
export function pageFetcher<T>(endpoint: Endpoint, extra: Record<string, unknown> = {}) {
  return async (query: ListQuery, signal: AbortSignal): Promise<Page<T>> =>
    (await callApi(endpoint, { body: { ...query, ...extra } as z.input<typeof endpoint.body>, signal }))
      .data as Page<T>;
}
