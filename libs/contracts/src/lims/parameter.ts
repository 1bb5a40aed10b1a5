import { z } from 'zod';
import type { Gender } from '../billing/patient-forms.js';
import { TEST_MESSAGES } from '../billing/catalogue-messages.js';
import {
  FIELD_MODES,
  NUMERIC_PARAMETER_TYPES,
  PARAMETER_TYPES,
  UNIT_CODES,
  type ParameterType,
} from './catalogue-constants.js';
import { compareDecimal, DECIMAL_TEXT_PATTERN, parseDecimal, type Decimal } from './decimal.js';
import { formulaReferences, FormulaSyntaxError } from './formula.js';

/**
 * A lab test's parameters (spec §3 parameter types and field modes) and their reference ranges: what the catalogue
 * stores, the bulk upload checks row by row, and the worksheet judges results by (result-rules.ts). Limits are exact
 * decimal text (decimal.ts). How ranges are chosen and flags computed: docs/decisions/0292.
 */

/** Who a reference range is for: one sex (the front desk's genders), or anyone. */
export const RANGE_SEXES = ['Male', 'Female', 'Any'] as const satisfies readonly (Gender | 'Any')[];
export type RangeSex = (typeof RANGE_SEXES)[number];

/** The unit an age band is written in (neonatal ranges in days, infants' in months, the rest in years). */
export const AGE_UNITS = ['days', 'months', 'years'] as const;
export type AgeUnit = (typeof AGE_UNITS)[number];

/** The catalogue's messages (spec §8 words where it gives them). */
export const PARAMETER_MESSAGES = {
  /** spec §8: a test's update that cannot be made (a bulk upload names the row). */
  updateFailed: TEST_MESSAGES.updateFailed,
  /** spec §8: a lab report asked for with no test chosen. */
  selectTestCode: 'Select Atleast One TestCode to Generate',
  notDecimal: 'Enter a number such as 4.5 (at most 12 digits before the point and 6 after)',
  codeFormat: 'A parameter code starts with a letter and has only letters, digits and _',
  unknownUnit: 'Choose a unit from the units list',
  lowAboveHigh: 'The low limit is above the high limit',
  rangeWithoutLimit: 'A reference range needs a low limit, a high limit or both',
  ageToNotAboveFrom: 'The age band must end after it starts',
  overlappingRanges: 'Two reference ranges of the same sex overlap in age',
  labelRequired: 'Each range of a Multiple ranges parameter needs a label (e.g. Follicular phase)',
  labelNotAllowed: 'Only a Multiple ranges parameter labels its ranges',
  rangesNotAllowed: (type: ParameterType) => `A ${type} parameter has no reference ranges`,
  numericOnly: (what: string) => `Only a numeric parameter has ${what}`,
  fieldModeSingle: 'A numeric parameter is entered in the single field mode',
  optionsRequired: 'Choose the values this parameter can take',
  optionsNotAllowed: 'A text field parameter has no choices',
  choicesNotNumeric: 'A numeric parameter has no choices',
  duplicateOption: 'The same choice is listed twice',
  outsidePossible: 'A limit is outside the possible minimum and maximum',
  criticalInsideRange: 'A critical limit is inside the reference range',
  duplicateCode: 'Two parameters of the test have the same code',
  formulaSyntax: (detail: string) => `The formula cannot be read: ${detail}`,
  formulaUnknownCode: (code: string) => `The formula names ${code}, which is not a parameter of this test`,
  formulaSelf: 'A formula cannot use its own parameter',
  formulaCycle: (codes: readonly string[]) => `Formulas use each other in a circle: ${codes.join(' → ')}`,
  notANumber: 'The result is not a number',
  outsidePossibleValue: (min: string | null, max: string | null) =>
    `The result is outside what this parameter can be (${min ?? '…'} to ${max ?? '…'}): check it and enter it again`,
  notAChoice: (value: string) => `“${value}” is not one of this parameter's choices`,
} as const;

/** Exact decimal text: a result, a limit ('4.50', '-1', '120'). */
export const decimalTextSchema = z
  .string()
  .trim()
  .regex(DECIMAL_TEXT_PATTERN, { message: PARAMETER_MESSAGES.notDecimal });

