/** A line of a visit as the quote gives it: its code and the tests it orders (a package's tests, or the test). */
export interface OrderingLine {
  code: string;
  tests: readonly { code: string }[];
}

/** A test more than one line of a visit orders: the test and the lines that order it, in order. */
export interface TestOrderedTwice {
  test: string;
  by: string[];
}

/**
 * The tests a visit would order twice (docs/decisions/0321): a test ordered on its own and by a package, or by two
 * packages — two lab orders or two cases for one test, and a price paid twice. A line never repeats itself (the
 * body's own rule), so every entry names at least two lines.
 */
export function testsOrderedTwice(lines: readonly OrderingLine[]): TestOrderedTwice[] {
  const by = new Map<string, string[]>();
  for (const line of lines)
    for (const test of line.tests) {
      const codes = by.get(test.code) ?? [];
      if (!codes.includes(line.code)) codes.push(line.code);
      by.set(test.code, codes);
    }
  return [...by].filter(([, codes]) => codes.length > 1).map(([test, codes]) => ({ test, by: codes }));
}
