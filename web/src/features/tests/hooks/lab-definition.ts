import {
  CONTAINERS,
  DEFAULT_LAB_DEPARTMENTS,
  NUMERIC_PARAMETER_TYPES,
  SAMPLE_TYPES,
  unitOf,
  type AgeUnit,
  type BillableTest,
  type DeltaRule,
  type FieldMode,
  type LabTest,
  type LIMS_API,
  type Parameter,
  type ParameterType,
  type RangeSex,
  type ReferenceRange,
} from '@rayworks/contracts';
import type { z } from 'zod';

/**
 * The laboratory definition's form (a LAB test's edit screen): what is typed, as text, and the body it sends
 * (/labtest/create or /labtest/update, validated by the contract's schema before it is sent). Pure: unit-tested.
 */

export type LabTestBody = z.input<typeof LIMS_API.updateLabTest.body>;

export interface RangeDraft {
  label: string;
  sex: RangeSex;
  ageUnit: AgeUnit;
  ageFrom: string;
  ageTo: string;
  low: string;
  high: string;
  /** Not edited on this screen (the upload sets them): kept as they were. */
  criticalLow: string | null;
  criticalHigh: string | null;
}

export interface ParameterDraft {
  /** A stable React key (not sent). */
  key: string;
  code: string;
  name: string;
  type: ParameterType;
  fieldMode: FieldMode;
  unit: string | null;
  decimals: string;
  possibleMin: string;
  possibleMax: string;
  criticalLow: string;
  criticalHigh: string;
  formula: string;
  /** Choices, '|'-separated; an abnormal one ends in '*' ('Negative|Positive*'), as the upload writes them. */
  options: string;
  /** Not edited on this screen: kept as it was. */
  delta: DeltaRule | null;
  ranges: RangeDraft[];
}

export interface LabDraft extends Record<string, unknown> {
  name: string;
  department: string;
  subDepartmentCode: string;
  subDepartmentName: string;
  sampleType: string;
  container: string;
  turnaroundHours: string;
  method: string;
  loincCode: string;
  autoValidate: boolean;
  parameters: ParameterDraft[];
}

let keys = 0;
const nextKey = () => `p${(keys += 1)}`;

export const isNumeric = (type: ParameterType): boolean =>
  (NUMERIC_PARAMETER_TYPES as readonly string[]).includes(type);
export const hasRanges = (type: ParameterType): boolean => type === 'Numeric' || type === 'Multiple ranges';
export const hasChoices = (p: Pick<ParameterDraft, 'type' | 'fieldMode'>): boolean =>
  p.type === 'Custom' || (p.type === 'Text' && p.fieldMode !== 'text field');

export const emptyRange = (): RangeDraft => ({
  label: '',
  sex: 'Any',
  ageUnit: 'years',
  ageFrom: '0',
  ageTo: '',
  low: '',
  high: '',
  criticalLow: null,
  criticalHigh: null,
});

export const emptyParameter = (): ParameterDraft => ({
  key: nextKey(),
  code: '',
  name: '',
  type: 'Numeric',
  fieldMode: 'single',
  unit: null,
  decimals: '0',
  possibleMin: '',
  possibleMax: '',
  criticalLow: '',
  criticalHigh: '',
  formula: '',
  options: '',
  delta: null,
  ranges: [emptyRange()],
});

const rangeDraft = (r: ReferenceRange): RangeDraft => ({
  label: r.label ?? '',
  sex: r.sex,
  ageUnit: r.ageUnit,
  ageFrom: String(r.ageFrom),
  ageTo: r.ageTo === null ? '' : String(r.ageTo),
  low: r.low ?? '',
  high: r.high ?? '',
  criticalLow: r.criticalLow,
  criticalHigh: r.criticalHigh,
});

export const optionsText = (p: Pick<Parameter, 'options'>): string =>
  p.options.map((o) => `${o.value}${o.abnormal ? '*' : ''}`).join('|');

const parameterDraft = (p: Parameter): ParameterDraft => ({
  key: nextKey(),
  code: p.code,
  name: p.name,
  type: p.type,
  fieldMode: p.fieldMode,
  unit: p.unit,
  decimals: String(p.decimals),
  possibleMin: p.possibleMin ?? '',
  possibleMax: p.possibleMax ?? '',
  criticalLow: p.criticalLow ?? '',
  criticalHigh: p.criticalHigh ?? '',
  formula: p.formula ?? '',
  options: optionsText(p),
  delta: p.delta,
  ranges: p.ranges.map(rangeDraft),
});

