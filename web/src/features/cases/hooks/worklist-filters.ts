import {
  ALL_STATUSES_TAB,
  CASE_LEGENDS,
  CASE_PRIORITIES,
  CASE_SORT_KEYS,
  CASE_STATUSES,
  type CaseLegend,
  type CasePriority,
  type CaseSortKey,
  type CaseStatusTab,
  type CASES_API,
} from '@rayworks/contracts';
import type { z } from 'zod';

/**
 * The worklist's state in the address bar (docs/decisions/0152-worklist-console.md): the status tab, the filters of
 * the contract's `caseFilterShape`, sort and page. Everything is read defensively (a hand-edited or old URL never
 * breaks the page: an unknown value is dropped) and written back in short keys, defaults left out.
 */
export interface WorklistFilters {
  tab: CaseStatusTab;
  /** Received from / to, calendar days (YYYY-MM-DD) in the reader's time zone, both inclusive. */
  from?: string;
  to?: string;
  modality?: string;
  centreId?: string;
  radiologistId?: string;
  priority?: CasePriority;
  legends: CaseLegend[];
  /** Free text: patient name, patient ID or accession number (prefixes). */
  search: string;
  sortBy: CaseSortKey;
  sortDir: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export const WORKLIST_PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_WORKLIST_PAGE_SIZE = 50;

export const DEFAULT_WORKLIST_FILTERS: WorklistFilters = {
  tab: ALL_STATUSES_TAB,
  legends: [],
  search: '',
  sortBy: 'receivedAt',
  sortDir: 'desc',
  page: 1,
  pageSize: DEFAULT_WORKLIST_PAGE_SIZE,
};

/** The URL keys, written once. */
export const WORKLIST_PARAMS = {
  tab: 'tab',
  from: 'from',
  to: 'to',
  modality: 'mod',
  centreId: 'centre',
  radiologistId: 'rad',
  priority: 'prio',
  legends: 'legend',
  search: 'q',
  sortBy: 'sort',
  sortDir: 'dir',
  page: 'page',
  pageSize: 'size',
} as const satisfies Record<keyof WorklistFilters, string>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const MODALITY = /^[A-Z0-9]{1,16}$/;

const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined =>
  value !== null && (list as readonly string[]).includes(value) ? (value as T) : undefined;

const validDay = (value: string | null): string | undefined => {
  if (!value || !DAY.test(value)) return undefined;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const date = new Date(y, m - 1, d);
  return date.getFullYear() === y && date.getMonth() === m - 1 && date.getDate() === d ? value : undefined;
};

const positiveInt = (value: string | null): number | undefined => {
  const n = Number(value);
  return value !== null && Number.isInteger(n) && n > 0 ? n : undefined;
};

/** The worklist's state from the address bar; anything unknown or malformed is left at its default. */
export function filtersFromParams(params: URLSearchParams): WorklistFilters {
  const P = WORKLIST_PARAMS;
  const d = DEFAULT_WORKLIST_FILTERS;
  const modality = params.get(P.modality)?.trim().toUpperCase() ?? null;
  const centreId = params.get(P.centreId);
  const radiologistId = params.get(P.radiologistId);
  const size = positiveInt(params.get(P.pageSize));
  let from = validDay(params.get(P.from));
  let to = validDay(params.get(P.to));
  if (from && to && from > to) [from, to] = [to, from];
  const legends = CASE_LEGENDS.filter((l) => params.getAll(P.legends).includes(l));
  return {
    tab: oneOf([ALL_STATUSES_TAB, ...CASE_STATUSES], params.get(P.tab)) ?? d.tab,
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(modality && MODALITY.test(modality) ? { modality } : {}),
    ...(centreId && UUID.test(centreId) ? { centreId } : {}),
    ...(radiologistId && UUID.test(radiologistId) ? { radiologistId } : {}),
    ...(oneOf(CASE_PRIORITIES, params.get(P.priority)) ? { priority: params.get(P.priority) as CasePriority } : {}),
    legends,
    search: (params.get(P.search) ?? '').trim().slice(0, 64),
    sortBy: oneOf(CASE_SORT_KEYS, params.get(P.sortBy)) ?? d.sortBy,
    sortDir: oneOf(['asc', 'desc'] as const, params.get(P.sortDir)) ?? d.sortDir,
    page: Math.min(positiveInt(params.get(P.page)) ?? 1, 10_000),
    pageSize: size && (WORKLIST_PAGE_SIZES as readonly number[]).includes(size) ? size : d.pageSize,
  };
}

/**
 * The address bar's parameters for a state: other parameters of `base` are kept, the worklist's are rewritten,
 * defaults left out (so the plain /cases stays plain).
 */
export function filtersToParams(filters: WorklistFilters, base = new URLSearchParams()): URLSearchParams {
  const P = WORKLIST_PARAMS;
  const d = DEFAULT_WORKLIST_FILTERS;
  const params = new URLSearchParams(base);
  for (const key of Object.values(P)) params.delete(key);
  const set = (key: string, value: string | undefined, omit?: string) => {
    if (value !== undefined && value !== '' && value !== omit) params.set(key, value);
  };
  set(P.tab, filters.tab, d.tab);
  set(P.from, filters.from);
  set(P.to, filters.to);
  set(P.modality, filters.modality);
  set(P.centreId, filters.centreId);
  set(P.radiologistId, filters.radiologistId);
  set(P.priority, filters.priority);
  for (const legend of filters.legends) params.append(P.legends, legend);
  set(P.search, filters.search.trim());
  const sortIsDefault = filters.sortBy === d.sortBy && filters.sortDir === d.sortDir;
  if (!sortIsDefault) {
    set(P.sortBy, filters.sortBy);
    set(P.sortDir, filters.sortDir);
  }
  set(P.page, String(filters.page), '1');
  set(P.pageSize, String(filters.pageSize), String(d.pageSize));
  return params;
}

/** A change of any filter goes back to page 1 (the old page number means nothing in another list). */
export function withFilters(current: WorklistFilters, patch: Partial<WorklistFilters>): WorklistFilters {
  const pageOnly = Object.keys(patch).every((k) => k === 'page');
  return { ...current, ...patch, page: pageOnly ? (patch.page ?? current.page) : 1 };
}

/** The start of a calendar day in the reader's zone, as an ISO instant. */
export function startOfDayInstant(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d).toISOString();
}

