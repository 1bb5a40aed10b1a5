import { NUMERIC_PARAMETER_TYPES } from './catalogue-constants.js';
import {
  absDecimal,
  compareDecimal,
  decimalOf,
  decimalText,
  multiplyDecimal,
  parseDecimal,
  subtractDecimal,
  type Decimal,
} from './decimal.js';
import { PARAMETER_MESSAGES, type AgeUnit, type DeltaRule, type Parameter, type ReferenceRange } from './parameter.js';

/**
 * How a result is judged (docs/decisions/0292): the patient's age on the day the sample was collected, the reference
 * range that applies to them, the result's flag, and the change from their previous result. Pure functions: the
 * worksheet calls them as a value is typed, the service again when it is saved, and both agree.
 */

/** A patient's age in completed days, months and years (a band in months compares completed months). */
export interface PatientAge {
  readonly days: number;
  readonly months: number;
  readonly years: number;
}

/** A date, a told age or a result value that the rules cannot read (the caller answers 400 with the message). */
export class ResultValueError extends Error {
  override readonly name = 'ResultValueError';
}

const DAY_MS = 86_400_000;

function civilDate(text: string): { y: number; m: number; d: number; ms: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const [y, m, d] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  const ms = Date.UTC(y, m - 1, d);
  const back = new Date(ms);
  if (!match || back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d)
    throw new ResultValueError(`not a date (YYYY-MM-DD): ${text}`);
  return { y, m, d, ms };
}

/**
 * The age on `onDate` ('YYYY-MM-DD', the day the sample was collected) of a patient born on `born` ('YYYY-MM-DD'),
 * or told to be `born` whole years old on `ageRecordedOn` (default: `onDate`), as billing's front desk records it
 * (then the birth date is taken as that day, that many years before). A month or a year is completed on the same day
 * of the month, or on the 1st of the next month when the birth day is not in it (born 31 January: one month on
 * 1 March; born 29 February: one year on 1 March) — billing's rule for years (patient.entity.ts yearsBetween). A
 * birth after `onDate` is age 0, as billing shows it.
 */
export function ageOn(born: string | number, onDate: string, ageRecordedOn?: string | null): PatientAge {
  const on = civilDate(onDate);
  let birth: { y: number; m: number; d: number; ms: number };
  if (typeof born === 'number') {
    if (!Number.isSafeInteger(born) || born < 0 || born > 150) throw new ResultValueError(`not an age: ${born}`);
    const told = civilDate(ageRecordedOn ?? onDate);
    const y = told.y - born;
    const lastDay = new Date(Date.UTC(y, told.m, 0)).getUTCDate();
    const d = Math.min(told.d, lastDay);
    birth = { y, m: told.m, d, ms: Date.UTC(y, told.m - 1, d) };
  } else {
    birth = civilDate(born);
  }
  if (birth.ms > on.ms) return { days: 0, months: 0, years: 0 };
  const months = (on.y - birth.y) * 12 + (on.m - birth.m) - (on.d < birth.d ? 1 : 0);
  return { days: Math.round((on.ms - birth.ms) / DAY_MS), months, years: Math.floor(months / 12) };
}

/** Who a result is judged for: the patient's sex (the front desk's gender; null when not told), age and — for a
 * Multiple ranges parameter — which of its labelled ranges applies ('Luteal phase'), when known. */
export interface RangeSubject {
  readonly sex: string | null;
  readonly age: PatientAge;
  readonly label?: string | null;
}

/** Average lengths, used only to order age bands of different units by width (never to place a patient in one). */
const DAYS_IN: Record<AgeUnit, number> = { days: 1, months: 30.436875, years: 365.2425 };

function inBand(range: ReferenceRange, age: PatientAge): boolean {
  const completed = age[range.ageUnit];
  return completed >= range.ageFrom && (range.ageTo === null || completed < range.ageTo);
}

