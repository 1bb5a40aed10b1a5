import type { ValueTransformer } from 'typeorm';

/**
 * A `<name>_minor bigint` column (docs/decisions/0079) read as a JS number: PostgreSQL hands bigint over as text, and an
 * amount past a safe integer is refused rather than read wrong.
 */
export const minorUnits: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => {
    if (value === null) return null;
    const n = Number(value);
    if (!Number.isSafeInteger(n)) throw new RangeError(`an amount in minor units beyond a safe integer: ${value}`);
    return n;
  },
};
