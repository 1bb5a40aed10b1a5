import { evaluateFormula, formulaReferences } from './formula.js';
import { PARAMETER_MESSAGES, type Parameter, type ReferenceRange } from './parameter.js';
import {
  deltaCheck,
  flagOf,
  rangeFor,
  ResultValueError,
  type DeltaCheck,
  type RangeSubject,
  type ResultFlag,
} from './result-rules.js';

/**
 * One test's results on the validation worksheet, judged as a whole (docs/decisions/0306): the values typed or sent
 * by an analyzer, the calculated parameters filled in from them, each value's range, flag and delta check, and
 * whether the test may be validated without a person. Pure: the worksheet runs it as a value is typed, the service
 * again when it is saved, and both agree.
 */

/** Where a result's value came from. */
export const RESULT_SOURCES = ['MANUAL', 'ANALYZER', 'CALCULATED'] as const;
export type ResultSource = (typeof RESULT_SOURCES)[number];

/** A result's value: decimal text or free text, or the choices picked (a multi field). */
export type ResultValue = string | readonly string[];

/** A value given for a parameter (typed, or an analyzer's). */
export interface GivenValue {
  readonly value: ResultValue;
  readonly source: Exclude<ResultSource, 'CALCULATED'>;
}

/** One parameter's line on the worksheet. */
export interface JudgedResult {
  readonly code: string;
  /** Null: no value yet (nothing given, or a calculated value whose inputs are missing). */
  readonly value: ResultValue | null;
  readonly source: ResultSource | null;
  /** The range it is judged by for this patient, when one applies. */
  readonly range: ReferenceRange | null;
  /** Null when there is no value, or the value was refused (`error`). */
  readonly flag: ResultFlag | null;
  /** The patient's previous result of the parameter and the change from it, when the parameter has a delta rule. */
  readonly previous: string | null;
  readonly delta: DeltaCheck | null;
  /** Why the value cannot be kept (not a number, not a choice, outside what the parameter can be). */
  readonly error: string | null;
}

/** Why a test waits for a person instead of being validated by its rule. */
export const AUTO_VALIDATION_HOLDS = {
  ruleOff: 'The test is not validated automatically',
  missing: 'A result is missing',
  refused: 'A result was refused',
  outOfRange: 'A result is outside its reference range',
  critical: 'A result is critical',
  delta: "A result changed more than its delta rule allows since the patient's previous one",
} as const;
export type AutoValidationHold = keyof typeof AUTO_VALIDATION_HOLDS;

export interface JudgedTest {
  readonly results: readonly JudgedResult[];
  /** Every parameter has a kept value. */
  readonly complete: boolean;
  /** A value is CRITICAL_LOW or CRITICAL_HIGH: the referring centre is told and must acknowledge. */
  readonly critical: boolean;
  /** Why the test cannot be validated by its rule (empty: it can). */
  readonly holds: readonly AutoValidationHold[];
}

/** How a test is judged: the patient, their previous results by parameter code, and the test's own rule. */
export interface JudgeContext {
  readonly subject: RangeSubject;
  readonly previous?: Readonly<Record<string, string | null | undefined>>;
  /** The test validates itself when every result is complete, in range, not critical and within its delta rule. */
  readonly autoValidate: boolean;
}

const NOT_OUT_OF_RANGE: readonly ResultFlag[] = ['NORMAL'];
const CRITICAL: readonly ResultFlag[] = ['CRITICAL_LOW', 'CRITICAL_HIGH'];

const isEmpty = (value: ResultValue | undefined): boolean =>
  value === undefined || (typeof value === 'string' ? value.trim() === '' : value.length === 0);

