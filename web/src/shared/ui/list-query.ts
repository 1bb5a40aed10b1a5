import type { ListQuery } from '@rayworks/contracts';

/** Page sizes a list offers; the contract allows up to 100. */
export const PAGE_SIZES = [10, 20, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 20;

export type ActiveFilter = 'all' | 'active' | 'inactive';

export interface ListState {
  search: string;
  page: number;
  pageSize: number;
  sortBy?: string;
  sortDir: 'asc' | 'desc';
  active: ActiveFilter;
}

const positiveInt = (value: string | null, fallback: number): number => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
};

/** A list's state from the address bar (q, page, size, sort, dir, active), so Back returns to the same page. */
export function listStateFromParams(
  params: URLSearchParams,
  defaults: { sortBy?: string; sortDir?: 'asc' | 'desc' } = {},
): ListState {
  const size = positiveInt(params.get('size'), DEFAULT_PAGE_SIZE);
  const active = params.get('active');
  const dir = params.get('dir');
  return {
    search: params.get('q') ?? '',
    page: positiveInt(params.get('page'), 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
    sortBy: params.get('sort') ?? defaults.sortBy,
    sortDir: dir === 'asc' || dir === 'desc' ? dir : (defaults.sortDir ?? 'asc'),
    active: active === 'active' || active === 'inactive' ? active : 'all',
  };
}

export function listStateToParams(state: ListState, base = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base);
  const set = (key: string, value: string | undefined, omitWhen?: string) => {
    if (value === undefined || value === '' || value === omitWhen) params.delete(key);
    else params.set(key, value);
  };
  set('q', state.search.trim());
  set('page', String(state.page), '1');
  set('size', String(state.pageSize), String(DEFAULT_PAGE_SIZE));
  set('sort', state.sortBy);
  set('dir', state.sortBy ? state.sortDir : undefined);
  set('active', state.active, 'all');
  return params;
}

/** The server-side query of the contract (ListQuery): paging, search and sort happen on the server. */
export function toListQuery(state: ListState): ListQuery {
  return {
    page: state.page,
    pageSize: state.pageSize,
    sortDir: state.sortDir,
    ...(state.search.trim() ? { search: state.search.trim().slice(0, 100) } : {}),
    ...(state.sortBy ? { sortBy: state.sortBy } : {}),
    ...(state.active === 'all' ? {} : { isActive: state.active === 'active' }),
  };
}

/** "1–20 of 134". */
export function rangeLabel(page: number, pageSize: number, total: number): string {
  if (total === 0) return '0 of 0';
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  return `${first}–${last} of ${total}`;
}

/** Below this width a list shows cards instead of a table (Mantine's "sm" breakpoint, 768 px). */
export const LIST_CARDS_BELOW = '47.99em';

/** Names of the pagination's icon-only buttons (WCAG 4.1.2: a button needs a name). */
export const PAGINATION_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/** A page button shows its number; its name contains that number, so speech and sight agree (WCAG 2.5.3). */
export const paginationItemLabel = (page: number): string => `Page ${page}`;