/** Most specific first: the patient's own sex before Any; a narrower age band; a later start; then list order. */
function moreSpecific(a: ReferenceRange, b: ReferenceRange): number {
  const sexA = a.sex === 'Any' ? 1 : 0;
  const sexB = b.sex === 'Any' ? 1 : 0;
  if (sexA !== sexB) return sexA - sexB;
  const width = (r: ReferenceRange): number =>
    r.ageTo === null ? Number.POSITIVE_INFINITY : (r.ageTo - r.ageFrom) * DAYS_IN[r.ageUnit];
  const widthA = width(a);
  const widthB = width(b);
  if (widthA !== widthB) return widthA < widthB ? -1 : 1;
  return b.ageFrom * DAYS_IN[b.ageUnit] - a.ageFrom * DAYS_IN[a.ageUnit];
}

function matching(parameter: Parameter, subject: RangeSubject): ReferenceRange[] {
  return parameter.ranges
    .filter((r) => (r.sex === 'Any' || r.sex === subject.sex) && inBand(r, subject.age))
    .sort(moreSpecific); // stable: equal ones keep the catalogue's order
}

/**
 * The reference range a result of `parameter` is judged by for this patient: among the ranges of their sex or of
 * Any whose age band holds their age, the most specific (their sex before Any, then the narrowest band); null when
 * none applies — a patient whose sex is not Male or Female is judged by Any ranges only. A Multiple ranges parameter
 * needs the subject's label ('Luteal phase') and is otherwise judged by none (see rangesFor).
 */
export function rangeFor(parameter: Parameter, subject: RangeSubject): ReferenceRange | null {
  if (parameter.type === 'Numeric unbound' || !isNumeric(parameter)) return null;
  if (parameter.type === 'Multiple ranges') {
    if (!subject.label) return null;
    return matching(parameter, subject).find((r) => r.label === subject.label) ?? null;
  }
  return matching(parameter, subject)[0] ?? null;
}

/**
 * The ranges a report prints for this patient: rangeFor's one, or for a Multiple ranges parameter the most specific
 * of each label, in the catalogue's order of labels.
 */
export function rangesFor(parameter: Parameter, subject: RangeSubject): ReferenceRange[] {
  if (parameter.type !== 'Multiple ranges') {
    const one = rangeFor(parameter, subject);
    return one ? [one] : [];
  }
  const best = new Map<string, ReferenceRange>();
  for (const r of matching(parameter, subject)) if (r.label !== null && !best.has(r.label)) best.set(r.label, r);
  const labels = [...new Set(parameter.ranges.map((r) => r.label))];
  return labels.flatMap((label) => (label !== null && best.has(label) ? [best.get(label) as ReferenceRange] : []));
}

/** A result's flag. ABSURD is outside what the parameter can be: the caller refuses the value, it is never stored. */
export const RESULT_FLAGS = ['NORMAL', 'LOW', 'HIGH', 'CRITICAL_LOW', 'CRITICAL_HIGH', 'ABNORMAL', 'ABSURD'] as const;
export type ResultFlag = (typeof RESULT_FLAGS)[number];

const isNumeric = (parameter: Parameter): boolean =>
  (NUMERIC_PARAMETER_TYPES as readonly string[]).includes(parameter.type);

const limitOf = (text: string | null): Decimal | null => (text === null ? null : decimalOf(text));

/** A numeric result's value; a ResultValueError when it is not decimal text. */
export function numericValue(value: string | readonly string[]): Decimal {
  const parsed = typeof value === 'string' ? parseDecimal(value) : null;
  if (!parsed) throw new ResultValueError(PARAMETER_MESSAGES.notANumber);
  return parsed;
}

