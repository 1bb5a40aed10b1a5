import { Alert, Badge, Box, Button, Collapse, Group, Pagination, Paper, Select, Text } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import {
  CASE_ACTION_LABELS,
  CONSOLE_ROUTES,
  routeTo,
  WORKLIST,
  type Case,
  type CaseAction,
  type CaseSortKey,
} from '@rayworks/contracts';
import type { CaseActor } from '@rayworks/lifecycles';
import { IconAdjustmentsHorizontal, IconAlertCircle, IconFileImport, IconUserShare } from '@tabler/icons-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { landingQueue } from '../../../shared/cases/queues';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { describeError } from '../../../api/client';
import { useSession } from '../../../shared/session/useSession';
import { useCan } from '../../../shared/hooks/useCan';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { LIST_CARDS_BELOW, PAGINATION_LABELS, paginationItemLabel } from '../../../shared/ui/list-query';
import { CaseActionDialog, type PendingAction } from '../../../shared/cases/CaseActionDialog';
import { CaseDrawer } from '../components/CaseDrawer';
import { ColumnChooser } from '../components/ColumnChooser';
import { ReportOutput, type ReportOutputRequest } from '../../../shared/report-output/ReportOutput';
import { NotYetModal } from '../components/NotYetModal';
import { useOpenViewer } from '../../../shared/viewer/useOpenViewer';
import { StatusTabs } from '../components/StatusTabs';
import { WorklistFiltersBar } from '../components/WorklistFiltersBar';
import { WorklistTable } from '../components/WorklistTable';
import { assignPath } from '../hooks/assign-path';
import { useColumnPreference } from '../hooks/useColumnPreference';
import { useLiveCases, useWorklistPage, useWorklistStatistics } from '../hooks/useWorklist';
import { actionKind, worklistPrivilegesOf } from '../../../shared/cases/worklist-actions';
import {
  activeFilterCount,
  filtersFromParams,
  filtersToParams,
  withFilters,
  WORKLIST_PAGE_SIZES,
  WORKLIST_PARAMS,
  type WorklistFilters,
} from '../hooks/worklist-filters';

/**
 * The import screen's tab (spec §2: "then the window closes"): a tab of the browser, not a pop-up window; Import again
 * brings the same tab forward (docs/decisions/0351-import-in-a-tab.md).
 */
export const IMPORT_WINDOW_NAME = 'rayworks-import';

/**
 * /cases, the worklist (issue 10; docs/decisions/0152-worklist-console.md): status tabs with live counts, filters
 * kept in the address bar, server-side paging and sorting, virtualized rows with the user's columns, multi-select and
 * bulk assign, each row's actions from the shared lifecycle, keyboard navigation, time left, and rows that follow
 * other users' changes live. Import opens the import screen in a window of its own (docs/decisions/0111).
 */
