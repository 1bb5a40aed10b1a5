import type { packageInputSchema, TestPackage, TestRef } from '@rayworks/contracts';
import type { z } from 'zod';

export type PackageBody = z.output<typeof packageInputSchema>;

export interface PackageValues extends Record<string, unknown> {
  code: string;
  name: string;
  /** The bundled tests' codes, in the order chosen. */
  testCodes: string[];
  taxable: boolean;
}

export function packageValues(pkg?: TestPackage): PackageValues {
  return {
    code: pkg?.code ?? '',
    name: pkg?.name ?? '',
    testCodes: pkg?.tests.map((t) => t.code) ?? [],
    taxable: pkg?.taxable ?? false,
  };
}

/** The body of /package/create (with the code) or /package/update (the code names the package for good). */
export function packageBody(v: PackageValues, id?: string) {
  const common = { name: v.name.trim(), testCodes: v.testCodes, taxable: v.taxable };
  return id ? { ...common, id } : { ...common, code: v.code.trim() };
}

/** A test as the package's test select shows it: 'USG-ABD · USG Abdomen'. */
export const testOption = (t: Pick<TestRef, 'code' | 'name'>) => ({ value: t.code, label: `${t.code} · ${t.name}` });

/** What a test orders: a radiology study's modality and body part, a lab test's sample. */
export function testDetail(t: Pick<TestRef, 'kind' | 'modality' | 'bodyPart' | 'sampleType'>): string {
  if (t.kind === 'RADIOLOGY') return [t.modality, t.bodyPart].filter(Boolean).join(' · ') || 'Radiology';
  return t.sampleType ? `Lab · ${t.sampleType}` : 'Lab';
}

/** 'CT-HEAD, XR-CHEST and 2 more' for a list row. */
export function testsSummary(tests: readonly Pick<TestRef, 'code'>[], shown = 3): string {
  if (tests.length <= shown) return tests.map((t) => t.code).join(', ');
  return `${tests
    .slice(0, shown)
    .map((t) => t.code)
    .join(', ')} and ${tests.length - shown} more`;
}
