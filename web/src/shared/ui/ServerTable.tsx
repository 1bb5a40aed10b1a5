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
import { useState, type ReactNode } from 'react';
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
import classes from './ServerTable.module.css';

export interface Column<T> {
  key: string;
  label: string;
  /** The server's sort key; set to make the column sortable. */
  sortKey?: string;
  render: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
}

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
  toolbar?: ReactNode;
}

/** A list whose paging, search and sort happen on the server (ListQuery), with its state in the address bar. */
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
  // On a phone a row becomes a card of labelled fields: every column stays readable without a sideways scroll.
  const asCards = useMediaQuery(`(max-width: ${LIST_CARDS_BELOW})`, false, { getInitialValueInEffect: false });
  const sortable = columns.filter((c) => c.sortKey);
  const totalPages = page ? Math.max(1, Math.ceil(page.total / state.pageSize)) : 1;

  const emptyMessage =
    state.search || state.active !== 'all' ? 'Nothing matches the search.' : (emptyText ?? 'Nothing here yet.');

  const sortBy = (sortKey: string) => {
    const dir = state.sortBy === sortKey && state.sortDir === 'asc' ? 'desc' : 'asc';
    update({ sortBy: sortKey, sortDir: dir, page: 1 });
  };

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
          columns={columns}
          rows={page?.items}
          rowKey={rowKey}
          onRowClick={onRowClick}
          fetching={result.isFetching}
          empty={emptyMessage}
          sort={
            sortable.length > 0 ? (
              <Group gap="xs" wrap="nowrap" px="sm" pt="sm">
                <Select
                  size="xs"
                  label="Sort by"
                  value={state.sortBy ?? null}
                  onChange={(value) => value && update({ sortBy: value, page: 1 })}
                  data={sortable.map((c) => ({ value: c.sortKey!, label: c.label }))}
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
        <Table.ScrollContainer minWidth={760} type="native" tabIndex={0} role="region" aria-label={`${id} list`}>
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
              <Table.Tr>
                {columns.map((column) => {
                  const sorted = column.sortKey !== undefined && state.sortBy === column.sortKey;
                  return (
                    <Table.Th
                      key={column.key}
                      style={{ width: column.width, textAlign: column.align }}
                      aria-sort={sorted ? (state.sortDir === 'asc' ? 'ascending' : 'descending') : undefined}
                    >
                      {column.sortKey ? (
                        <UnstyledButton
                          className={classes.sort}
                          onClick={() => sortBy(column.sortKey!)}
                          data-testid={`list-${id}-sort-${column.key}`}
                        >
                          <span>{column.label}</span>
                          {sorted ? (
                            state.sortDir === 'asc' ? (
                              <IconChevronUp size={14} />
                            ) : (
                              <IconChevronDown size={14} />
                            )
                          ) : (
                            <IconSelector size={14} className={classes.sortIdle} />
                          )}
                        </UnstyledButton>
                      ) : (
                        column.label
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {!page
                ? Array.from({ length: 5 }, (_, i) => (
                    <Table.Tr key={`skeleton-${i}`}>
                      {columns.map((column) => (
                        <Table.Td key={column.key}>
                          <Skeleton height={14} radius="sm" />
                        </Table.Td>
                      ))}
                    </Table.Tr>
                  ))
                : page.items.map((row) => (
                    <Table.Tr
                      key={rowKey(row)}
                      onClick={onRowClick ? () => onRowClick(row) : undefined}
                      className={onRowClick ? classes.clickable : undefined}
                      data-testid={`list-${id}-row`}
                      data-row-id={rowKey(row)}
                    >
                      {columns.map((column) => (
                        <Table.Td key={column.key} style={{ textAlign: column.align }}>
                          {column.render(row)}
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
        </Table.ScrollContainer>
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
            onChange={(value) => value && update({ pageSize: Number(value), page: 1 })}
            data={PAGE_SIZES.map((n) => ({ value: String(n), label: `${n} / page` }))}
            allowDeselect={false}
            aria-label="Rows per page"
          />
        </Group>
        <Pagination
          size="sm"
          total={totalPages}
          value={Math.min(state.page, totalPages)}
          onChange={(next) => update({ page: next })}
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
  columns: Column<T>[];
  rows: T[] | undefined;
  rowKey: (row: T) => string;
  onRowClick?: (row: T) => void;
  fetching: boolean;
  empty: string;
  sort: ReactNode;
}

/**
 * The list on a phone: one card per row, its first column as the heading and every other column as a labelled
 * field (a description list), so nothing hides in a sideways scroll. Keeps the table's test ids.
 */
function ListCards<T>({ id, columns, rows, rowKey, onRowClick, fetching, empty, sort }: CardsProps<T>) {
  const [first, ...rest] = columns;
  return (
    <Box data-testid={`list-${id}-table`} data-fetching={fetching || undefined} data-layout="cards">
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
          {rows.map((row) => (
            <li
              key={rowKey(row)}
              className={onRowClick ? `${classes.cardRow} ${classes.clickable}` : classes.cardRow}
              onClick={onRowClick ? () => onRowClick(row) : undefined}
              data-testid={`list-${id}-row`}
              data-row-id={rowKey(row)}
            >
              {first ? <div className={classes.cardTitle}>{first.render(row)}</div> : null}
              <dl className={classes.fields}>
                {rest.map((column) => (
                  <div key={column.key} className={classes.field}>
                    <dt>{column.label}</dt>
                    <dd>{column.render(row)}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      )}
    </Box>
  );
}