/** The form's values: the lab definition when there is one, else a start from billing's test (name, sample). */
export function labDraft(test: Pick<BillableTest, 'name' | 'sampleType'>, lab: LabTest | null): LabDraft {
  if (lab)
    return {
      name: lab.name,
      department: lab.department,
      subDepartmentCode: lab.subDepartmentCode,
      subDepartmentName: lab.subDepartmentName,
      sampleType: lab.sampleType,
      container: lab.container,
      turnaroundHours: String(lab.turnaroundHours),
      method: lab.method ?? '',
      loincCode: lab.loincCode ?? '',
      autoValidate: lab.autoValidate,
      parameters: lab.parameters.map(parameterDraft),
    };
  // billing's sample type is free text ('Serum', 'Blood'): start from the list's entry of that name, if any
  const sample = SAMPLE_TYPES.find(
    (s) => s.code === test.sampleType?.toUpperCase() || s.name.toLowerCase() === test.sampleType?.toLowerCase(),
  );
  const container = sample ? CONTAINERS.find((c) => (c.sampleTypes as readonly string[]).includes(sample.code)) : null;
  return {
    name: test.name,
    department: 'Laboratory',
    subDepartmentCode: '',
    subDepartmentName: '',
    sampleType: sample?.code ?? '',
    container: container?.code ?? '',
    turnaroundHours: '24',
    method: '',
    loincCode: '',
    autoValidate: false,
    parameters: [emptyParameter()],
  };
}

const orNull = (text: string | null): string | null => (text === null || text.trim() === '' ? null : text.trim());
const wholeOr = (text: string, fallback: number | null): number | null => {
  if (text.trim() === '') return fallback;
  const n = Number(text);
  return Number.isInteger(n) ? n : Number.NaN; // NaN: the schema names the field
};

function parameterBody(p: ParameterDraft) {
  const numeric = isNumeric(p.type);
  const choices = hasChoices(p);
  return {
    code: p.code.trim(),
    name: p.name.trim(),
    type: p.type,
    fieldMode: numeric ? 'single' : p.fieldMode,
    unit: numeric ? p.unit : null,
    decimals: numeric ? (wholeOr(p.decimals, 0) ?? 0) : 0,
    possibleMin: numeric ? orNull(p.possibleMin) : null,
    possibleMax: numeric ? orNull(p.possibleMax) : null,
    criticalLow: numeric ? orNull(p.criticalLow) : null,
    criticalHigh: numeric ? orNull(p.criticalHigh) : null,
    formula: numeric ? orNull(p.formula) : null,
    delta: numeric ? p.delta : null,
    options: choices
      ? p.options
          .split('|')
          .map((o) => o.trim())
          .filter((o) => o !== '')
          .map((o) => ({ value: o.endsWith('*') ? o.slice(0, -1).trim() : o, abnormal: o.endsWith('*') }))
      : [],
    ranges: hasRanges(p.type)
      ? p.ranges.map((r) => ({
          label: p.type === 'Multiple ranges' ? orNull(r.label) : null,
          sex: r.sex,
          ageUnit: r.ageUnit,
          ageFrom: wholeOr(r.ageFrom, 0) ?? 0,
          ageTo: wholeOr(r.ageTo, null),
          low: orNull(r.low),
          high: orNull(r.high),
          criticalLow: r.criticalLow,
          criticalHigh: r.criticalHigh,
        }))
      : [],
  };
}

/** The body the form sends: a parameter's fields that its type does not have are dropped (not refused). */
export function labBody(code: string, d: LabDraft): LabTestBody {
  const known = DEFAULT_LAB_DEPARTMENTS.find((x) => x.subDepartmentCode === d.subDepartmentCode);
  return {
    code,
    name: d.name,
    department: d.department,
    subDepartmentCode: d.subDepartmentCode,
    subDepartmentName: d.subDepartmentName.trim() || (known?.subDepartmentName ?? ''),
    sampleType: d.sampleType as LabTestBody['sampleType'],
    container: d.container as LabTestBody['container'],
    turnaroundHours: wholeOr(d.turnaroundHours, Number.NaN) ?? Number.NaN,
    method: d.method,
    loincCode: d.loincCode,
    autoValidate: d.autoValidate,
    parameters: d.parameters.map(parameterBody) as LabTestBody['parameters'],
  };
}

/** A parameter's reference ranges as a report line: 'Male 13–17 · Female 12–15', '≤ 200', '≥ 40'. */
export function rangesText(p: Pick<Parameter, 'ranges' | 'unit'>): string {
  const unit = p.unit ? ` ${unitOf(p.unit)?.label ?? p.unit}` : '';
  return p.ranges
    .map((r) => {
      const who = [r.label, r.sex === 'Any' ? null : r.sex].filter(Boolean).join(' ');
      const age =
        r.ageFrom === 0 && r.ageTo === null
          ? ''
          : ` (${r.ageFrom}${r.ageTo === null ? '+' : `–${r.ageTo}`} ${r.ageUnit})`;
      const limits =
        r.low !== null && r.high !== null ? `${r.low}–${r.high}` : r.low !== null ? `≥ ${r.low}` : `≤ ${r.high ?? ''}`;
      return `${who ? `${who} ` : ''}${limits}${unit}${age}`;
    })
    .join(' · ');
}

/** The form's error key of a body issue ('parameters.0.ranges.1.high'), as Mantine's form names its fields. */
export const issueKey = (path: readonly PropertyKey[]): string => path.map(String).join('.');
