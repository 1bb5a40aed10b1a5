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
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListQuery, Page } from '@rayworks/contracts';
import { IconAlertCircle, IconChevronDown, IconChevronUp, IconSearch, IconSelector } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { describeError } from '../../api/client';
import {
  listStateFromParams,
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
  const totalPages = page ? Math.max(1, Math.ceil(page.total / state.pageSize)) : 1;

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
      ) : (
        <Table.ScrollContainer minWidth={760} type="native">
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
                {state.search || state.active !== 'all'
                  ? 'Nothing matches the search.'
                  : (emptyText ?? 'Nothing here yet.')}
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
          data-testid={`list-${id}-pagination`}
        />
      </Group>
    </Paper>
  );
}