/**
 * The flag of a result (docs/decisions/0292). Every limit belongs to the inside: a value equal to the possible
 * minimum or maximum is possible, equal to a critical limit is not critical, equal to the range's low or high is in
 * range. Numeric: ABSURD, else CRITICAL_LOW / CRITICAL_HIGH (the range's own critical limits, else the parameter's),
 * else LOW / HIGH against `range` (either side may be open; no range → NORMAL). Numeric unbound and Multiple ranges
 * without a chosen range: ABSURD or critical, else NORMAL. Text free text: NORMAL. A choice (Custom, Text with
 * options): ABSURD when a value is not one of the choices, ABNORMAL when one chosen is marked abnormal, else NORMAL.
 * A numeric parameter's value that is not a number is a ResultValueError.
 */
export function flagOf(
  parameter: Parameter,
  value: string | readonly string[],
  range: ReferenceRange | null,
): ResultFlag {
  if (isNumeric(parameter)) {
    const v = numericValue(value);
    const below = (limit: Decimal | null): boolean => limit !== null && compareDecimal(v, limit) < 0;
    const above = (limit: Decimal | null): boolean => limit !== null && compareDecimal(v, limit) > 0;
    if (below(limitOf(parameter.possibleMin)) || above(limitOf(parameter.possibleMax))) return 'ABSURD';
    const judged = parameter.type === 'Numeric unbound' ? null : range;
    if (below(limitOf(judged?.criticalLow ?? parameter.criticalLow))) return 'CRITICAL_LOW';
    if (above(limitOf(judged?.criticalHigh ?? parameter.criticalHigh))) return 'CRITICAL_HIGH';
    if (judged === null) return 'NORMAL';
    if (below(limitOf(judged.low))) return 'LOW';
    if (above(limitOf(judged.high))) return 'HIGH';
    return 'NORMAL';
  }
  const chosen = (typeof value === 'string' ? [value] : [...value]).map((v) => v.trim());
  const isChoice =
    parameter.type === 'Custom' || (parameter.fieldMode !== 'text field' && parameter.options.length > 0);
  if (!isChoice) return 'NORMAL';
  if (chosen.length === 0 || (parameter.fieldMode !== 'multi' && chosen.length > 1))
    throw new ResultValueError(PARAMETER_MESSAGES.notAChoice(chosen.join(', ')));
  let abnormal = false;
  for (const v of chosen) {
    const option = parameter.options.find((o) => o.value.toLowerCase() === v.toLowerCase());
    if (!option) return 'ABSURD';
    abnormal ||= option.abnormal;
  }
  return abnormal ? 'ABNORMAL' : 'NORMAL';
}

/** The outcome of a delta check: the change (current − previous, exact text) and which limit it went past. */
export interface DeltaCheck {
  readonly difference: string;
  readonly beyondAbsolute: boolean;
  readonly beyondPercent: boolean;
  /** beyondAbsolute or beyondPercent: the result waits for a person (no auto-validation). */
  readonly exceeded: boolean;
}

const HUNDRED: Decimal = { units: 100n, scale: 0 };

/**
 * Whether the change from the patient's previous result of the parameter to this one is beyond the parameter's delta
 * rule: |current − previous| above `absolute`, or above `percent` % of |previous| (from a previous 0 any change is).
 * A change exactly at a limit is not beyond it. Null when there is no rule or no previous result.
 */
export function deltaCheck(
  previous: string | null | undefined,
  current: string,
  rule: DeltaRule | null | undefined,
): DeltaCheck | null {
  if (!rule || previous === null || previous === undefined) return null;
  const before = numericValue(previous);
  const now = numericValue(current);
  const change = subtractDecimal(now, before);
  const size = absDecimal(change);
  const absolute = limitOf(rule.absolute);
  const percent = limitOf(rule.percent);
  const beyondAbsolute = absolute !== null && compareDecimal(size, absolute) > 0;
  const beyondPercent =
    percent !== null &&
    (before.units === 0n
      ? size.units !== 0n
      : compareDecimal(multiplyDecimal(size, HUNDRED), multiplyDecimal(percent, absDecimal(before))) > 0);
  return {
    difference: decimalText(change),
    beyondAbsolute,
    beyondPercent,
    exceeded: beyondAbsolute || beyondPercent,
  };
}