const limit = decimalTextSchema.nullable().default(null);

/**
 * A limit's value in a refinement: zod runs an object's refinements after a field's own check failed (the check is
 * not aborting), so a limit that is not decimal text is read as absent here — its own issue already names it.
 */
const valueOf = (text: string | null): Decimal | null => (text === null ? null : parseDecimal(text));

/** a > b when both are present. */
const isAbove = (a: string | null, b: string | null): boolean => {
  const x = valueOf(a);
  const y = valueOf(b);
  return x !== null && y !== null && compareDecimal(x, y) > 0;
};

/** A reference range: for a sex and an age band [ageFrom, ageTo) in one unit, low and/or high (inclusive). */
export const referenceRangeSchema = z
  .object({
    /** Multiple ranges only: what the range is for ('Follicular phase', 'Luteal phase', 'Postmenopausal'). */
    label: z.string().trim().min(1).max(60).nullable().default(null),
    sex: z.enum(RANGE_SEXES).default('Any'),
    ageUnit: z.enum(AGE_UNITS).default('years'),
    /** Inclusive: the band holds a patient who has completed this many units. */
    ageFrom: z.number().int().min(0).max(200).default(0),
    /** Exclusive; null = no upper end. */
    ageTo: z.number().int().min(1).max(200).nullable().default(null),
    /** Inclusive; null = no lower limit (a one-sided range, e.g. HDL ≥ 40). */
    low: limit,
    /** Inclusive; null = no upper limit (e.g. LDL ≤ 100). */
    high: limit,
    /** Overrides the parameter's critical limits for this band (e.g. a neonate's glucose). */
    criticalLow: limit,
    criticalHigh: limit,
  })
  .superRefine((r, ctx) => {
    if (r.low === null && r.high === null)
      ctx.addIssue({ code: 'custom', path: ['low'], message: PARAMETER_MESSAGES.rangeWithoutLimit });
    if (isAbove(r.low, r.high))
      ctx.addIssue({ code: 'custom', path: ['high'], message: PARAMETER_MESSAGES.lowAboveHigh });
    if (r.ageTo !== null && r.ageTo <= r.ageFrom)
      ctx.addIssue({ code: 'custom', path: ['ageTo'], message: PARAMETER_MESSAGES.ageToNotAboveFrom });
    if (isAbove(r.criticalLow, r.criticalHigh))
      ctx.addIssue({ code: 'custom', path: ['criticalHigh'], message: PARAMETER_MESSAGES.lowAboveHigh });
  });
export type ReferenceRange = z.output<typeof referenceRangeSchema>;
export type ReferenceRangeInput = z.input<typeof referenceRangeSchema>;

/** A choice of a Text or Custom parameter ('Positive', 'Reactive'); `abnormal` flags it on the report. */
export const parameterOptionSchema = z.object({
  value: z.string().trim().min(1).max(120),
  abnormal: z.boolean().default(false),
});
export type ParameterOption = z.output<typeof parameterOptionSchema>;

/**
 * When a result's change from the patient's previous result of the same parameter is worth a look: more than
 * `absolute` (in the parameter's unit) or more than `percent` % of the previous value. Either or both.
 */
export const deltaRuleSchema = z
  .object({ absolute: limit, percent: limit })
  .refine((d) => d.absolute !== null || d.percent !== null, { message: PARAMETER_MESSAGES.rangeWithoutLimit });
export type DeltaRule = z.output<typeof deltaRuleSchema>;

const isNumericType = (type: ParameterType): boolean => (NUMERIC_PARAMETER_TYPES as readonly string[]).includes(type);

/** The ranges of one sex and label whose age bands (same unit) overlap: the choice between them would be arbitrary. */
function overlapping(ranges: readonly ReferenceRange[]): number | null {
  for (let j = 0; j < ranges.length; j += 1) {
    const b = ranges[j] as ReferenceRange;
    for (let k = 0; k < j; k += 1) {
      const a = ranges[k] as ReferenceRange;
      if (a.sex !== b.sex || a.label !== b.label || a.ageUnit !== b.ageUnit) continue;
      const aEnd = a.ageTo ?? Number.POSITIVE_INFINITY;
      const bEnd = b.ageTo ?? Number.POSITIVE_INFINITY;
      if (a.ageFrom < bEnd && b.ageFrom < aEnd) return j;
    }
  }
  return null;
}

