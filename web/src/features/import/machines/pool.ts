/**
 * Runs tasks over items with at most `concurrency` in flight, in item order (the next item starts as soon as one
 * finishes). The import's zip uses it to keep one entry per Web Worker deflating (zip.js spreads the entries over
 * its pool of `navigator.hardwareConcurrency` workers; this keeps just as many read and in flight, so memory stays
 * bounded by the pool and not by the study). The first failure stops new starts and is thrown once the running
 * tasks have settled; an abort stops new starts the same way.
 */
export interface PoolOptions {
  concurrency: number;
  signal?: AbortSignal;
}

export async function runPool<T>(
  items: readonly T[],
  task: (item: T, index: number) => Promise<void>,
  { concurrency, signal }: PoolOptions,
): Promise<void> {
  const width = Math.max(1, Math.min(Math.floor(concurrency) || 1, items.length || 1));
  let next = 0;
  let failure: { error: unknown } | null = null;
  const lane = async (): Promise<void> => {
    while (!failure && next < items.length) {
      if (signal?.aborted) {
        failure = { error: signal.reason ?? new DOMException('Aborted', 'AbortError') };
        return;
      }
      const index = next++;
      try {
        await task(items[index] as T, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: width }, lane));
  if (failure) throw (failure as { error: unknown }).error;
}

/** The pool size for this workstation: its logical cores (at least 1, 2 when the browser does not say). */
export function workstationConcurrency(
  nav: { hardwareConcurrency?: number } | undefined = globalThis.navigator,
): number {
  const cores = nav?.hardwareConcurrency;
  return typeof cores === 'number' && Number.isFinite(cores) && cores >= 1 ? Math.floor(cores) : 2;
}
