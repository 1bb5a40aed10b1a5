/**
 * Polls until the probe returns a value the predicate accepts, or throws with the last value seen.
 * Bounded by attempts and a deadline (a test never waits forever), never a fixed sleep.
 */
export async function eventually<T>(
  probe: () => Promise<T>,
  accept: (value: T) => boolean,
  {
    timeoutMs = 30_000,
    intervalMs = 100,
    what = 'condition',
  }: { timeoutMs?: number; intervalMs?: number; what?: string } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T | undefined;
  let lastError: unknown;
  while (Date.now() < deadline) {
    try {
      last = await probe();
      if (accept(last)) return last;
    } catch (error) {
      lastError = error;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(
    `timed out after ${timeoutMs} ms waiting for ${what}; last value: ${JSON.stringify(last)}${lastError ? `; last error: ${String(lastError)}` : ''}`,
  );
}