/**
 * A test parameter. Numeric, Numeric unbound and Multiple ranges hold a number (single field mode) with a unit,
 * possible (absurd) limits, critical limits and a formula when calculated; Numeric has reference ranges, Multiple
 * ranges labelled ones, Numeric unbound none. Text is free text (single line, or several in `text field`) or a choice
 * of `options` (single or multi); Custom is always a choice of `options`, any of which may be marked abnormal.
 */
export const parameterSchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(1)
      .max(20)
      .regex(/^[A-Za-z][A-Za-z0-9_]*$/, { message: PARAMETER_MESSAGES.codeFormat }),
    name: z.string().trim().min(1).max(120),
    type: z.enum(PARAMETER_TYPES),
    fieldMode: z.enum(FIELD_MODES).default('single'),
    /** A UCUM code of UNITS; null for a value without a unit. */
    unit: z
      .string()
      .refine((code) => UNIT_CODES.includes(code), { message: PARAMETER_MESSAGES.unknownUnit })
      .nullable()
      .default(null),
    /** Fraction digits the report prints. */
    decimals: z.number().int().min(0).max(6).default(0),
    /** What the analyte can physically be: a result outside is a mistake and is refused (ABSURD). */
    possibleMin: limit,
    possibleMax: limit,
    /** Panic limits for every patient (a range may override them for its band). */
    criticalLow: limit,
    criticalHigh: limit,
    ranges: z.array(referenceRangeSchema).max(50).default([]),
    options: z.array(parameterOptionSchema).max(50).default([]),
    /** A calculated parameter: an expression of the test's other parameter codes (e.g. 'TCHOL - HDL - TG / 5'). */
    formula: z.string().trim().min(1).max(500).nullable().default(null),
    delta: deltaRuleSchema.nullable().default(null),
  })
  .superRefine((p, ctx) => {
    const issue = (path: (string | number)[], message: string): void => ctx.addIssue({ code: 'custom', path, message });
    const numeric = isNumericType(p.type);
    if (numeric) {
      if (p.fieldMode !== 'single') issue(['fieldMode'], PARAMETER_MESSAGES.fieldModeSingle);
      if (p.options.length > 0) issue(['options'], PARAMETER_MESSAGES.choicesNotNumeric);
    } else {
      for (const key of [
        'unit',
        'possibleMin',
        'possibleMax',
        'criticalLow',
        'criticalHigh',
        'formula',
        'delta',
      ] as const)
        if (p[key] !== null) issue([key], PARAMETER_MESSAGES.numericOnly(key));
    }
    if (!numeric || p.type === 'Numeric unbound') {
      if (p.ranges.length > 0) issue(['ranges'], PARAMETER_MESSAGES.rangesNotAllowed(p.type));
    }
    p.ranges.forEach((r, n) => {
      if (p.type === 'Multiple ranges' && r.label === null)
        issue(['ranges', n, 'label'], PARAMETER_MESSAGES.labelRequired);
      if (p.type !== 'Multiple ranges' && r.label !== null)
        issue(['ranges', n, 'label'], PARAMETER_MESSAGES.labelNotAllowed);
    });
    const clash = overlapping(p.ranges);
    if (clash !== null) issue(['ranges', clash], PARAMETER_MESSAGES.overlappingRanges);

    // Choices.
    const choice = p.type === 'Custom' || (p.type === 'Text' && p.fieldMode !== 'text field' && p.options.length > 0);
    if (p.type === 'Custom' && p.fieldMode === 'text field') issue(['fieldMode'], PARAMETER_MESSAGES.optionsRequired);
    if ((p.type === 'Custom' || (p.type === 'Text' && p.fieldMode === 'multi')) && p.options.length === 0)
      issue(['options'], PARAMETER_MESSAGES.optionsRequired);
    if (p.type === 'Text' && p.fieldMode === 'text field' && p.options.length > 0)
      issue(['options'], PARAMETER_MESSAGES.optionsNotAllowed);
    if (choice) {
      const seen = new Set<string>();
      p.options.forEach((o, n) => {
        const key = o.value.toLowerCase();
        if (seen.has(key)) issue(['options', n, 'value'], PARAMETER_MESSAGES.duplicateOption);
        seen.add(key);
      });
    }

    // Limits: possible ⊇ critical and ranges; critical outside the reference ranges.
    if (isAbove(p.possibleMin, p.possibleMax)) issue(['possibleMax'], PARAMETER_MESSAGES.lowAboveHigh);
    const within = (path: (string | number)[], text: string | null): void => {
      if (isAbove(p.possibleMin, text) || isAbove(text, p.possibleMax)) issue(path, PARAMETER_MESSAGES.outsidePossible);
    };
    within(['criticalLow'], p.criticalLow);
    within(['criticalHigh'], p.criticalHigh);
    if (isAbove(p.criticalLow, p.criticalHigh)) issue(['criticalHigh'], PARAMETER_MESSAGES.lowAboveHigh);
    p.ranges.forEach((r, n) => {
      for (const key of ['low', 'high', 'criticalLow', 'criticalHigh'] as const) within(['ranges', n, key], r[key]);
      const critLow = r.criticalLow ?? p.criticalLow;
      const critHigh = r.criticalHigh ?? p.criticalHigh;
      if (isAbove(critLow, r.low)) issue(['ranges', n, 'low'], PARAMETER_MESSAGES.criticalInsideRange);
      if (isAbove(r.high, critHigh)) issue(['ranges', n, 'high'], PARAMETER_MESSAGES.criticalInsideRange);
    });

    if (p.formula !== null) {
      try {
        const refs = formulaReferences(p.formula);
        if (refs.includes(p.code)) issue(['formula'], PARAMETER_MESSAGES.formulaSelf);
      } catch (error) {
        if (!(error instanceof FormulaSyntaxError)) throw error;
        issue(['formula'], PARAMETER_MESSAGES.formulaSyntax(error.message));
      }
    }
  });