export function CasesPage() {
  const can = useCan();
  const navigate = useNavigate();
  const { profile, config } = useSession();
  const [params, setParams] = useSearchParams();
  const filters = filtersFromParams(params);
  const update = useCallback(
    (patch: Partial<WorklistFilters>) =>
      setParams((current) => filtersToParams(withFilters(filtersFromParams(current), patch), current), {
        replace: true,
      }),
    [setParams],
  );

  const page = useWorklistPage(filters);
  const statistics = useWorklistStatistics(filters);
  const live = useLiveCases();
  const { columns, toggle } = useColumnPreference();

  const actor = useMemo<CaseActor>(
    () => ({
      userId: profile?._id ?? '',
      roleCodes: profile?.roleCodes ?? [],
      privileges: worklistPrivilegesOf(config),
    }),
    [profile?._id, profile?.roleCodes, config],
  );

  const rows = useMemo(() => page.data?.items ?? [], [page.data]);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  // the selection is of the rows on screen: a row that left the page (another tab, another page) leaves it too
  const selected = useMemo(() => {
    const here = new Set(rows.map((r) => r._id));
    return new Set([...chosen].filter((id) => here.has(id)));
  }, [chosen, rows]);
  const onSelect = useCallback((ids: string[], on: boolean) => {
    setChosen((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);

  const [pending, setPending] = useState<PendingAction | null>(null);
  const [notYet, setNotYet] = useState<{ title: string; text: string } | null>(null);
  const [output, setOutput] = useState<ReportOutputRequest | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const opened = rows.find((r) => r._id === openId) ?? null;

  const openViewer = useOpenViewer();
  const onViewer = useCallback((row: Case) => openViewer(row._id), [openViewer]);
  const mayReport = can('WORKLIST', WORKLIST.REPORT_VIEW);
  const onReport = useCallback(
    (row: Case) => navigate(routeTo(CONSOLE_ROUTES.casesReport, { id: row._id })),
    [navigate],
  );
  // a transcriptionist without a tab in the address lands on their queue (docs/decisions/0191)
  const landed = useRef(false);
  useEffect(() => {
    if (landed.current) return;
    landed.current = true;
    const queue = landingQueue(profile?.roleCodes ?? []);
    if (queue && !params.has(WORKLIST_PARAMS.tab)) update({ tab: queue });
  }, [params, profile?.roleCodes, update]);
  const onAction = useCallback(
    (row: Case, action: CaseAction) => {
      const kind = actionKind(row, action);
      if (kind === 'assign') navigate(assignPath([row._id]));
      else if (kind === 'viewer') onViewer(row);
      else if (kind === 'report') navigate(routeTo(CONSOLE_ROUTES.casesReport, { id: row._id }));
      else if (kind === 'update') setPending({ row, action });
      else if (kind === 'mail' || kind === 'pdf') setOutput({ kind, row });
      else
        setNotYet({
          title: CASE_ACTION_LABELS[action],
          text: `${CASE_ACTION_LABELS[action]} is not available in the worklist yet: it comes with a later version of the console.`,
        });
    },
    [navigate, onViewer],
  );
  const onOpen = useCallback((row: Case) => setOpenId(row._id), []);
  const onSort = useCallback(
    (key: CaseSortKey) =>
      update({
        sortBy: key,
        sortDir:
          filters.sortBy === key
            ? filters.sortDir === 'asc'
              ? 'desc'
              : 'asc'
            : key === 'patientName'
              ? 'asc'
              : 'desc',
      }),
    [update, filters.sortBy, filters.sortDir],
  );

  const openImport = () => {
    const window_ = window.open(CONSOLE_ROUTES.casesImport, IMPORT_WINDOW_NAME);
    if (window_) window_.focus();
    else navigate(CONSOLE_ROUTES.casesImport);
  };
  const canAssign = can('WORKLIST', WORKLIST.ASSIGN, WORKLIST.REASSIGN);
  const selectedRows = rows.filter((r) => selected.has(r._id));

  const data = page.data;
  const total = data?.total ?? null;
  const totalPages = total === null ? null : Math.max(1, Math.ceil(total / filters.pageSize));
  const first = (filters.page - 1) * filters.pageSize + 1;
  const range =
    data === undefined
      ? ' '
      : data.items.length === 0
        ? total === null
          ? 'No cases'
          : `0 of ${total.toLocaleString('en-GB')}`
        : `${first.toLocaleString('en-GB')}–${(first + data.items.length - 1).toLocaleString('en-GB')}${
            total === null ? '' : ` of ${total.toLocaleString('en-GB')}`
          }`;
  const turnaround = statistics.data?.turnaround;
  // On a phone the filters fold behind a Filters button (with how many are on), so the list starts on the first
  // screen (issue 25 item 15, docs/decisions/0362); from a tablet's width up they stay open.
  const phone = useMediaQuery(`(max-width: ${LIST_CARDS_BELOW})`, false, { getInitialValueInEffect: false });
  const [filtersOpen, filtersToggle] = useDisclosure(false);
  const filtersOn = activeFilterCount(filters) + (filters.search ? 1 : 0);

  return (
    <>
      <PageHeader
        title="Cases"
        actions={
          <Group gap="sm">
            {canAssign ? (
              <Button
                leftSection={<IconUserShare size={16} />}
                disabled={selectedRows.length === 0}
                onClick={() => navigate(assignPath(selectedRows.map((r) => r._id)))}
                data-testid="worklist-bulk-assign"
              >
                {selectedRows.length > 0 ? `Assign ${selectedRows.length} selected` : 'Assign selected'}
              </Button>
            ) : null}
            <ColumnChooser columns={columns} onToggle={toggle} />
            {can('WORKLIST', WORKLIST.IMPORT) ? (
              <Button
                variant="default"
                leftSection={<IconFileImport size={16} />}
                onClick={openImport}
                data-testid="cases-import"
              >
                Import
              </Button>
            ) : null}
          </Group>
        }
      />
      <Paper withBorder radius="md" data-testid="worklist" data-live-changes={live}>
        <StatusTabs value={filters.tab} onChange={(tab) => update({ tab })} statistics={statistics.data} />
        <Group justify="space-between" align="flex-end" p="sm" gap="sm" wrap="wrap">
          {phone ? (
            <Box w="100%">
              <Button
                variant="default"
                leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
                rightSection={
                  filtersOn > 0 ? (
                    <Badge size="sm" circle aria-label={`${filtersOn} on`}>
                      {filtersOn}
                    </Badge>
                  ) : null
                }
                onClick={filtersToggle.toggle}
                aria-expanded={filtersOpen}
                aria-controls="worklist-filters-panel"
                data-testid="worklist-filters-toggle"
              >
                Filters
              </Button>
              <Collapse expanded={filtersOpen} id="worklist-filters-panel">
                <Box pt="sm">
                  <WorklistFiltersBar filters={filters} onChange={update} />
                </Box>
              </Collapse>
            </Box>
          ) : (
            <WorklistFiltersBar filters={filters} onChange={update} />
          )}
          {turnaround ? (
            <Group gap="md" data-testid="worklist-turnaround">
              <Text size="sm" c={turnaround.overdue > 0 ? 'red' : 'dimmed'} data-testid="worklist-overdue">
                {turnaround.overdue.toLocaleString('en-GB')} overdue
              </Text>
              <Text size="sm" c={turnaround.dueWithinHour > 0 ? 'orange' : 'dimmed'}>
                {turnaround.dueWithinHour.toLocaleString('en-GB')} due within the hour
              </Text>
            </Group>
          ) : null}
        </Group>
        {page.isError && !data ? (
          <Alert
            m="sm"
            color="red"
            variant="light"
            icon={<IconAlertCircle size={18} />}
            title="Could not load the cases"
            data-testid="worklist-error"
          >
            <Group justify="space-between">
              <span>{describeError(page.error)}</span>
              <Button size="xs" variant="default" onClick={() => void page.refetch()}>
                Try again
              </Button>
            </Group>
          </Alert>
        ) : (
          <WorklistTable
            rows={rows}
            columns={columns}
            sortBy={filters.sortBy}
            sortDir={filters.sortDir}
            onSort={onSort}
            selected={selected}
            onSelect={onSelect}
            actor={actor}
            onAction={onAction}
            onOpen={onOpen}
            onViewer={onViewer}
            {...(mayReport ? { onReport } : {})}
            selectable={canAssign}
            loading={page.isLoading}
            fetching={page.isFetching && !page.isLoading}
            emptyText={
              filters.search || filters.modality || filters.priority || filters.from || filters.to
                ? 'No case matches the filters.'
                : 'No cases here.'
            }
          />
        )}
        <Group
          justify="space-between"
          p="sm"
          gap="sm"
          wrap="wrap"
          style={{ borderTop: '1px solid light-dark(var(--mantine-color-gray-2), var(--mantine-color-dark-4))' }}
        >
          <Group gap="sm">
            <Text size="sm" c="dimmed" data-testid="worklist-range" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {range}
            </Text>
            <Select
              size="xs"
              w={110}
              value={String(filters.pageSize)}
              onChange={(value) => value && update({ pageSize: Number(value) })}
              data={WORKLIST_PAGE_SIZES.map((n) => ({ value: String(n), label: `${n} / page` }))}
              allowDeselect={false}
              aria-label="Cases per page"
            />
          </Group>
          {totalPages !== null ? (
            <Pagination
              size="sm"
              total={totalPages}
              value={Math.min(filters.page, totalPages)}
              onChange={(next) => update({ page: next })}
              withEdges={totalPages > 5}
              getControlProps={(control) => ({ 'aria-label': PAGINATION_LABELS[control] })}
              getItemProps={(n) => ({ 'aria-label': paginationItemLabel(n) })}
              aria-label="Pages"
              data-testid="worklist-pagination"
            />
          ) : (
            // a filter the maintained counts do not cover (dates, legends, text): no total, so previous / next
            <Group gap="xs" data-testid="worklist-pagination">
              <Button
                size="xs"
                variant="default"
                disabled={filters.page <= 1}
                onClick={() => update({ page: filters.page - 1 })}
              >
                Previous
              </Button>
              <Text size="sm">Page {filters.page}</Text>
              <Button
                size="xs"
                variant="default"
                disabled={!data?.nextCursor}
                onClick={() => update({ page: filters.page + 1 })}
              >
                Next
              </Button>
            </Group>
          )}
        </Group>
      </Paper>
      <CaseActionDialog pending={pending} onClose={() => setPending(null)} />
      <CaseDrawer
        row={opened}
        onClose={() => setOpenId(null)}
        actor={actor}
        onAction={(row, action) => {
          setOpenId(null);
          onAction(row, action);
        }}
        onViewer={onViewer}
      />
      <ReportOutput request={output} onClose={() => setOutput(null)} />
      <NotYetModal
        opened={notYet !== null}
        onClose={() => setNotYet(null)}
        title={notYet?.title ?? ''}
        text={notYet?.text ?? ''}
      />
    </>
  );
}
