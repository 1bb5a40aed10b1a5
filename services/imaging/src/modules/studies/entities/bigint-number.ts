import type { ValueTransformer } from 'typeorm';

/** A bigint column read as a JS number (byte counts stay far below 2^53), written as is. */
export const bigintNumber: ValueTransformer = {
  to: (value: number | null | undefined) => value,
  from: (value: string | null) => (value === null ? null : Number(value)),
};
