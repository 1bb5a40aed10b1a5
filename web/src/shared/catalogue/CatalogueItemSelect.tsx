import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { BILLING_API, type BillableTest, type ListQuery, type TestPackage } from '@rayworks/contracts';
import { useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { pageFetcher } from '../../api/queries';
import { catalogueOptions, enterPick, itemOf, type CatalogueItem } from './catalogue-items';

const fetchTests = pageFetcher<BillableTest>(BILLING_API.findTests);
const fetchPackages = pageFetcher<TestPackage>(BILLING_API.findPackages);

const listQueryFor = (search: string): ListQuery => ({
  page: 1,
  pageSize: 20,
  sortDir: 'asc',
  ...(search ? { search } : {}),
});
const testsQuery = (search: string) => {
  const query = listQueryFor(search);
  return {
    queryKey: ['billing', 'tests', 'options', query],
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchTests(query, signal),
    staleTime: 30_000,
  };
};
const packagesQuery = (search: string) => {
  const query = listQueryFor(search);
  return {
    queryKey: ['billing', 'packages', 'options', query],
    queryFn: ({ signal }: { signal: AbortSignal }) => fetchPackages(query, signal),
    staleTime: 30_000,
  };
};

/** Tests and packages whose code begins with, or whose name holds, what is typed (the billing catalogue's search). */
export function useCatalogueSearch(search: string, options: { tests?: boolean; packages?: boolean } = {}) {
  const { tests = true, packages = true } = options;
  const [debounced] = useDebouncedValue(search.trim(), 200);
  const queryClient = useQueryClient();
  const testRows = useQuery({ ...testsQuery(debounced), enabled: tests, placeholderData: keepPreviousData });
  const packageRows = useQuery({ ...packagesQuery(debounced), enabled: packages, placeholderData: keepPreviousData });
  const fresh =
    (!tests || (testRows.isSuccess && !testRows.isPlaceholderData)) &&
    (!packages || (packageRows.isSuccess && !packageRows.isPlaceholderData));
  return {
    /** The search the rows answer; null while they still answer an earlier one (the debounce, the request). */
    answers: fresh ? debounced : null,
    tests: testRows.data?.items ?? [],
    packages: packageRows.data?.items ?? [],
    loading: testRows.isFetching || packageRows.isFetching,
    /** The rows of a search now (from the cache, or asked), for a choice that cannot wait for the debounce. */
    fetchFor: async (text: string) => {
      const [t, p] = await Promise.all([
        tests ? queryClient.fetchQuery(testsQuery(text)) : null,
        packages ? queryClient.fetchQuery(packagesQuery(text)) : null,
      ]);
      return { tests: t?.items ?? [], packages: p?.items ?? [] };
    },
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
  disabled?: boolean;
}

/**
 * A search over the catalogue's tests and packages by code or name: picking one hands it over and clears the box, so
 * the next code can be typed at once (keyboard: type, arrow, Enter).
 */
export function CatalogueItemSelect(props: Props) {
  const { label, placeholder, taken, onPick, packages, description, error, testId, autoFocus, inputRef, disabled } =
    props;
  const [search, setSearch] = useState('');
  const found = useCatalogueSearch(search, { packages: packages ?? true });
  const data = catalogueOptions(found.tests, found.packages, search, taken);
  /** What the box holds now: a code taken after a fetch clears the box only if nothing new was typed meanwhile. */
  const current = useRef('');
  /** The codes committed with Enter, taken in the order they were typed even when their answers come out of order. */
  const queue = useRef<Promise<void>>(Promise.resolve());
  const take = (item: CatalogueItem | null, typed: string) => {
    if (!item) return;
    onPick(item);
    const now = current.current.trim();
    if (now === '' || now === typed) {
      setSearch('');
      current.current = '';
    }
  };
  /**
   * Enter takes the code typed (keyboard first: a code and Enter, even before its options show, never the first of an
   * earlier search's options): the exact code, else the one item offered. Only an option the desk highlighted among
   * the options of what is typed is left to the select.
   */
  const onEnter = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    const typed = search.trim();
    if (typed === '') return;
    const fresh = found.answers === typed;
    const exact = fresh && enterPick(typed, found.tests, found.packages, taken)?.code === typed.toUpperCase();
    const list = document.getElementById(event.currentTarget.getAttribute('aria-controls') ?? '');
    if (fresh && !exact && list?.querySelector('[data-combobox-selected]')) return;
    event.preventDefault();
    event.stopPropagation();
    const answer = fresh ? Promise.resolve({ tests: found.tests, packages: found.packages }) : found.fetchFor(typed);
    queue.current = queue.current
      .then(() => answer)
      .then((rows) => take(enterPick(typed, rows.tests, rows.packages, taken), typed))
      .catch(() => undefined);
  };
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
      onSearchChange={(value) => {
        setSearch(value);
        current.current = value;
      }}
      onKeyDownCapture={onEnter}
      filter={({ options }) => options}
      onChange={(value) => take(value ? itemOf(value, found.tests, found.packages) : null, current.current.trim())}
      nothingFoundMessage={found.loading ? 'Searching…' : 'No test or package matches'}
      selectFirstOptionOnChange
      autoFocus={autoFocus}
      disabled={disabled}
      ref={inputRef}
      data-testid={testId}
    />
  );
}
