import {
  functionalUpdate,
  type CellContext,
  type Column as TableColumn,
  type ColumnDef,
  type PaginationState,
  type RowData,
  type SortingState,
  type TableOptions,
} from '@tanstack/react-table';
import type { ReactNode } from 'react';
import type { ListState } from './list-query';

export interface Column<T> {
  key: string;
  label: string;
  /** The server's sort key; set to make the column sortable. */
  sortKey?: string;
  render: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
}

interface SourceMeta<T> {
  source: Column<T>;
}

/** The ServerTable column a TanStack column was built from (its label, sort key, width and alignment). */
export function sourceOf<T>(column: TableColumn<T, unknown>): Column<T> {
  return (column.columnDef.meta as SourceMeta<T>).source;
}

/**
 * One cell template for every column: flexRender renders a function as a component, so a template made per column
 * and per render would be a new component type each time and remount the cell (losing, say, an open confirmation).
 */
function renderCell<T>(context: CellContext<T, unknown>): ReactNode {
  return sourceOf(context.column).render(context.row.original);
}

/**
 * ServerTable's columns as TanStack column definitions: the id is the column's key, the header its label, sortable only
 * when it names a server sort key. TanStack sorts only a column with an accessor (getCanSort); the server does the
 * sorting, so the accessor hands over the row itself and is never compared.
 */
export function columnDefsOf<T extends RowData>(columns: readonly Column<T>[]): ColumnDef<T>[] {
  return columns.map((column): ColumnDef<T> => ({
    id: column.key,
    header: column.label,
    accessorFn: (row: T) => row,
    enableSorting: column.sortKey !== undefined,
    cell: renderCell,
    meta: { source: column } satisfies SourceMeta<T>,
  }));
}

/** The table's sorting from the list state: the column whose sort key the address bar names (none for another key). */
export function sortingOf<T>(
  columns: readonly Column<T>[],
  state: Pick<ListState, 'sortBy' | 'sortDir'>,
): SortingState {
  const column = columns.find((c) => c.sortKey !== undefined && c.sortKey === state.sortBy);
  return column ? [{ id: column.key, desc: state.sortDir === 'desc' }] : [];
}

/** The list state's sort from the table's sorting (undefined when no sortable column is sorted). */
export function listSortOf<T>(
  columns: readonly Column<T>[],
  sorting: SortingState,
): Pick<ListState, 'sortBy' | 'sortDir'> | undefined {
  const [first] = sorting;
  const sortKey = first ? columns.find((c) => c.key === first.id)?.sortKey : undefined;
  return first && sortKey ? { sortBy: sortKey, sortDir: first.desc ? 'desc' : 'asc' } : undefined;
}

/** How many pages the server's total fills (at least one, also before the first page arrives). */
export function pageCountOf(total: number | undefined, pageSize: number): number {
  return total === undefined ? 1 : Math.max(1, Math.ceil(total / pageSize));
}

interface ServerTableInput<T> {
  columns: readonly Column<T>[];
  defs: ColumnDef<T>[];
  state: ListState;
  /** The server's total (undefined until the first page arrives). */
  total: number | undefined;
  rowKey: (row: T) => string;
  /** Writes a change to the address bar. */
  update: (patch: Partial<ListState>) => void;
}

/**
 * The TanStack Table options of a list paged and sorted by the server: the address bar (ListState) holds the sorting
 * and paging, the table reads them and writes every change back. A click on a column sorts it ascending, a second click
 * descending, a third ascending again (never unsorted, never several columns); a new sort or page size goes to page 1.
 */
export function serverTableOptions<T>(input: ServerTableInput<T>): Omit<TableOptions<T>, 'data' | 'getCoreRowModel'> {
  const { columns, defs, state, total, rowKey, update } = input;
  const sorting = sortingOf(columns, state);
  const pagination: PaginationState = { pageIndex: state.page - 1, pageSize: state.pageSize };
  return {
    columns: defs,
    getRowId: (row) => rowKey(row),
    manualSorting: true,
    manualPagination: true,
    pageCount: pageCountOf(total, state.pageSize),
    sortDescFirst: false,
    enableSortingRemoval: false,
    enableMultiSort: false,
    state: { sorting, pagination },
    onSortingChange: (updater) => {
      const next = listSortOf(columns, functionalUpdate(updater, sorting));
      if (next) update({ ...next, page: 1 });
    },
    onPaginationChange: (updater) => {
      const next = functionalUpdate(updater, pagination);
      update(next.pageSize !== state.pageSize ? { pageSize: next.pageSize, page: 1 } : { page: next.pageIndex + 1 });
    },
  };
}

/** A header's aria-sort from TanStack's getIsSorted. */
export function ariaSortOf(sorted: false | 'asc' | 'desc'): 'ascending' | 'descending' | undefined {
  return sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined;
}
