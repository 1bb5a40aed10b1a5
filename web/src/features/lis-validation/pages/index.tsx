import { Alert, Box, Button, Group, Kbd, Pagination, Paper, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback, useHotkeys } from '@mantine/hooks';
import {
  LAB_WORKSHEET_QUERY,
  RESULT_MESSAGES,
  RESULT_STATUS_LABELS,
  SPECIFIC,
  WORKSHEET_MAX_PAGE,
  type OrderResults,
  type ResultStatus,
  type ResultValue,
} from '@rayworks/contracts';
import { IconScan, IconSignature } from '@tabler/icons-react';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCan } from '../../../shared/hooks/useCan';
import { ConfirmModal } from '../../../shared/ui/ConfirmModal';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { toastError } from '../../../shared/ui/toast';
import type { OrderActions } from '../components/OrderHeader';
import { AmendModal, HistoryDrawer } from '../components/ResultDialogs';
import { WorksheetTable, type WorksheetHandle } from '../components/WorksheetTable';
import {
  useAmendResults,
  useCriticalAlerts,
  useSaveResults,
  useSignResults,
  useWorksheet,
  type WorksheetFilters,
} from '../hooks/useWorksheet';
import {
  createJudgeCache,
  hasChanges,
  orderOfBarcode,
  pruneDraft,
  saveBody,
  signableOrders,
  STATUS_FILTERS,
  testsByVersion,
  worksheetRows,
  type Drafts,
  type OrderDraft,
  type StatusFilter,
} from '../hooks/worksheet-grid';
import { plural } from '../../../shared/plural';

const NONE: never[] = [];
const STATUS_OPTIONS = STATUS_FILTERS.map((s) => ({
  value: s,
  label: s === 'open' ? 'Open work' : s === 'all' ? 'All' : RESULT_STATUS_LABELS[s as ResultStatus],
}));

/**
 * /lims/lisvalidation: the validation worksheet (docs/decisions/0306, 0308). The lab types results down the column —
 * each value judged as it is typed by the same judgeTest the service runs (flags, calculated values, refusals, the
 * previous result and its delta) — saves an order (only what changed), validates it, and a pathologist signs or
 * amends. A barcode scanned into the search field jumps to its sample; a critical alert's link opens its order.
 */