export type Parameter = z.output<typeof parameterSchema>;
export type ParameterInput = z.input<typeof parameterSchema>;

/** The formulas' uses that go round in a circle (A uses B uses A), as the codes of the first one found, or null. */
function formulaCycle(uses: ReadonlyMap<string, readonly string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const trail: string[] = [];
  const visit = (code: string): string[] | null => {
    if (state.get(code) === 'done') return null;
    if (state.get(code) === 'open') return [...trail.slice(trail.indexOf(code)), code];
    state.set(code, 'open');
    trail.push(code);
    for (const next of uses.get(code) ?? []) {
      const found = visit(next);
      if (found) return found;
    }
    trail.pop();
    state.set(code, 'done');
    return null;
  };
  for (const code of uses.keys()) {
    const found = visit(code);
    if (found) return found;
  }
  return null;
}

/**
 * A test's parameters, in report order: codes unique within the test, and every formula uses only the test's other
 * parameters, without circles (a calculated parameter may use another calculated one).
 */
export const testParametersSchema = z
  .array(parameterSchema)
  .min(1)
  .max(200)
  .superRefine((params, ctx) => {
    const codes = new Set<string>();
    const uses = new Map<string, string[]>();
    params.forEach((p, n) => {
      if (codes.has(p.code))
        ctx.addIssue({ code: 'custom', path: [n, 'code'], message: PARAMETER_MESSAGES.duplicateCode });
      codes.add(p.code);
    });
    params.forEach((p, n) => {
      if (p.formula === null) return;
      let refs: string[];
      try {
        refs = formulaReferences(p.formula);
      } catch {
        return; // the parameter's own schema said why
      }
      for (const ref of refs)
        if (ref !== p.code && !codes.has(ref))
          ctx.addIssue({ code: 'custom', path: [n, 'formula'], message: PARAMETER_MESSAGES.formulaUnknownCode(ref) });
      uses.set(
        p.code,
        refs.filter((r) => r !== p.code && codes.has(r)),
      );
    });
    const cycle = formulaCycle(uses);
    if (cycle) {
      const at = params.findIndex((p) => p.code === cycle[0]);
      ctx.addIssue({ code: 'custom', path: [at, 'formula'], message: PARAMETER_MESSAGES.formulaCycle(cycle) });
    }
  });
