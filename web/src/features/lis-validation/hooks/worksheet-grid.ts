import {
  judgeTest,
  RESULT_STATUSES,
  unitOf,
  type AgeUnit,
  type BodyOf,
  type GivenValue,
  type JudgedResult,
  type JudgedTest,
  type LIMS_API,
  type OrderResults,
  type Parameter,
  type PatientAge,
  type ReferenceRange,
  type ResultFlag,
  type ResultStatus,
  type ResultValue,
  type Worksheet,
  type WorksheetTest,
} from '@rayworks/contracts';

/**
 * The validation worksheet's pure logic (docs/decisions/0306, 0308): its rows (each order's header, then one row per
 * parameter), what the lab typed and has not saved (drafts), each order judged by the contracts' `judgeTest` with
 * those drafts — the function the service runs again on saving, so the flags, calculated values and refusals shown
 * before a save are the ones it keeps — what a save sends (only the values changed), and where the keyboard goes
 * next down the column.
 */

/** What the lab typed and has not saved yet: order id → parameter code → the value as typed ('' clears one). */
export type Drafts = Readonly<Record<string, OrderDraft | undefined>>;
export type OrderDraft = Readonly<Record<string, ResultValue>>;

export type WorksheetRow =
  | { readonly kind: 'order'; readonly key: string; readonly order: OrderResults; readonly test: WorksheetTest | null }
  | {
      readonly kind: 'parameter';
      /** The value cell's key (cellKey): what focus moves between. */
      readonly key: string;
      readonly order: OrderResults;
      readonly test: WorksheetTest;
      readonly parameter: Parameter;
    };

/** A value cell's key: the order and the parameter. */
export const cellKey = (orderId: string, code: string): string => `${orderId}:${code}`;

/** The test version each order is judged by (the worksheet sends each version once). */
export function testsByVersion(tests: readonly WorksheetTest[]): ReadonlyMap<string, WorksheetTest> {
  return new Map(tests.map((t) => [t.versionId, t]));
}

/** The grid's rows: each order's header, then its test's parameters in the catalogue's order. */
export function worksheetRows(orders: readonly OrderResults[], tests: readonly WorksheetTest[]): WorksheetRow[] {
  const byVersion = testsByVersion(tests);
  const rows: WorksheetRow[] = [];
  for (const order of orders) {
    const test = order.testVersionId ? (byVersion.get(order.testVersionId) ?? null) : null;
    rows.push({ kind: 'order', key: `order:${order.orderId}`, order, test });
    if (test)
      for (const parameter of test.parameters)
        rows.push({ kind: 'parameter', key: cellKey(order.orderId, parameter.code), order, test, parameter });
  }
  return rows;
}

const isEmpty = (value: ResultValue | null | undefined): boolean =>
  value === null || value === undefined || (typeof value === 'string' ? value.trim() === '' : value.length === 0);

const tidy = (value: ResultValue): string | string[] => (typeof value === 'string' ? value.trim() : [...value]);

const sameValue = (a: ResultValue, b: ResultValue): boolean =>
  typeof a === 'string' || typeof b === 'string'
    ? typeof a === typeof b && (a as string).trim() === (b as string).trim()
    : a.length === b.length && a.every((v, n) => v === b[n]);

/** The values saved on the order (typed or an analyzer's), by parameter code; calculated ones come from formulas. */
export function storedValues(order: OrderResults): Record<string, GivenValue> {
  const out: Record<string, GivenValue> = {};
  for (const line of order.lines)
    if (line.value !== null && line.source !== null && line.source !== 'CALCULATED')
      out[line.code] = { value: line.value, source: line.source };
  return out;
}

/** What an input shows: the draft when the lab typed one, else the saved value, else empty. */
export function shownValue(order: OrderResults, draft: OrderDraft | undefined, code: string): ResultValue {
  if (draft && code in draft) return draft[code]!;
  return order.lines.find((l) => l.code === code && l.source !== 'CALCULATED')?.value ?? '';
}

/**
 * What a save sends (LIMS_API.saveResults `values`): only the values that differ from the saved ones — a new or
 * changed value as typed (trimmed), null for a saved value the lab emptied. Calculated parameters are never sent (the
 * formula gives them), nor codes the test does not have.
 */
export function changedValues(test: WorksheetTest, order: OrderResults, draft: OrderDraft | undefined) {
  const values: Record<string, string | string[] | null> = {};
  if (!draft) return values;
  const stored = storedValues(order);
  for (const p of test.parameters) {
    if (p.formula !== null || !(p.code in draft)) continue;
    const typed = draft[p.code]!;
    const saved = stored[p.code]?.value;
    if (isEmpty(typed)) {
      if (saved !== undefined) values[p.code] = null;
    } else if (saved === undefined || !sameValue(saved, typed)) values[p.code] = tidy(typed);
  }
  return values;
}

/** Whether the order has anything to save. */
export const hasChanges = (test: WorksheetTest | null, order: OrderResults, draft: OrderDraft | undefined): boolean =>
  test !== null && Object.keys(changedValues(test, order, draft)).length > 0;

