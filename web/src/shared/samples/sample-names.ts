import { CONTAINERS, SAMPLE_TYPES, type Sample } from '@rayworks/contracts';

/** A sample type's name (SAMPLE_TYPES), or its code as stored when the constants do not know it. */
export const sampleTypeName = (code: string): string => SAMPLE_TYPES.find((s) => s.code === code)?.name ?? code;

/** A container's name (CONTAINERS), or its code as stored. */
export const containerName = (code: string): string => CONTAINERS.find((c) => c.code === code)?.name ?? code;

/** The tests still ordered on a sample, by code (what the label and the lists show). */
export const orderedTestCodes = (sample: Pick<Sample, 'orders'>): string[] =>
  sample.orders.filter((o) => o.status === 'ORDERED').map((o) => o.testCode);
