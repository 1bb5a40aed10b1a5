import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { eachOnce } from './endpoint-fields.js';

describe('eachOnce: a list names every row that repeats an earlier key', () => {
  const rows = z.array(z.object({ code: z.string() })).superRefine(
    eachOnce(
      (row) => row.code,
      (code) => `${code} is listed twice`,
      ['code'],
    ),
  );

  it('passes a list of distinct keys', () => {
    expect(rows.safeParse([{ code: 'A' }, { code: 'B' }]).success).toBe(true);
  });

  it('names each repeat at its own index and field, not the first row', () => {
    const result = rows.safeParse([{ code: 'A' }, { code: 'B' }, { code: 'A' }, { code: 'A' }]);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => [i.path, i.message])).toEqual([
      [[2, 'code'], 'A is listed twice'],
      [[3, 'code'], 'A is listed twice'],
    ]);
  });
});
