import { describe, expect, it } from '@jest/globals';
import {
  CONTAINERS,
  DEFAULT_LAB_DEPARTMENTS,
  FIELD_MODES,
  PARAMETER_TYPES,
  SAMPLE_TYPE_CODES,
  SAMPLE_TYPES,
  UNIT_CODES,
  UNITS,
  unitOf,
} from './catalogue-constants.js';

const duplicates = (values: readonly string[]): string[] => values.filter((v, i) => values.indexOf(v) !== i);

describe('the catalogue constants', () => {
  it('names the parameter types and field modes in the spec’s words', () => {
    expect(PARAMETER_TYPES).toEqual(['Text', 'Numeric', 'Numeric unbound', 'Multiple ranges', 'Custom']);
    expect(FIELD_MODES).toEqual(['single', 'multi', 'text field']);
  });

  it('has about 170 units of measure, each code once, each with a label', () => {
    expect(UNITS.length).toBeGreaterThanOrEqual(150);
    expect(UNITS.length).toBeLessThanOrEqual(200);
    expect(duplicates(UNIT_CODES)).toEqual([]);
    expect(duplicates(UNITS.map((u) => u.label))).toEqual([]);
    for (const unit of UNITS) {
      expect(unit.code).toMatch(/^\S+$/);
      expect(unit.label.trim()).toBe(unit.label);
      expect(unit.label.length).toBeGreaterThan(0);
    }
  });

  it('writes UCUM codes and prints them as a report does', () => {
    expect(unitOf('10*3/uL')?.label).toBe('10³/µL');
    expect(unitOf('u[IU]/mL')?.label).toBe('µIU/mL');
    expect(unitOf('meq/L')?.label).toBe('mEq/L');
    for (const code of ['mg/dL', '%', 'g/dL', 'mmol/L', 'U/L', '[IU]/mL', 'ng/mL', 'pg/mL', 'fL', 'pg', 'mm/h', 's'])
      expect(unitOf(code)?.code).toBe(code);
    expect(unitOf('{ratio}')?.label).toBe('ratio');
    expect(unitOf('mg/dl')).toBeUndefined(); // UCUM is case sensitive: dl is not a unit
    // Non-UCUM spellings stay out: micro is 'u', not 'µ' or 'mc'; equivalents are 'eq', not 'Eq'.
    expect(UNIT_CODES.filter((c) => /µ|mcg|mEq|IU(?!])/.test(c.replace(/\[[^\]]*]/g, '')))).toEqual([]);
  });

  it('lists sample types, containers and departments once each, and every container’s sample types exist', () => {
    expect(duplicates(SAMPLE_TYPES.map((s) => s.code))).toEqual([]);
    expect(duplicates(SAMPLE_TYPES.map((s) => s.name))).toEqual([]);
    expect(duplicates(CONTAINERS.map((c) => c.code))).toEqual([]);
    for (const container of CONTAINERS)
      for (const sampleType of container.sampleTypes) expect(SAMPLE_TYPE_CODES).toContain(sampleType);
    // Every sample type can be collected in something.
    const collectable = new Set(CONTAINERS.flatMap((c) => c.sampleTypes as readonly string[]));
    expect(SAMPLE_TYPE_CODES.filter((code) => !collectable.has(code))).toEqual([]);
    expect(duplicates(DEFAULT_LAB_DEPARTMENTS.map((d) => d.subDepartmentCode))).toEqual([]);
    expect(DEFAULT_LAB_DEPARTMENTS.map((d) => d.subDepartmentName)).toEqual(
      expect.arrayContaining(['Haematology', 'Biochemistry', 'Clinical Pathology', 'Microbiology', 'Histopathology']),
    );
  });
});
