import { describe, expect, it } from '@jest/globals';
import { createTable, getCoreRowModel } from '@tanstack/react-table';
import { listStateFromParams, type ListState } from './list-query';
import { ariaSortOf, columnDefsOf, serverTableOptions, sourceOf, type Column } from './server-table-columns';

interface Person {
  id: string;
  name: string;
  age: number;
}

const ROWS: Person[] = [
  { id: 'p-1', name: 'Ada', age: 36 },
  { id: 'p-2', name: 'Grace', age: 85 },
];

const COLUMNS: Column<Person>[] = [
  { key: 'name', label: 'Name', sortKey: 'fullName', render: (p) => `name:${p.name}`, width: 200 },
  { key: 'age', label: 'Age', sortKey: 'age', render: (p) => p.age, align: 'right' },
  { key: 'note', label: 'Note', render: () => '—' },
];

/** The table ServerTable builds, outside React: the same options, the state the address bar gives. */
function tableOf(state: ListState, total?: number) {
  const updates: Partial<ListState>[] = [];
  const options = serverTableOptions({
    columns: COLUMNS,
    defs: columnDefsOf(COLUMNS),
    state,
    total,
    rowKey: (p) => p.id,
    update: (patch) => updates.push(patch),
  });
  const table = createTable<Person>({
    ...options,
    data: ROWS,
    getCoreRowModel: getCoreRowModel(),
    state: {},
    onStateChange: () => undefined,
    renderFallbackValue: null,
  });
  table.setOptions((prev) => ({ ...prev, state: { ...table.initialState, ...options.state } }));
  return { table, updates };
}

const stateOf = (query: string) => listStateFromParams(new URLSearchParams(query), { sortBy: 'fullName' });

describe('ServerTable on TanStack Table', () => {
  it('builds one column per Column, named by its key, sortable only with a server sort key', () => {
    const { table } = tableOf(stateOf(''), 2);
    const columns = table.getAllLeafColumns();
    expect(columns.map((c) => c.id)).toEqual(['name', 'age', 'note']);
    expect(columns.map((c) => c.getCanSort())).toEqual([true, true, false]);
    expect(columns.map((c) => c.columnDef.header)).toEqual(['Name', 'Age', 'Note']);
    expect(sourceOf(columns[0]!).width).toBe(200);
    expect(sourceOf(columns[1]!).align).toBe('right');
  });

  it('keys rows by rowKey and renders cells with the column render', () => {
    const { table } = tableOf(stateOf(''), 2);
    const rows = table.getRowModel().rows;
    expect(rows.map((r) => r.id)).toEqual(['p-1', 'p-2']);
    const cells = rows[1]!.getVisibleCells();
    const render = cells[0]!.column.columnDef.cell as (context: unknown) => unknown;
    expect(render(cells[0]!.getContext())).toBe('name:Grace');
    expect((cells[1]!.column.columnDef.cell as (context: unknown) => unknown)(cells[1]!.getContext())).toBe(85);
    // one template for every column: a cell keeps its component type across renders
    expect(cells[0]!.column.columnDef.cell).toBe(cells[2]!.column.columnDef.cell);
  });

  it("shows the address bar's sort on the column with that sort key", () => {
    const { table } = tableOf(stateOf('sort=age&dir=desc'), 2);
    expect(table.getColumn('age')!.getIsSorted()).toBe('desc');
    expect(table.getColumn('name')!.getIsSorted()).toBe(false);
    expect(ariaSortOf(table.getColumn('age')!.getIsSorted())).toBe('descending');
    expect(ariaSortOf(table.getColumn('name')!.getIsSorted())).toBeUndefined();
    expect(ariaSortOf(tableOf(stateOf(''), 2).table.getColumn('name')!.getIsSorted())).toBe('ascending');
  });

  it('marks no column sorted when the sort key belongs to no column', () => {
    const { table } = tableOf(stateOf('sort=createdAt&dir=desc'), 2);
    expect(table.getAllLeafColumns().map((c) => c.getIsSorted())).toEqual([false, false, false]);
  });

  it('sorts a column ascending first, then descending, then ascending again, from page 1', () => {
    const first = tableOf(stateOf('sort=fullName&dir=asc&page=3'), 100);
    first.table.getColumn('age')!.getToggleSortingHandler()!({});
    expect(first.updates).toEqual([{ sortBy: 'age', sortDir: 'asc', page: 1 }]);

    const second = tableOf(stateOf('sort=age&dir=asc&page=2'), 100);
    second.table.getColumn('age')!.toggleSorting();
    expect(second.updates).toEqual([{ sortBy: 'age', sortDir: 'desc', page: 1 }]);

    const third = tableOf(stateOf('sort=age&dir=desc'), 100);
    third.table.getColumn('age')!.toggleSorting();
    expect(third.updates).toEqual([{ sortBy: 'age', sortDir: 'asc', page: 1 }]);
  });

  it('sorts by one column only, also on a shift-click', () => {
    const { table, updates } = tableOf(stateOf('sort=age&dir=desc'), 100);
    table.getColumn('name')!.getToggleSortingHandler()!({ shiftKey: true });
    expect(updates).toEqual([{ sortBy: 'fullName', sortDir: 'asc', page: 1 }]);
  });

  it('counts pages from the total and writes page moves to the address bar', () => {
    const { table, updates } = tableOf(stateOf('size=50&page=2'), 134);
    expect(table.getPageCount()).toBe(3);
    expect(table.getState().pagination).toEqual({ pageIndex: 1, pageSize: 50 });
    table.setPageIndex(2);
    table.setPageIndex(9);
    expect(updates).toEqual([{ page: 3 }, { page: 3 }]);
  });

  it('goes to page 1 on a new page size', () => {
    // TanStack alone would keep the top row in view (rows 31–40 at 10 a page: page 2 at 20 a page)
    const { table, updates } = tableOf(stateOf('size=10&page=4'), 134);
    table.setPageSize(20);
    expect(updates).toEqual([{ pageSize: 20, page: 1 }]);
  });

  it('has one page before the first answer and for an empty list', () => {
    expect(tableOf(stateOf(''), undefined).table.getPageCount()).toBe(1);
    expect(tableOf(stateOf(''), 0).table.getPageCount()).toBe(1);
  });
});
