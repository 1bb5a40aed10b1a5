import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BILLING_API, type BillableTest, type ListQuery, type TestPackage } from '@rayworks/contracts';
import { useState, type ReactNode, type Ref } from 'react';
import { pageFetcher } from '../../api/queries';
import { catalogueOptions, itemOf, type CatalogueItem } from './catalogue-items';

const fetchTests = pageFetcher<BillableTest>(BILLING_API.findTests);
const fetchPackages = pageFetcher<TestPackage>(BILLING_API.findPackages);

/** Tests and packages whose code begins with, or whose name holds, what is typed (the billing catalogue's search). */
export function useCatalogueSearch(search: string, options: { tests?: boolean; packages?: boolean } = {}) {
  const { tests = true, packages = true } = options;
  const [debounced] = useDebouncedValue(search.trim(), 200);
  const query: ListQuery = { page: 1, pageSize: 20, sortDir: 'asc', ...(debounced ? { search: debounced } : {}) };
  const common = { placeholderData: keepPreviousData, staleTime: 30_000 } as const;
  const testRows = useQuery({
    queryKey: ['billing', 'tests', 'options', query],
    queryFn: ({ signal }) => fetchTests(query, signal),
    enabled: tests,
    ...common,
  });
  const packageRows = useQuery({
    queryKey: ['billing', 'packages', 'options', query],
    queryFn: ({ signal }) => fetchPackages(query, signal),
    enabled: packages,
    ...common,
  });
  return {
    tests: testRows.data?.items ?? [],
    packages: packageRows.data?.items ?? [],
    loading: testRows.isFetching || packageRows.isFetching,
  };
}

interface Props {
  label?: string;
  placeholder?: string;
  /** Items already chosen (itemValue): not offered again. */
  taken?: ReadonlySet<string>;
  onPick: (item: CatalogueItem) => void;
  packages?: boolean;
  description?: ReactNode;
  error?: ReactNode;
  testId: string;
  autoFocus?: boolean;
  /** The search box, for a shortcut that moves the focus to it. */
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * A search over the catalogue's tests and packages by code or name: picking one hands it over and clears the box, so
 * the next code can be typed at once (keyboard: type, arrow, Enter).
 */
export function CatalogueItemSelect(props: Props) {
  const { label, placeholder, taken, onPick, packages, description, error, testId, autoFocus, inputRef } = props;
  const [search, setSearch] = useState('');
  const found = useCatalogueSearch(search, { packages: packages ?? true });
  const data = catalogueOptions(found.tests, found.packages, search, taken);
  return (
    <Select
      label={label}
      placeholder={placeholder ?? 'Type a code or a name'}
      description={description}
      error={error}
      data={data}
      value={null}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      onChange={(value) => {
        const item = value ? itemOf(value, found.tests, found.packages) : null;
        if (item) onPick(item);
        setSearch('');
      }}
      nothingFoundMessage={found.loading ? 'Searching…' : 'No test or package matches'}
      selectFirstOptionOnChange
      autoFocus={autoFocus}
      ref={inputRef}
      data-testid={testId}
    />
  );
}