/** The start of the day after (the contract's `receivedTo` is exclusive; the console's "to" day is inclusive). */
export function endOfDayInstant(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d + 1).toISOString();
}

type ListBody = z.input<(typeof CASES_API)['getCases']['body']>;

/** The filter part of /cases/get (and /cases/find): the tab is the status. */
export function toCaseFilterBody(filters: WorklistFilters): Omit<ListBody, 'page' | 'pageSize' | 'sortBy' | 'sortDir'> {
  return {
    status: filters.tab,
    ...(filters.from ? { receivedFrom: startOfDayInstant(filters.from) } : {}),
    ...(filters.to ? { receivedTo: endOfDayInstant(filters.to) } : {}),
    ...(filters.modality ? { modality: filters.modality } : {}),
    ...(filters.centreId ? { centreId: filters.centreId } : {}),
    ...(filters.radiologistId ? { radiologistId: filters.radiologistId } : {}),
    ...(filters.priority ? { priority: filters.priority } : {}),
    ...(filters.legends.length > 0 ? { legends: filters.legends } : {}),
    ...(filters.search.trim() ? { search: filters.search.trim() } : {}),
  };
}

/** The whole body of /cases/get: the filters, the sort and the page. */
export function toCaseListBody(filters: WorklistFilters): ListBody {
  return {
    ...toCaseFilterBody(filters),
    sortBy: filters.sortBy,
    sortDir: filters.sortDir,
    page: filters.page,
    pageSize: filters.pageSize,
  };
}

/** The body of /getworklist/statistics for the tab counts: the dimensions the counts have (centre, radiologist). */
export function toStatisticsBody(filters: WorklistFilters): { centreId?: string; radiologistId?: string } {
  return {
    ...(filters.centreId ? { centreId: filters.centreId } : {}),
    ...(filters.radiologistId ? { radiologistId: filters.radiologistId } : {}),
  };
}

/** How many filters besides the tab are set (the filter button's badge). */
export function activeFilterCount(filters: WorklistFilters): number {
  return [
    filters.from || filters.to,
    filters.modality,
    filters.centreId,
    filters.radiologistId,
    filters.priority,
    filters.legends.length > 0,
  ].filter(Boolean).length;
}
