import type { BillableTest, TestKind, testInputSchema } from '@rayworks/contracts';
import type { z } from 'zod';

export type TestBody = z.output<typeof testInputSchema>;

/** How the screens name a test's kind. */
export const TEST_KIND_LABELS: Record<TestKind, string> = { RADIOLOGY: 'Radiology', LAB: 'Lab' };

export interface TestValues extends Record<string, unknown> {
  code: string;
  name: string;
  kind: TestKind | null;
  modality: string;
  bodyPart: string;
  sampleType: string;
  taxable: boolean;
}

export function testValues(test?: BillableTest): TestValues {
  return {
    code: test?.code ?? '',
    name: test?.name ?? '',
    kind: test?.kind ?? null,
    modality: test?.modality ?? '',
    bodyPart: test?.bodyPart ?? '',
    sampleType: test?.sampleType ?? '',
    taxable: test?.taxable ?? false,
  };
}

const textOrNull = (v: string) => (v.trim() === '' ? null : v.trim());

/**
 * The body of /studytest/create (with the code) or /studytest/update (the code names the test for good). The other
 * kind's fields are sent as typed: the contract drops them (a radiology test has no sample, a lab test no modality).
 */
export function testBody(v: TestValues, id?: string) {
  const common = {
    name: v.name.trim(),
    kind: v.kind ?? '',
    modality: textOrNull(v.modality),
    bodyPart: textOrNull(v.bodyPart),
    sampleType: textOrNull(v.sampleType),
    taxable: v.taxable,
  };
  return id ? { ...common, id } : { ...common, code: v.code.trim() };
}

/** What a test orders, in a line: 'CT · Head' for a study, 'Blood' for a lab test. */
export function ordersLabel(t: Pick<BillableTest, 'kind' | 'modality' | 'bodyPart' | 'sampleType'>): string {
  if (t.kind === 'RADIOLOGY') return [t.modality, t.bodyPart].filter(Boolean).join(' · ') || '—';
  return t.sampleType ?? '—';
}