/**
 * The draft left after the server answered a save: only what still differs from the saved order (values typed while
 * the save was on its way stay; undefined when nothing does).
 */
export function pruneDraft(test: WorksheetTest, order: OrderResults, draft: OrderDraft | undefined) {
  const left = changedValues(test, order, draft);
  const kept: Record<string, ResultValue> = {};
  for (const code of Object.keys(left)) kept[code] = draft![code]!;
  return Object.keys(kept).length > 0 ? kept : undefined;
}

export type SaveBody = BodyOf<typeof LIMS_API.saveResults>;

/** The save of one order: the version it was read at (a 409 when someone saved meanwhile) and the changed values. */
export function saveBody(
  test: WorksheetTest,
  order: OrderResults,
  draft: OrderDraft | undefined,
  validate: boolean,
): SaveBody {
  return { orderId: order.orderId, version: order.version, values: changedValues(test, order, draft), validate };
}

/**
 * The order judged as the lab sees it now: the saved values with the drafts over them, by `judgeTest` — the patient's
 * sex and age (as the service took it), their previous results, the test's own rule.
 */
export function judgeOrder(test: WorksheetTest, order: OrderResults, draft: OrderDraft | undefined): JudgedTest {
  const given: Record<string, GivenValue> = storedValues(order);
  for (const [code, value] of Object.entries(draft ?? {})) {
    const saved = given[code];
    if (isEmpty(value)) delete given[code];
    else if (!saved || !sameValue(saved.value, value)) given[code] = { value, source: 'MANUAL' };
  }
  const previous: Record<string, string> = {};
  for (const line of order.lines) if (line.previous !== null) previous[line.code] = line.previous;
  return judgeTest(test.parameters, given, {
    subject: { sex: order.patient.gender, age: order.patient.age },
    previous,
    autoValidate: test.autoValidate,
  });
}

const sameValueOrNull = (a: ResultValue | null, b: ResultValue | null): boolean =>
  a === null || b === null ? a === b : sameValue(a, b) && typeof a === typeof b;

/** Whether two judgements of a line say the same (its range is the catalogue's own object, compared as such). */
function sameLine(a: JudgedResult, b: JudgedResult): boolean {
  return (
    a.code === b.code &&
    sameValueOrNull(a.value, b.value) &&
    a.source === b.source &&
    a.flag === b.flag &&
    a.range === b.range &&
    a.previous === b.previous &&
    a.error === b.error &&
    a.delta?.difference === b.delta?.difference &&
    a.delta?.exceeded === b.delta?.exceeded
  );
}

/**
 * judgeOrder remembered per order: judged again only when the order (a new version from the server), its test or its
 * draft changed — typing in one order re-judges that order alone, however many the worksheet holds. A line judged
 * the same as before keeps its object, so only the rows whose judgement changed are drawn again.
 */
export function createJudgeCache(): (
  test: WorksheetTest,
  order: OrderResults,
  draft: OrderDraft | undefined,
) => JudgedTest {
  const cache = new Map<
    string,
    { test: WorksheetTest; order: OrderResults; draft: OrderDraft | undefined; judged: JudgedTest }
  >();
  return (test, order, draft) => {
    const hit = cache.get(order.orderId);
    if (hit && hit.test === test && hit.order === order && hit.draft === draft) return hit.judged;
    let judged = judgeOrder(test, order, draft);
    if (hit && hit.test === test) {
      const before = hit.judged.results;
      judged = { ...judged, results: judged.results.map((r, n) => (sameLine(before[n]!, r) ? before[n]! : r)) };
    }
    cache.set(order.orderId, { test, order, draft, judged });
    return judged;
  };
}

/** Whether the lab may type on the order: it has a test definition and is not signed (an amendment reopens it). */
export const isEditable = (row: { order: OrderResults; test: WorksheetTest | null }): boolean =>
  row.test !== null && row.order.status !== 'SIGNED';

/**
 * The value cells the keyboard walks down, in the grid's order: every parameter of the orders the lab may type on,
 * except calculated ones (judgeTest fills those in).
 */
export function focusOrder(
  rows: readonly WorksheetRow[],
  editable: (row: { order: OrderResults; test: WorksheetTest | null }) => boolean = isEditable,
): string[] {
  return rows.flatMap((r) => (r.kind === 'parameter' && r.parameter.formula === null && editable(r) ? [r.key] : []));
}

/** The cell the keyboard moves to from `from` (one step down or up; it stays put at either end). */
export function moveFocus(order: readonly string[], from: string | null, step: 1 | -1): string | null {
  if (order.length === 0) return null;
  const at = from === null ? -1 : order.indexOf(from);
  if (at === -1) return step === 1 ? order[0]! : order[order.length - 1]!;
  return order[Math.min(order.length - 1, Math.max(0, at + step))]!;
}

/** The first value cell of an order (where a barcode scan puts the cursor), or null when none can be typed in. */
export const firstCellOf = (order: readonly string[], orderId: string): string | null =>
  order.find((key) => key.startsWith(`${orderId}:`)) ?? null;

/** The kind of control a parameter's value is typed in. */
export type ValueControl = 'number' | 'text' | 'choice' | 'choices' | 'calculated';

