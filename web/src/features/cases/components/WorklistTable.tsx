import {
  ActionIcon,
  Center,
  Checkbox,
  Loader,
  Menu,
  Text,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { CASE_ACTION_LABELS, type Case, type CaseAction, type CaseSortKey } from '@rayworks/contracts';
import type { CaseActor } from '@rayworks/lifecycles';
import {
  IconChevronDown,
  IconChevronUp,
  IconDotsVertical,
  IconEye,
  IconFileText,
  IconSelector,
} from '@tabler/icons-react';
import { REPORT_STATUSES_OF_CASE } from '../../../shared/cases/queues';
import { LIST_CARDS_BELOW } from '../../../shared/ui/list-query';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { formatDicomDate, formatDisplayDateTime } from '../../../shared/format';
import { rowActions } from '../../../shared/cases/worklist-actions';
import type { WorklistColumnId } from '../hooks/worklist-columns';
import { WORKLIST_COLUMN_CATALOGUE } from '../hooks/worklist-columns';
import { LegendsCell, PatientCell, PriorityCell, StatusCell, StudyCell, TimeLeftCell, useNow } from './CaseCells';
import classes from './WorklistTable.module.css';

/** Each column: its header's sort key (the contract's CASE_SORT_KEYS) and its cell. */
const SORT_KEYS: Partial<Record<WorklistColumnId, CaseSortKey>> = {
  patientName: 'patientName',
  worklistStatus: 'status',
  dueAt: 'dueAt',
  priority: 'priority',
  modality: 'modality',
  receivedAt: 'receivedAt',
};

const dash = (value: string | null | undefined) => value || '—';

function cellOf(id: WorklistColumnId, row: Case, now: Date, statusWithPatient: boolean) {
  switch (id) {
    case 'patientName':
      return <PatientCell row={row} withStatus={statusWithPatient} />;
    case 'worklistStatus':
      return <StatusCell row={row} />;
    case 'dueAt':
      return <TimeLeftCell row={row} now={now} />;
    case 'priority':
      return <PriorityCell row={row} />;
    case 'modality':
      return dash(row.modalities.length > 0 ? row.modalities.join(', ') : row.modality);
    case 'studyDescription':
      return <StudyCell row={row} />;
    case 'accessionNumber':
      return dash(row.accessionNumber);
    case 'centreName':
      return dash(row.centreName);
    case 'radiologistName':
      return <span data-testid="worklist-radiologist">{dash(row.radiologistName)}</span>;
    case 'typistName':
      return <span data-testid="worklist-typist">{dash(row.typistName)}</span>;
    case 'legends':
      return <LegendsCell row={row} />;
    case 'receivedAt':
      return formatDisplayDateTime(row.receivedAt);
    case 'studyDate':
      return formatDicomDate(row.studyDate);
  }
}

export const ROW_HEIGHT = 53;

interface Props {
  rows: Case[];
  columns: readonly WorklistColumnId[];
  sortBy: CaseSortKey;
  sortDir: 'asc' | 'desc';
  onSort: (key: CaseSortKey) => void;
  selected: ReadonlySet<string>;
  onSelect: (ids: string[], on: boolean) => void;
  actor: CaseActor;
  onAction: (row: Case, action: CaseAction) => void;
  onOpen: (row: Case) => void;
  onViewer: (row: Case) => void;
  /** Opens the case's report (/cases/report/:id); absent for users who may not read reports. */
  onReport?: (row: Case) => void;
  loading: boolean;
  fetching: boolean;
  emptyText: string;
  /** Offer the selection checkboxes (only to users with a bulk action: assign). */
  selectable: boolean;
}

/**
 * The worklist's rows: TanStack Table (columns, the user's column choice, manual sorting by the server) and TanStack
 * Virtual (only the rows in view are in the DOM), with a sticky header. Keyboard: the list is one tab stop; up and
 * down move the active row, Home / End jump, Space selects it, Enter opens it (docs/decisions/0152-worklist-console.md).
 */
export function WorklistTable(props: Props) {
  const { rows, columns, sortBy, sortDir, onSort, selected, onSelect, actor, onAction, onOpen, onViewer, onReport } =
    props;
  const now = useNow();
  const scroller = useRef<HTMLDivElement>(null);
  const [activeState, setActive] = useState(0);
  // a shorter page keeps the active row on the page
  const active = Math.min(activeState, Math.max(0, rows.length - 1));

  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r._id));
  const someSelected = rows.some((r) => selected.has(r._id));

  // a phone: the status joins the patient's cell (under the name), so the sticky actions never cover it (decision 0376)
  const phone = useMediaQuery(`(max-width: ${LIST_CARDS_BELOW})`, false, { getInitialValueInEffect: false });
  const statusWithPatient = phone && columns.includes('patientName') && columns.includes('worklistStatus');

  const defs = useMemo<ColumnDef<Case>[]>(() => {
    const labels = new Map<string, string>(WORKLIST_COLUMN_CATALOGUE.map((c) => [c.id, c.label]));
    const select: ColumnDef<Case>[] = [
      {
        id: 'select',
        size: 44,
        header: () => (
          <Checkbox
            aria-label="Select every case on this page"
            checked={allSelected}
            indeterminate={!allSelected && someSelected}
            onChange={(event) =>
              onSelect(
                rows.map((r) => r._id),
                event.currentTarget.checked,
              )
            }
            data-testid="worklist-select-all"
          />
        ),
        cell: ({ row }) => (
          <Checkbox
            aria-label={`Select the case of ${row.original.patientName.replace(/\^+/g, ' ')}`}
            checked={selected.has(row.original._id)}
            onChange={(event) => onSelect([row.original._id], event.currentTarget.checked)}
            onClick={(event) => event.stopPropagation()}
            data-testid="worklist-select"
          />
        ),
      },
    ];
    return [
      ...(props.selectable ? select : []),
      ...columns
        .filter((id) => !(statusWithPatient && id === 'worklistStatus'))
        .map((id): ColumnDef<Case> => ({
          id,
          header: statusWithPatient && id === 'patientName' ? 'Patient · Status' : (labels.get(id) ?? id),
          meta: { sortKey: SORT_KEYS[id] },
          cell: ({ row }) => cellOf(id, row.original, now, statusWithPatient),
        })),
      {
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => (
          <RowActions row={row.original} actor={actor} onAction={onAction} onViewer={onViewer} onReport={onReport} />
        ),
      },
    ];
  }, [
    columns,
    statusWithPatient,
    now,
    selected,
    allSelected,
    someSelected,
    rows,
    actor,
    onAction,
    onViewer,
    onReport,
    onSelect,
    props.selectable,
  ]);

  // eslint-disable-next-line react-hooks/incompatible-library -- the table is rebuilt from props every render
  const table = useReactTable({
    data: rows,
    columns: defs,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row._id,
    manualSorting: true,
  });
  const tableRows = table.getRowModel().rows;

  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const padTop = items.length > 0 ? items[0]!.start : 0;
  const padBottom = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;
  const width = table.getVisibleLeafColumns().length;

  const move = (to: number) => {
    const next = Math.max(0, Math.min(rows.length - 1, to));
    setActive(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // keys typed into a control inside a row (a checkbox, a menu) are the control's
    if (event.target !== event.currentTarget || rows.length === 0) return;
    const handled = true;
    switch (event.key) {
      case 'ArrowDown':
        move(active + 1);
        break;
      case 'ArrowUp':
        move(active - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(rows.length - 1);
        break;
      case 'PageDown':
        move(active + 10);
        break;
      case 'PageUp':
        move(active - 10);
        break;
      case 'Enter':
        if (rows[active]) onOpen(rows[active]);
        break;
      case ' ':
        if (rows[active] && props.selectable) onSelect([rows[active]._id], !selected.has(rows[active]._id));
        break;
      default:
        return;
    }
    if (handled) event.preventDefault();
  };

  const activeRow = rows[active];
  const [focused, setFocused] = useState(false);
  return (
    <div
      ref={scroller}
      className={classes.scroller}
      tabIndex={0}
      role="region"
      aria-label="Cases. Use the up and down arrows to move, Enter to open, Space to select."
      onKeyDown={onKeyDown}
      onFocus={(event) => setFocused(event.target === event.currentTarget)}
      onBlur={() => setFocused(false)}
      data-testid="worklist-table"
      data-rows={rows.length}
      data-fetching={props.fetching || undefined}
    >
      <table className={classes.table} data-fetching={props.fetching || undefined}>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sortKey = (header.column.columnDef.meta as { sortKey?: CaseSortKey } | undefined)?.sortKey;
                const sorted = sortKey !== undefined && sortKey === sortBy;
                const label = flexRender(header.column.columnDef.header, header.getContext());
                return (
                  <th
                    key={header.id}
                    style={header.column.id === 'select' ? { width: 44 } : undefined}
                    aria-sort={sorted ? (sortDir === 'asc' ? 'ascending' : 'descending') : undefined}
                    data-column={header.column.id}
                  >
                    {sortKey ? (
                      <UnstyledButton
                        className={classes.sort}
                        onClick={() => onSort(sortKey)}
                        data-testid={`worklist-sort-${header.column.id}`}
                      >
                        <span>{label}</span>
                        {sorted ? (
                          sortDir === 'asc' ? (
                            <IconChevronUp size={14} aria-hidden />
                          ) : (
                            <IconChevronDown size={14} aria-hidden />
                          )
                        ) : (
                          <IconSelector size={14} className={classes.sortIdle} aria-hidden />
                        )}
                      </UnstyledButton>
                    ) : (
                      label
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {padTop > 0 ? (
            <tr aria-hidden>
              <td colSpan={width} style={{ height: padTop, padding: 0, border: 0 }} />
            </tr>
          ) : null}
          {items.map((item) => {
            const row = tableRows[item.index]!;
            const isActive = item.index === active;
            return (
              <tr
                key={row.id}
                id={`case-row-${row.id}`}
                className={classes.row}
                data-index={item.index}
                data-testid="worklist-row"
                data-case-id={row.id}
                data-patient-id={row.original.patientId}
                data-status={row.original.status}
                data-version={row.original.version}
                data-active={isActive || undefined}
                data-selected={selected.has(row.id) || undefined}
                onClick={() => setActive(item.index)}
                onDoubleClick={() => onOpen(row.original)}
              >
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} data-column={cell.column.id}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            );
          })}
          {padBottom > 0 ? (
            <tr aria-hidden>
              <td colSpan={width} style={{ height: padBottom, padding: 0, border: 0 }} />
            </tr>
          ) : null}
        </tbody>
      </table>
      {/* what the arrows moved to, for screen readers (the row's outline says it to the eye) */}
      <VisuallyHidden aria-live="polite" data-testid="worklist-active-announcement">
        {activeRow && focused
          ? `Row ${active + 1} of ${rows.length}: ${activeRow.patientName.replace(/\^+/g, ' ')}, ${activeRow.status}`
          : ''}
      </VisuallyHidden>
      {props.loading ? (
        <Center py={48}>
          <Loader size="sm" />
        </Center>
      ) : rows.length === 0 ? (
        <Center py={48} data-testid="worklist-empty">
          <Text c="dimmed" size="sm">
            {props.emptyText}
          </Text>
        </Center>
      ) : null}
    </div>
  );
}

interface RowActionsProps {
  row: Case;
  actor: CaseActor;
  onAction: (row: Case, action: CaseAction) => void;
  onViewer: (row: Case) => void;
  onReport?: (row: Case) => void;
}

/** The row's actions: exactly what allowedCaseActions answers for this user on this case, and the viewer. */
function RowActions({ row, actor, onAction, onViewer, onReport }: RowActionsProps) {
  const actions = rowActions(actor, row).filter((a) => a !== 'GO_TO_CASE');
  return (
    <div style={{ display: 'flex', gap: 4 }} onClick={(event) => event.stopPropagation()}>
      <Tooltip label="Open in viewer" withArrow>
        <ActionIcon
          variant="subtle"
          aria-label="Open in viewer"
          onClick={() => onViewer(row)}
          data-testid="worklist-open-viewer"
        >
          <IconEye size={18} />
        </ActionIcon>
      </Tooltip>
      {onReport && REPORT_STATUSES_OF_CASE.includes(row.status) ? (
        <Tooltip label="Report" withArrow>
          <ActionIcon
            variant="subtle"
            aria-label="Report"
            onClick={() => onReport(row)}
            data-testid="worklist-open-report"
          >
            <IconFileText size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      <Menu position="bottom-end" withinPortal shadow="md" disabled={actions.length === 0}>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            aria-label={actions.length === 0 ? 'No actions on this case' : 'Actions'}
            disabled={actions.length === 0}
            data-testid="worklist-row-actions"
            data-actions={actions.join(',')}
          >
            <IconDotsVertical size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {actions.map((action) => (
            <Menu.Item key={action} onClick={() => onAction(row, action)} data-testid={`worklist-action-${action}`}>
              {CASE_ACTION_LABELS[action]}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
    </div>
  );
}
