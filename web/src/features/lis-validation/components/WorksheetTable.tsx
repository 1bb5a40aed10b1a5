import { Center, Loader, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { JudgedResult, JudgedTest, OrderResults, ResultValue, WorksheetTest } from '@rayworks/contracts';
import { flexRender, getCoreRowModel, useReactTable, type ColumnDef, type Row } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { memo, useCallback, useEffect, useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import {
  firstCellOf,
  focusOrder,
  hasChanges,
  isEditable,
  moveFocus,
  rangeText,
  shownValue,
  type Drafts,
  type KeyAction,
  type WorksheetRow,
} from '../hooks/worksheet-grid';
import type { CriticalByOrder } from '../hooks/useWorksheet';
import { OrderHeader, type OrderActions } from './OrderHeader';
import { DeltaCell, FlagCell, PreviousCell, ValueCell } from './WorksheetCells';
import classes from './WorksheetTable.module.css';

/** What the page asks of the grid: put the cursor on a cell (a scanned sample's first value). */
export interface WorksheetHandle {
  /** The order's first value to type, or its header when none can be typed. */
  jumpToOrder: (orderId: string) => void;
  scrollToOrder: (orderId: string) => void;
}

interface Props {
  rows: readonly WorksheetRow[];
  drafts: Drafts;
  judge: (test: WorksheetTest, order: OrderResults, draft: Drafts[string]) => JudgedTest;
  canValidate: boolean;
  canSign: boolean;
  alerts: CriticalByOrder;
  busy: ReadonlySet<string>;
  /** The order the address named (a critical alert's link). */
  highlight: string | null;
  actions: OrderActions;
  onChange: (cell: string, value: ResultValue) => void;
  loading: boolean;
  emptyText: string;
  handle?: Ref<WorksheetHandle>;
}

/** What a cell needs besides its row, handed through TanStack Table's meta (so the columns are made once). */
interface Meta {
  lineOf: (row: Extract<WorksheetRow, { kind: 'parameter' }>) => JudgedResult | undefined;
  valueOf: (row: Extract<WorksheetRow, { kind: 'parameter' }>) => ResultValue;
  editable: (row: WorksheetRow) => boolean;
  onChange: (cell: string, value: ResultValue) => void;
  onKey: (cell: string, action: Exclude<KeyAction, null>) => void;
  onFocus: (cell: string) => void;
  register: (cell: string, element: HTMLElement | null) => void;
  compact: boolean;
}

type ParamRow = Extract<WorksheetRow, { kind: 'parameter' }>;
const PHONE_HIDDEN = { unit: false, range: false, previous: false, delta: false };

function columnsOf(): ColumnDef<WorksheetRow>[] {
  const meta = (t: { options: { meta?: unknown } }) => t.options.meta as Meta;
  const param = (r: WorksheetRow) => r as ParamRow;
  return [
    {
      id: 'parameter',
      header: 'Parameter',
      cell: ({ row, table }) => {
        const r = param(row.original);
        const m = meta(table);
        const line = m.lineOf(r);
        return (
          <Stack gap={0}>
            <Text size="sm" fw={500}>
              {r.parameter.name}
            </Text>
            {m.compact ? (
              <Text size="xs" c="dimmed">
                {rangeText(line?.range ?? null, r.parameter.unit)}
              </Text>
            ) : (
              <Text size="xs" c="dimmed" ff="monospace">
                {r.parameter.code}
              </Text>
            )}
          </Stack>
        );
      },
    },
    {
      id: 'value',
      header: 'Value',
      cell: ({ row, table }) => {
        const r = param(row.original);
        const m = meta(table);
        return (
          <ValueCell
            cell={r.key}
            parameter={r.parameter}
            value={m.valueOf(r)}
            line={m.lineOf(r)}
            disabled={!m.editable(r)}
            label={`${r.parameter.name}, sample ${r.order.barcode}`}
            onChange={m.onChange}
            onKey={m.onKey}
            onFocus={m.onFocus}
            register={m.register}
          />
        );
      },
    },
    {
      id: 'unit',
      header: 'Unit',
      cell: ({ row }) => (
        <Text size="sm" c="dimmed">
          {param(row.original).parameter.unit ?? ''}
        </Text>
      ),
    },
    {
      id: 'range',
      header: 'Reference range',
      cell: ({ row, table }) => (
        <Text size="sm" className={classes.numeric} data-testid="result-range">
          {rangeText(meta(table).lineOf(param(row.original))?.range ?? null, null)}
        </Text>
      ),
    },
    {
      id: 'flag',
      header: 'Flag',
      cell: ({ row, table }) => <FlagCell line={meta(table).lineOf(param(row.original))} />,
    },
    {
      id: 'previous',
      header: 'Previous',
      cell: ({ row, table }) => <PreviousCell line={meta(table).lineOf(param(row.original))} />,
    },
    {
      id: 'delta',
      header: 'Delta',
      cell: ({ row, table }) => <DeltaCell line={meta(table).lineOf(param(row.original))} />,
    },
  ];
}

interface ParamRowProps {
  row: Row<WorksheetRow>;
  index: number;
  measure: (element: Element | null) => void;
  /** What the row shows; a row is drawn again only when one of these changes (the cells read the rest from meta). */
  line: JudgedResult | undefined;
  value: ResultValue;
  editable: boolean;
  focused: boolean;
  compact: boolean;
}

/** A parameter's row, drawn again only when its judgement, value, focus or the layout changes. */
const ParamRowView = memo(function ParamRowView({ row, index, measure, line, focused }: ParamRowProps) {
  const r = row.original as ParamRow;
  return (
    <tr
      ref={measure}
      data-index={index}
      className={classes.paramRow}
      data-testid="worksheet-result"
      data-cell={r.key}
      data-order-id={r.order.orderId}
      data-code={r.parameter.code}
      data-focused={focused || undefined}
    >
      {row.getVisibleCells().map((cell) => (
        <td
          key={cell.id}
          data-column={cell.column.id}
          className={cell.column.id === 'value' ? classes.value : undefined}
          data-flag={cell.column.id === 'value' ? (line?.flag ?? undefined) : undefined}
        >
          {flexRender(cell.column.columnDef.cell, cell.getContext())}
        </td>
      ))}
    </tr>
  );
});

/**
 * The validation worksheet's grid (docs/decisions/0308): TanStack Table draws the columns — parameter, value, unit,
 * reference range, flag, previous result and delta — under each order's header; TanStack Virtual keeps only the rows
 * in view in the page, so a morning's 500 samples × 20 parameters open and type as fast as ten. The keyboard walks
 * the value inputs down the column (worksheet-grid.ts focusOrder / keyAction), scrolling the next one into view.
 */
export function WorksheetTable(props: Props) {
  const { rows, drafts, judge, canValidate, canSign, alerts, busy, highlight, actions, onChange, handle } = props;
  const compact = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const scroller = useRef<HTMLDivElement>(null);
  const inputs = useRef(new Map<string, HTMLElement>());
  const pending = useRef<string | null>(null);
  const [focused, setFocused] = useState<string | null>(null);

  const editable = useCallback(
    (row: { order: OrderResults; test: WorksheetTest | null }) => canValidate && isEditable(row),
    [canValidate],
  );
  const order = useMemo(() => focusOrder(rows, editable), [rows, editable]);
  const indexOf = useMemo(() => new Map(rows.map((r, n) => [r.key, n])), [rows]);

  // eslint-disable-next-line react-hooks/incompatible-library -- the grid is drawn again from props every render
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: (n) => (rows[n]?.kind === 'order' ? 84 : 44),
    getItemKey: (n) => rows[n]!.key,
    overscan: 12,
  });

  const focusCell = useCallback(
    (cell: string) => {
      const element = inputs.current.get(cell);
      if (element) {
        element.focus();
        if (element instanceof HTMLInputElement) element.select();
        return;
      }
      pending.current = cell;
      const at = indexOf.get(cell);
      if (at !== undefined) virtualizer.scrollToIndex(at, { align: 'center' });
    },
    [indexOf, virtualizer],
  );
  // a cell scrolled to is mounted on a later render: focus it then
  useEffect(() => {
    const cell = pending.current;
    if (cell && inputs.current.has(cell)) {
      pending.current = null;
      focusCell(cell);
    }
  });
  useImperativeHandle(handle, () => {
    const scrollToOrder = (orderId: string) => {
      const at = indexOf.get(`order:${orderId}`);
      if (at !== undefined) virtualizer.scrollToIndex(at, { align: 'start' });
    };
    return {
      scrollToOrder,
      jumpToOrder: (orderId: string) => {
        const first = firstCellOf(order, orderId);
        if (first) focusCell(first);
        else scrollToOrder(orderId);
      },
    };
  }, [focusCell, indexOf, virtualizer, order]);

  const onKey = useCallback(
    (cell: string, action: Exclude<KeyAction, null>) => {
      if (action === 'save') {
        actions.save(cell.slice(0, cell.indexOf(':')), false);
        return;
      }
      const to = moveFocus(order, cell, action === 'next' ? 1 : -1);
      if (to && to !== cell) focusCell(to);
    },
    [actions, order, focusCell],
  );
  const register = useCallback((cell: string, element: HTMLElement | null) => {
    if (element) inputs.current.set(cell, element);
    else inputs.current.delete(cell);
  }, []);

  const lineOf = useCallback(
    (r: ParamRow) => judge(r.test, r.order, drafts[r.order.orderId]).results.find((l) => l.code === r.parameter.code),
    [judge, drafts],
  );
  const meta: Meta = {
    lineOf,
    valueOf: (r) => shownValue(r.order, drafts[r.order.orderId], r.parameter.code),
    editable: (r) => editable(r),
    onChange,
    onKey,
    onFocus: setFocused,
    register,
    compact,
  };

  const columns = useMemo(columnsOf, []);
  const table = useReactTable({
    data: rows as WorksheetRow[],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => row.key,
    state: { columnVisibility: compact ? PHONE_HIDDEN : {} },
    meta,
  });
  const tableRows = table.getRowModel().rows;
  const width = table.getVisibleLeafColumns().length;
  const items = virtualizer.getVirtualItems();
  const padTop = items.length > 0 ? items[0]!.start : 0;
  const padBottom = items.length > 0 ? virtualizer.getTotalSize() - items[items.length - 1]!.end : 0;

  return (
    <div
      ref={scroller}
      className={classes.scroller}
      data-testid="worksheet"
      data-rows={rows.length}
      data-orders={rows.filter((r) => r.kind === 'order').length}
    >
      <table className={classes.table} aria-label="Results worksheet">
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} data-column={header.column.id}>
                  {flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
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
            const r = row.original;
            if (r.kind === 'order') {
              const judged = r.test ? judge(r.test, r.order, drafts[r.order.orderId]) : null;
              return (
                <tr
                  key={row.id}
                  ref={virtualizer.measureElement}
                  data-index={item.index}
                  className={classes.orderRow}
                  data-testid="worksheet-order"
                  data-order-id={r.order.orderId}
                  data-barcode={r.order.barcode}
                  data-status={r.order.status}
                  data-version={r.order.version}
                  data-highlight={highlight === r.order.orderId || undefined}
                  data-critical={r.order.critical || judged?.critical || undefined}
                >
                  <td colSpan={width}>
                    <OrderHeader
                      order={r.order}
                      test={r.test}
                      judged={judged}
                      dirty={hasChanges(r.test, r.order, drafts[r.order.orderId])}
                      busy={busy.has(r.order.orderId)}
                      canValidate={canValidate}
                      canSign={canSign}
                      alert={alerts.get(r.order.orderId)}
                      actions={actions}
                    />
                  </td>
                </tr>
              );
            }
            return (
              <ParamRowView
                key={row.id}
                row={row}
                index={item.index}
                measure={virtualizer.measureElement}
                line={lineOf(r)}
                value={meta.valueOf(r)}
                editable={meta.editable(r)}
                focused={focused === r.key}
                compact={compact}
              />
            );
          })}
          {padBottom > 0 ? (
            <tr aria-hidden>
              <td colSpan={width} style={{ height: padBottom, padding: 0, border: 0 }} />
            </tr>
          ) : null}
        </tbody>
      </table>
      {props.loading ? (
        <Center py={48}>
          <Loader size="sm" />
        </Center>
      ) : rows.length === 0 ? (
        <Center py={48} data-testid="worksheet-empty">
          <Text c="dimmed" size="sm">
            {props.emptyText}
          </Text>
        </Center>
      ) : null}
    </div>
  );
}