export function controlOf(p: Parameter): ValueControl {
  if (p.formula !== null) return 'calculated';
  const choices = p.type === 'Custom' || (p.fieldMode !== 'text field' && p.options.length > 0);
  if (choices) return p.fieldMode === 'multi' ? 'choices' : 'choice';
  return p.type === 'Text' ? 'text' : 'number';
}

/** What a key pressed in a value control does (docs/decisions/0308). */
export type KeyAction = 'next' | 'previous' | 'save' | null;

export interface KeyPress {
  readonly key: string;
  readonly shiftKey: boolean;
  readonly ctrlKey: boolean;
  readonly metaKey: boolean;
  readonly altKey: boolean;
}

/**
 * Enter or ArrowDown: the next value; Shift+Enter or ArrowUp: the previous one; Ctrl+S (⌘S): save the order. A choice
 * list keeps Alt+ArrowDown/Up (opens its list) and letters (picks by the first letters); a list of several choices
 * keeps every key while its dropdown is open.
 */
export function keyAction(press: KeyPress, control: ValueControl, dropdownOpen = false): KeyAction {
  if ((press.ctrlKey || press.metaKey) && !press.altKey && press.key.toLowerCase() === 's') return 'save';
  if (press.ctrlKey || press.metaKey || press.altKey) return null;
  if (control === 'choices' && dropdownOpen) return null;
  switch (press.key) {
    case 'Enter':
      return press.shiftKey ? 'previous' : 'next';
    case 'ArrowDown':
      return press.shiftKey ? null : 'next';
    case 'ArrowUp':
      return press.shiftKey ? null : 'previous';
    default:
      return null;
  }
}

/** The worksheet's status filter: the open work (the service's default), one status, or every status. */
export const STATUS_FILTERS = ['open', ...RESULT_STATUSES, 'all'] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export function statusesOf(filter: StatusFilter): ResultStatus[] | undefined {
  if (filter === 'open') return undefined;
  if (filter === 'all') return [...RESULT_STATUSES];
  return [filter];
}

/** The order with this barcode on the worksheet (a scan), or undefined. */
export const orderOfBarcode = (orders: readonly OrderResults[], text: string): OrderResults | undefined => {
  const code = text.trim().toUpperCase();
  return code ? orders.find((o) => o.barcode.toUpperCase() === code) : undefined;
};

/** The worksheet with one order replaced by the server's newer copy (after a save, a sign, an amendment). */
export function withOrder(sheet: Worksheet, order: OrderResults): Worksheet {
  return { ...sheet, items: sheet.items.map((o) => (o.orderId === order.orderId ? order : o)) };
}

/** The orders a pathologist can sign among those shown: validated, nothing unsaved. */
export function signableOrders(orders: readonly OrderResults[], drafts: Drafts): string[] {
  return orders
    .filter((o) => o.status === 'VALIDATED' && Object.keys(drafts[o.orderId] ?? {}).length === 0)
    .map((o) => o.orderId);
}

/** Ids in batches the service signs at once (all or nothing each). */
export function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let n = 0; n < items.length; n += size) out.push(items.slice(n, n + size));
  return out;
}

/**
 * A flag as the worksheet shows it: its letters and words (never colour alone) and its colour — shades whose badge text
 * (white or black, by Mantine's autoContrast) keeps WCAG AA contrast.
 */
export const FLAG_DISPLAY: Record<Exclude<ResultFlag, 'ABSURD'>, { short: string; label: string; color: string }> = {
  NORMAL: { short: 'N', label: 'Normal', color: 'gray.6' },
  LOW: { short: 'L', label: 'Low', color: 'blue.8' },
  HIGH: { short: 'H', label: 'High', color: 'orange.4' },
  CRITICAL_LOW: { short: 'LL', label: 'Critical low', color: 'red.9' },
  CRITICAL_HIGH: { short: 'HH', label: 'Critical high', color: 'red.9' },
  ABNORMAL: { short: 'A', label: 'Abnormal', color: 'grape.8' },
};

/** A range as a line: '70–110 mg/dL', '≤ 200 mg/dL', '≥ 40 mg/dL'; '—' without one. */
export function rangeText(range: ReferenceRange | null, unit: string | null): string {
  if (!range) return '—';
  const u = unit ? ` ${unitOf(unit)?.label ?? unit}` : '';
  const limits =
    range.low !== null && range.high !== null
      ? `${range.low}–${range.high}`
      : range.low !== null
        ? `≥ ${range.low}`
        : `≤ ${range.high ?? ''}`;
  return `${range.label ? `${range.label}: ` : ''}${limits}${u}`;
}

const AGE_SHORT: Record<AgeUnit, string> = { years: 'Y', months: 'M', days: 'D' };

/** The patient's age as the header shows it with their sex: '42 Y / Female', '7 M / Male', '12 D / Female'. */
export function ageSexText(age: PatientAge, sex: string): string {
  const unit: AgeUnit = age.years >= 1 ? 'years' : age.months >= 1 ? 'months' : 'days';
  return `${age[unit]} ${AGE_SHORT[unit]} / ${sex}`;
}