export function LisValidationPage() {
  const can = useCan();
  const canValidate = can('LIMS', SPECIFIC.VALIDATE);
  const canSign = can('PATHOLOGIST', SPECIFIC.SIGN);
  const [params] = useSearchParams();
  const linkedSample = params.get(LAB_WORKSHEET_QUERY.barcode);
  const linkedOrder = params.get(LAB_WORKSHEET_QUERY.labOrderId);

  const [filters, setFilters] = useState<WorksheetFilters>(() => ({
    status: linkedSample ? 'all' : 'open',
    testCode: '',
    search: linkedSample ?? '',
    page: 1,
  }));
  const [searchText, setSearchText] = useState(filters.search);
  const [testCodeText, setTestCodeText] = useState('');
  const change = (patch: Partial<WorksheetFilters>) => setFilters((f) => ({ ...f, page: 1, ...patch }));
  const pushSearch = useDebouncedCallback((search: string) => change({ search }), 350);
  const pushTestCode = useDebouncedCallback((testCode: string) => change({ testCode }), 350);

  const sheet = useWorksheet(filters);
  const orders = sheet.data?.items ?? NONE;
  const tests = sheet.data?.tests ?? NONE;
  const rows = useMemo(() => worksheetRows(orders, tests), [orders, tests]);
  const testOf = useMemo(() => testsByVersion(tests), [tests]);
  const [judge] = useState(createJudgeCache);

  const [drafts, setDrafts] = useState<Drafts>({});
  const setDraft = useCallback(
    (orderId: string, draft: OrderDraft | undefined) =>
      setDrafts((all) => {
        const next = { ...all };
        if (draft) next[orderId] = draft;
        else delete next[orderId];
        return next;
      }),
    [],
  );
  const onChange = useCallback((cell: string, value: ResultValue) => {
    const at = cell.indexOf(':');
    const orderId = cell.slice(0, at);
    const code = cell.slice(at + 1);
    setDrafts((all) => ({ ...all, [orderId]: { ...all[orderId], [code]: value } }));
  }, []);

  const grid = useRef<WorksheetHandle>(null);
  const searchField = useRef<HTMLInputElement>(null);
  const [highlight, setHighlight] = useState<string | null>(linkedOrder);
  const [scanMiss, setScanMiss] = useState<string | null>(null);
  const pendingScan = useRef<string | null>(null);
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const mark = (ids: readonly string[], on: boolean) =>
    setBusy((all) => {
      const next = new Set(all);
      for (const id of ids)
        if (on) next.add(id);
        else next.delete(id);
      return next;
    });

  // what the order's actions read when they run (the actions stay the same, so the headers are not drawn again)
  const ordersRef = useRef(orders);
  const draftsRef = useRef(drafts);
  useLayoutEffect(() => {
    ordersRef.current = orders;
    draftsRef.current = drafts;
  });

  const saveResults = useSaveResults({
    saved: (order) => {
      const test = order.testVersionId ? testOf.get(order.testVersionId) : undefined;
      setDrafts((all) => {
        const next = { ...all };
        const left = test ? pruneDraft(test, order, all[order.orderId]) : undefined;
        if (left) next[order.orderId] = left;
        else delete next[order.orderId];
        return next;
      });
    },
    conflict: (orderId) => setDraft(orderId, undefined),
  });
  const signResults = useSignResults();
  const [amending, setAmending] = useState<OrderResults | null>(null);
  const amendResults = useAmendResults(() => setAmending(null));
  const [historyOf, setHistoryOf] = useState<OrderResults | null>(null);
  const [signingAll, setSigningAll] = useState(false);

  const actions = useMemo<OrderActions>(
    () => ({
      save: (orderId, validate) => {
        const order = ordersRef.current.find((o) => o.orderId === orderId);
        const test = order?.testVersionId ? testOf.get(order.testVersionId) : undefined;
        if (!order || !test || order.status === 'SIGNED') return;
        const draft = draftsRef.current[orderId];
        const refused = judge(test, order, draft).results.filter((r) => r.error !== null);
        if (refused.length > 0) {
          const name = (code: string) => test.parameters.find((p) => p.code === code)?.name ?? code;
          toastError(refused.map((r) => RESULT_MESSAGES.refused(name(r.code), r.error!)).join('; '));
          return;
        }
        if (!validate && !hasChanges(test, order, draft)) return;
        mark([orderId], true);
        saveResults.mutate(saveBody(test, order, draft, validate), { onSettled: () => mark([orderId], false) });
      },
      sign: (orderIds) => {
        mark(orderIds, true);
        signResults.mutate(orderIds, { onSettled: () => mark(orderIds, false) });
      },
      amend: setAmending,
      history: setHistoryOf,
    }),
    // the mutations' identities change with their state; what the actions read is in refs
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [testOf, judge],
  );

  const jumpTo = useCallback((order: OrderResults) => {
    setHighlight(order.orderId);
    setScanMiss(null);
    grid.current?.jumpToOrder(order.orderId);
  }, []);
  const scan = (text: string) => {
    const code = text.trim();
    if (!code) return;
    pushSearch.cancel();
    const found = orderOfBarcode(orders, code);
    if (found) {
      // the scan is used up: the field shows the search in force again, ready for the next tube
      setSearchText(filters.search);
      jumpTo(found);
      return;
    }
    pendingScan.current = code;
    change({ search: code });
  };
  // a scanned sample not on the page is searched for; once the worksheet answers, jump to it
  useEffect(() => {
    const code = pendingScan.current;
    if (!code || sheet.isFetching) return;
    pendingScan.current = null;
    const found = orderOfBarcode(orders, code);
    if (found) jumpTo(found);
    else setScanMiss(code);
  }, [orders, sheet.isFetching, jumpTo]);
  // a critical alert's link names its order: scroll to it once it is shown
  const linked = useRef(false);
  useEffect(() => {
    if (linked.current || !linkedOrder || !orders.some((o) => o.orderId === linkedOrder)) return;
    linked.current = true;
    grid.current?.scrollToOrder(linkedOrder);
  }, [orders, linkedOrder]);

  useHotkeys([['F2', () => searchField.current?.focus()]], []);

  const unsaved = Object.keys(drafts).length > 0;
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  const criticalIds = useMemo(() => orders.filter((o) => o.critical).map((o) => o.orderId), [orders]);
  const alerts = useCriticalAlerts(criticalIds);
  const signable = canSign ? signableOrders(orders, drafts) : NONE;
  const total = sheet.data?.total ?? 0;
  const pages = Math.ceil(total / WORKSHEET_MAX_PAGE);
  const samples = new Set(orders.map((o) => o.sampleId)).size;

  return (
    <>
      <PageHeader
        title="LIS Validation"
        description={
          <Box component="span" visibleFrom="sm">
            Type results down the column: <Kbd>Enter</Kbd> or <Kbd>↓</Kbd> next, <Kbd>Shift</Kbd>+<Kbd>Enter</Kbd> or{' '}
            <Kbd>↑</Kbd> back, <Kbd>Ctrl</Kbd>+<Kbd>S</Kbd> saves the order. <Kbd>F2</Kbd> scans a barcode.
          </Box>
        }
        actions={
          signable.length > 0 ? (
            <Button
              color="violet"
              leftSection={<IconSignature size={16} />}
              onClick={() => setSigningAll(true)}
              data-testid="sign-all"
            >
              Sign validated ({signable.length})
            </Button>
          ) : null
        }
      />
      <Paper withBorder radius="md">
        <Group gap="sm" p="sm" wrap="wrap" align="flex-end">
          <TextInput
            ref={searchField}
            label="Scan or search"
            placeholder="Barcode, MR number or name"
            leftSection={<IconScan size={16} />}
            value={searchText}
            onChange={(event) => {
              setSearchText(event.currentTarget.value);
              setScanMiss(null);
              pushSearch(event.currentTarget.value);
            }}
            onKeyDown={(event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              scan(event.currentTarget.value);
            }}
            autoComplete="off"
            style={{ flex: '1 1 260px' }}
            data-testid="worksheet-search"
          />
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={filters.status}
            onChange={(value) => value && change({ status: value as StatusFilter })}
            allowDeselect={false}
            w={{ base: '100%', xs: 160 }}
            data-testid="worksheet-status"
          />
          <TextInput
            label="Test code"
            placeholder="e.g. LIPID"
            value={testCodeText}
            onChange={(event) => {
              const value = event.currentTarget.value.toUpperCase();
              setTestCodeText(value);
              pushTestCode(value);
            }}
            autoComplete="off"
            w={{ base: '100%', xs: 140 }}
            data-testid="worksheet-test-code"
          />
          <Text size="sm" c="dimmed" ml="auto" data-testid="worksheet-count" aria-live="polite">
            {sheet.data
              ? `${plural(orders.length, 'order')} of ${plural(samples, 'sample')}${total > orders.length ? ` (${total} in all)` : ''}`
              : ''}
          </Text>
        </Group>
        {scanMiss ? (
          <Alert color="yellow" variant="light" mx="sm" mb="sm" data-testid="worksheet-scan-miss">
            No order of sample {scanMiss} on the worksheet with these filters.
          </Alert>
        ) : null}
        <WorksheetTable
          handle={grid}
          rows={rows}
          drafts={drafts}
          judge={judge}
          canValidate={canValidate}
          canSign={canSign}
          alerts={alerts.data ?? new Map()}
          busy={busy}
          highlight={highlight}
          actions={actions}
          onChange={onChange}
          loading={sheet.isLoading}
          emptyText={
            filters.search || filters.testCode ? 'Nothing matches the search.' : 'No accepted samples wait for results.'
          }
        />
        {pages > 1 ? (
          <Group justify="center" p="sm">
            <Pagination
              total={pages}
              value={filters.page}
              onChange={(page) => setFilters((f) => ({ ...f, page }))}
              data-testid="worksheet-pages"
            />
          </Group>
        ) : null}
      </Paper>
      <ConfirmModal
        opened={signingAll}
        onClose={() => setSigningAll(false)}
        title="Sign validated results"
        text={`Sign the ${signable.length} validated orders shown, with your signature? They go on the lab reports.`}
        confirmLabel="Sign"
        confirmColor="violet"
        pending={signResults.isPending}
        onConfirm={() => signResults.mutate(signable, { onSettled: () => setSigningAll(false) })}
        confirmTestId="sign-all-confirm"
      />
      <AmendModal
        order={amending}
        pending={amendResults.isPending}
        onClose={() => setAmending(null)}
        onAmend={(order, reason) => amendResults.mutate({ orderId: order.orderId, version: order.version, reason })}
      />
      <HistoryDrawer
        order={historyOf}
        test={historyOf?.testVersionId ? (testOf.get(historyOf.testVersionId) ?? null) : null}
        onClose={() => setHistoryOf(null)}
      />
    </>
  );
}
