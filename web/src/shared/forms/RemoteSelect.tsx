import { MultiSelect, Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ListQuery, Page } from '@rayworks/contracts';
import { useState, type ReactNode } from 'react';
import type { FieldOption } from './DynamicField';

interface Common<T> {
  label: string;
  kind: string;
  fetchPage: (query: ListQuery, signal: AbortSignal) => Promise<Page<T>>;
  toOption: (row: T) => FieldOption;
  /** Keeps only some rows (e.g. centres without a group). */
  filter?: (row: T) => boolean;
  /** Options already chosen, so their labels show before a search finds them. */
  known?: FieldOption[];
  error?: ReactNode;
  withAsterisk?: boolean;
  disabled?: boolean;
  placeholder?: string;
  description?: ReactNode;
  testId: string;
  extraKey?: unknown;
  onBlur?: () => void;
}

const PAGE_SIZE = 50;

function useOptions<T>(props: Common<T>, search: string) {
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const query: ListQuery = {
    page: 1,
    pageSize: PAGE_SIZE,
    sortDir: 'asc',
    ...(debounced ? { search: debounced } : {}),
  };
  const result = useQuery({
    queryKey: ['auth', props.kind, 'options', props.extraKey ?? null, query],
    queryFn: ({ signal }) => props.fetchPage(query, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const rows = (result.data?.items ?? []).filter((row) => props.filter?.(row) ?? true);
  const options = rows.map(props.toOption);
  for (const known of props.known ?? []) if (!options.some((o) => o.value === known.value)) options.push(known);
  return { options, loading: result.isFetching };
}

/** A searchable select whose options come from a list endpoint, searched on the server. */
export function RemoteSelect<T>(
  props: Common<T> & {
    value: string | null;
    onChange: (value: string | null, option: FieldOption | null) => void;
    clearable?: boolean;
  },
) {
  const [search, setSearch] = useState('');
  const { options } = useOptions(props, search);
  return (
    <Select
      label={props.label}
      withAsterisk={props.withAsterisk}
      placeholder={props.placeholder ?? 'Choose or search…'}
      description={props.description}
      data={options}
      value={props.value}
      onChange={(value) => props.onChange(value, options.find((o) => o.value === value) ?? null)}
      searchable
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      clearable={props.clearable}
      disabled={props.disabled}
      error={props.error}
      onBlur={props.onBlur}
      nothingFoundMessage="No match"
      data-testid={props.testId}
    />
  );
}

/** The multi-select form of RemoteSelect. */
export function RemoteMultiSelect<T>(props: Common<T> & { value: string[]; onChange: (value: string[]) => void }) {
  const [search, setSearch] = useState('');
  const { options } = useOptions(props, search);
  return (
    <MultiSelect
      label={props.label}
      withAsterisk={props.withAsterisk}
      placeholder={props.value.length === 0 ? (props.placeholder ?? 'Choose or search…') : undefined}
      description={props.description}
      data={options}
      value={props.value}
      onChange={props.onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      disabled={props.disabled}
      error={props.error}
      onBlur={props.onBlur}
      nothingFoundMessage="No match"
      data-testid={props.testId}
    />
  );
}