/** The parameters with formulas, in an order where each comes after the calculated parameters it uses. */
function calculationOrder(parameters: readonly Parameter[]): Parameter[] {
  const calculated = new Map(parameters.filter((p) => p.formula !== null).map((p) => [p.code, p]));
  const done = new Set<string>();
  const order: Parameter[] = [];
  const visit = (p: Parameter): void => {
    if (done.has(p.code)) return;
    done.add(p.code); // the catalogue refuses circles (testParametersSchema); this only guards the walk
    for (const ref of formulaReferences(p.formula!)) {
      const used = calculated.get(ref);
      if (used) visit(used);
    }
    order.push(p);
  };
  for (const p of calculated.values()) visit(p);
  return order;
}

function judgeValue(
  parameter: Parameter,
  value: ResultValue,
  range: ReferenceRange | null,
): { flag: ResultFlag | null; error: string | null } {
  try {
    const flag = flagOf(parameter, value, range);
    if (flag === 'ABSURD')
      return {
        flag: null,
        error:
          parameter.options.length > 0 || parameter.type === 'Custom'
            ? PARAMETER_MESSAGES.notAChoice(typeof value === 'string' ? value : value.join(', '))
            : PARAMETER_MESSAGES.outsidePossibleValue(parameter.possibleMin, parameter.possibleMax),
      };
    return { flag, error: null };
  } catch (error) {
    if (error instanceof ResultValueError) return { flag: null, error: error.message };
    throw error;
  }
}

/**
 * Judges one test's results (docs/decisions/0306). A calculated parameter's value always comes from its formula
 * (a value given for it is ignored) and is computed only from kept values. A refused value is not kept: its line
 * carries the error, and the test holds.
 */
export function judgeTest(
  parameters: readonly Parameter[],
  given: Readonly<Record<string, GivenValue | undefined>>,
  context: JudgeContext,
): JudgedTest {
  const lines = new Map<string, JudgedResult>();
  const kept: Record<string, string | null> = {};
  const judge = (p: Parameter, value: ResultValue | null, source: ResultSource | null): JudgedResult => {
    const range = rangeFor(p, context.subject);
    if (value === null)
      return { code: p.code, value, source, range, flag: null, previous: null, delta: null, error: null };
    const { flag, error } = judgeValue(p, value, range);
    const previous = context.previous?.[p.code] ?? null;
    const delta = error === null && typeof value === 'string' && p.delta ? deltaCheck(previous, value, p.delta) : null;
    return { code: p.code, value, source, range, flag, previous: p.delta ? previous : null, delta, error };
  };
  for (const p of parameters) {
    if (p.formula !== null) continue;
    const g = given[p.code];
    const line = judge(p, g && !isEmpty(g.value) ? g.value : null, g && !isEmpty(g.value) ? g.source : null);
    lines.set(p.code, line);
    kept[p.code] = line.error === null && typeof line.value === 'string' ? line.value : null;
  }
  for (const p of calculationOrder(parameters)) {
    const value = evaluateFormula(p.formula!, kept, p.decimals);
    const line = judge(p, value, value === null ? null : 'CALCULATED');
    lines.set(p.code, line);
    kept[p.code] = line.error === null ? value : null;
  }
  const results = parameters.map((p) => lines.get(p.code)!);
  const complete = results.every((r) => r.value !== null && r.error === null);
  const critical = results.some((r) => r.flag !== null && CRITICAL.includes(r.flag));
  const holds = new Set<AutoValidationHold>();
  if (!context.autoValidate) holds.add('ruleOff');
  for (const r of results) {
    if (r.error !== null) holds.add('refused');
    else if (r.value === null) holds.add('missing');
    else if (r.flag !== null && CRITICAL.includes(r.flag)) holds.add('critical');
    else if (r.flag !== null && !NOT_OUT_OF_RANGE.includes(r.flag)) holds.add('outOfRange');
    if (r.delta?.exceeded) holds.add('delta');
  }
  const order = Object.keys(AUTO_VALIDATION_HOLDS) as AutoValidationHold[];
  return { results, complete, critical, holds: order.filter((h) => holds.has(h)) };
}
