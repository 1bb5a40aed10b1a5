import {
  Alert,
  Box,
  Button,
  Center,
  Group,
  Pagination,
  Paper,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedCallback, useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListQuery, Page } from '@rayworks/contracts';
import { IconAlertCircle, IconChevronDown, IconChevronUp, IconSearch, IconSelector } from '@tabler/icons-react';
import { flexRender, getCoreRowModel, useReactTable, type Row } from '@tanstack/react-table';
import { useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { describeError } from '../../api/client';
import {
  LIST_CARDS_BELOW,
  listStateFromParams,
  PAGINATION_LABELS,
  paginationItemLabel,
  listStateToParams,
  PAGE_SIZES,
  rangeLabel,
  toListQuery,
  type ActiveFilter,
  type ListState,
} from './list-query';
import { ariaSortOf, columnDefsOf, serverTableOptions, sourceOf, type Column } from './server-table-columns';
import classes from './ServerTable.module.css';
import { TableScrollRegion } from './TableScrollRegion';

export type { Column } from './server-table-columns';

const NO_ROWS: never[] = [];

interface Props<T> {
  /** Names the list in test ids and the query cache. */
  id: string;
  queryKey: readonly unknown[];
  fetchPage: (query: ListQuery, signal: AbortSignal) => Promise<Page<T>>;
  columns: Column<T>[];
  rowKey: (row: T) => string;
  searchPlaceholder?: string;
  defaultSort?: { sortBy: string; sortDir: 'asc' | 'desc' };
  /** Offer the All / Active / Inactive filter (isActive). */
  activeFilter?: boolean;
  onRowClick?: (row: T) => void;
  emptyText?: string;
  /** Shown when a search or filter finds nothing (default 'Nothing matches the search.'). */
  noMatchText?: string;
  toolbar?: ReactNode;
  /**
   * The width below which rows are cards (a CSS length; default LIST_CARDS_BELOW, a phone's). A list whose cells
   * carry many controls may keep cards on an upright tablet too.
   */
  cardsBelow?: string;
}

/** The narrowest a list's table is drawn before it scrolls sideways (px). */
const TABLE_MIN_WIDTH = 700;

/**
 * A list whose paging, search and sort happen on the server (ListQuery), with its state in the address bar. TanStack
 * Table (headless) holds the columns, rows and the manual sorting and paging; Mantine draws them
 * (docs/decisions/0232-admin-lists-on-tanstack-table.md).
 */

export function ServerTable<T>(props: Props<T>) {
  const {
    id,
    queryKey,
    fetchPage,
    columns,
    rowKey,
    searchPlaceholder = 'Search',
    defaultSort,
    activeFilter,
    onRowClick,
    emptyText,
    noMatchText = 'Nothing matches the search.',
    toolbar,
  } = props;
  const [params, setParams] = useSearchParams();
  const state = listStateFromParams(params, defaultSort);
  const [searchText, setSearchText] = useState(state.search);
  const update = (patch: Partial<ListState>) =>
    setParams(listStateToParams({ ...state, ...patch }, params), { replace: true });
  const pushSearch = useDebouncedCallback((value: string) => update({ search: value, page: 1 }), 350);

  const query = toListQuery(state);
  const result = useQuery({
    queryKey: [...queryKey, query],
    queryFn: ({ signal }) => fetchPage(query, signal),
    placeholderData: keepPreviousData,
  });
  const page = result.data;
  const defs = useMemo(() => columnDefsOf(columns), [columns]);
  // eslint-disable-next-line react-hooks/incompatible-library -- the table is rebuilt from props every render
  const table = useReactTable({
    data: page?.items ?? NO_ROWS,
    getCoreRowModel: getCoreRowModel(),
    ...serverTableOptions({ columns, defs, state, total: page?.total, rowKey, update }),
  });
  const rows = table.getRowModel().rows;
  // On a phone a row becomes a card of labelled fields: every column stays readable without a sideways scroll.
  const asCards = useMediaQuery(`(max-width: ${props.cardsBelow ?? LIST_CARDS_BELOW})`, false, {
    getInitialValueInEffect: false,
  });
  const sortable = table.getAllLeafColumns().filter((c) => c.getCanSort());
  const totalPages = table.getPageCount();

  const emptyMessage = state.search || state.active !== 'all' ? noMatchText : (emptyText ?? 'Nothing here yet.');

  return (
    <Paper withBorder radius="md" data-testid={`list-${id}`} data-total={page?.total ?? ''} className={classes.card}>
      <Group justify="space-between" gap="sm" p="sm" className={classes.toolbar} wrap="wrap">
        <Group gap="sm" wrap="wrap" style={{ flex: '1 1 320px' }}>
          <TextInput
            value={searchText}
            onChange={(event) => {
              setSearchText(event.currentTarget.value);
              pushSearch(event.currentTarget.value);
            }}
            placeholder={searchPlaceholder}
            leftSection={<IconSearch size={16} />}
            aria-label={searchPlaceholder}
            maxLength={100}
            w={{ base: '100%', xs: 300 }}
            data-testid={`list-${id}-search`}
          />
          {activeFilter ? (
            <SegmentedControl
              size="sm"
              value={state.active}
              onChange={(value) => update({ active: value as ActiveFilter, page: 1 })}
              data={[
                { label: 'All', value: 'all' },
                { label: 'Active', value: 'active' },
                { label: 'Inactive', value: 'inactive' },
              ]}
              aria-label="Status filter"
              data-testid={`list-${id}-active-filter`}
            />
          ) : null}
        </Group>
        {toolbar ? <Group gap="sm">{toolbar}</Group> : null}
      </Group>

      {result.isError && !page ? (
        <Box p="md">
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title="Could not load the list"
            data-testid={`list-${id}-error`}
          >
            <Group justify="space-between">
              <span>{describeError(result.error)}</span>
              <Button size="xs" variant="default" onClick={() => void result.refetch()}>
                Try again
              </Button>
            </Group>
          </Alert>
        </Box>
      ) : asCards ? (
        <ListCards
          id={id}
          rows={page ? rows : undefined}
          onRowClick={onRowClick}
          fetching={result.isFetching}
          empty={emptyMessage}
          search={state.search}
          sort={
            sortable.length > 0 ? (
              <Group gap="xs" wrap="nowrap" px="sm" pt="sm">
                <Select
                  size="xs"
                  label="Sort by"
                  value={state.sortBy ?? null}
                  onChange={(value) => value && update({ sortBy: value, page: 1 })}
                  data={sortable.map((c) => ({ value: sourceOf(c).sortKey!, label: sourceOf(c).label }))}
                  allowDeselect={false}
                  placeholder="Default"
                  style={{ flex: 1 }}
                  data-testid={`list-${id}-sort-by`}
                />
                <Select
                  size="xs"
                  label="Order"
                  value={state.sortDir}
                  onChange={(value) => value && update({ sortDir: value as 'asc' | 'desc', page: 1 })}
                  data={[
                    { value: 'asc', label: 'Ascending' },
                    { value: 'desc', label: 'Descending' },
                  ]}
                  allowDeselect={false}
                  w={130}
                />
              </Group>
            ) : null
          }
        />
      ) : (
        // A narrow desktop window may still scroll the table sideways: the region is named and reachable by keyboard.
        // Its minimum fits a tablet held upright (768 px less the page's padding): at 760 every list there hid the
        // end of its last column, the actions, behind a sideways scroll (issue 25 item 15).
        <TableScrollRegion label={`${id} list`} minWidth={TABLE_MIN_WIDTH}>
          <Table
            highlightOnHover={Boolean(onRowClick)}
            verticalSpacing={8}
            horizontalSpacing="md"
            fz="sm"
            className={classes.table}
            data-fetching={result.isFetching || undefined}
            data-search={state.search}
            data-testid={`list-${id}-table`}
          >
            <Table.Thead>
              {table.getHeaderGroups().map((group) => (
                <Table.Tr key={group.id}>
                  {group.headers.map((header) => {
                    const source = sourceOf(header.column);
                    const sorted = header.column.getIsSorted();
                    const label = flexRender(header.column.columnDef.header, header.getContext());
                    return (
                      <Table.Th
                        key={header.id}
                        style={{ width: source.width, textAlign: source.align }}
                        aria-sort={ariaSortOf(sorted)}
                      >
                        {header.column.getCanSort() ? (
                          <UnstyledButton
                            className={classes.sort}
                            onClick={header.column.getToggleSortingHandler()}
                            data-testid={`list-${id}-sort-${header.column.id}`}
                          >
                            <span>{label}</span>
                            {sorted === 'asc' ? (
                              <IconChevronUp size={14} />
                            ) : sorted === 'desc' ? (
                              <IconChevronDown size={14} />
                            ) : (
                              <IconSelector size={14} className={classes.sortIdle} />
                            )}
                          </UnstyledButton>
                        ) : (
                          label
                        )}
                      </Table.Th>
                    );
                  })}
                </Table.Tr>
              ))}
            </Table.Thead>
            <Table.Tbody>
              {!page
                ? Array.from({ length: 5 }, (_, i) => (
                    <Table.Tr key={`skeleton-${i}`}>
                      {table.getVisibleLeafColumns().map((column) => (
                        <Table.Td key={column.id}>
                          <Skeleton height={14} radius="sm" />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                : rows.map((row) => (
                    <Table.Tr
                      key={row.id}
                      onClick={onRowClick ? () => onRowClick(row.original) : undefined}
                      className={onRowClick ? classes.clickable : undefined}
                      data-testid={`list-${id}-row`}
                      data-row-id={row.id}
                    >
                      {row.getVisibleCells().map((cell) => (
                        <Table.Td key={cell.id} style={{ textAlign: sourceOf(cell.column).align }}>
                          {flexRender(cell.column.columnDef.cell, cell.getContext())}
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))}
            </Table.Tbody>
          </Table>
          {page && page.items.length === 0 ? (
            <Center py={40} data-testid={`list-${id}-empty`}>
              <Text c="dimmed" size="sm">
                {emptyMessage}
              </Text>
            </Center>
          ) : null}
        </TableScrollRegion>
      )}

      <Group justify="space-between" p="sm" gap="sm" className={classes.footer} wrap="wrap">
        <Group gap="sm">
          <Text size="sm" c="dimmed" data-testid={`list-${id}-range`} style={{ fontVariantNumeric: 'tabular-nums' }}>
            {page ? rangeLabel(state.page, state.pageSize, page.total) : ' '}
          </Text>
          <Select
            size="xs"
            w={110}
            value={String(state.pageSize)}
            onChange={(value) => value && table.setPageSize(Number(value))}
            data={PAGE_SIZES.map((n) => ({ value: String(n), label: `${n} / page` }))}
            allowDeselect={false}
            aria-label="Rows per page"
          />
        </Group>
        <Pagination
          size="sm"
          total={totalPages}
          value={Math.min(table.getState().pagination.pageIndex + 1, totalPages)}
          onChange={(next) => table.setPageIndex(next - 1)}
          withEdges={totalPages > 5}
          getControlProps={(control) => ({ 'aria-label': PAGINATION_LABELS[control] })}
          getItemProps={(n) => ({ 'aria-label': paginationItemLabel(n) })}
          aria-label="Pages"
          data-testid={`list-${id}-pagination`}
        />
      </Group>
    </Paper>
  );
}

interface CardsProps<T> {
  id: string;
  /** The table's row model; undefined until the first page arrives. */
  rows: Row<T>[] | undefined;
  onRowClick?: (row: T) => void;
  fetching: boolean;
  empty: string;
  /** The search the rows answer (a test waits for it, as on the table). */
  search: string;
  sort: ReactNode;
}

/**
 * The list on a phone: one card per row, its first column as the heading and every other column as a labelled
 * field (a description list), so nothing hides in a sideways scroll. Keeps the table's test ids.
 */
function ListCards<T>({ id, rows, onRowClick, fetching, empty, search, sort }: CardsProps<T>) {
  return (
    <Box
      data-testid={`list-${id}-table`}
      data-fetching={fetching || undefined}
      data-search={search}
      data-layout="cards"
    >
      {sort}
      {!rows ? (
        <Stack gap="sm" p="sm">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} height={72} radius="md" />
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <Center py={40} data-testid={`list-${id}-empty`}>
          <Text c="dimmed" size="sm">
            {empty}
          </Text>
        </Center>
      ) : (
        <ul className={classes.cards}>
          {rows.map((row) => {
            const [first, ...rest] = row.getVisibleCells();
            return (
              <li
                key={row.id}
                className={onRowClick ? `${classes.cardRow} ${classes.clickable}` : classes.cardRow}
                onClick={onRowClick ? () => onRowClick(row.original) : undefined}
                data-testid={`list-${id}-row`}
                data-row-id={row.id}
              >
                {first ? (
                  <div className={classes.cardTitle}>{flexRender(first.column.columnDef.cell, first.getContext())}</div>
                ) : null}
                <dl className={classes.fields}>
                  {rest.map((cell) => (
                    <div key={cell.id} className={classes.field}>
                      <dt>{sourceOf(cell.column).label}</dt>
                      <dd>{flexRender(cell.column.columnDef.cell, cell.getContext())}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            );
          })}
        </ul>
      )}
    </Box>
  );
}
