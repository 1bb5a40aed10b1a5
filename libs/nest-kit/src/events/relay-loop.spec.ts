import { describe, expect, it } from '@jest/globals';
import { createLogger } from '../logging/logger.js';
import { RelayLoop } from './relay-loop.js';

const logger = createLogger('spec', 'silent');
const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('RelayLoop', () => {
  it('runs a batch at start and on each wake, never two at once, and once more for a wake during a batch', async () => {
    let running = 0;
    let maxRunning = 0;
    let runs = 0;
    let release: () => void = () => undefined;
    const loop = new RelayLoop(
      'spec',
      async () => {
        runs++;
        running++;
        maxRunning = Math.max(maxRunning, running);
        await new Promise<void>((resolve) => (release = resolve));
        running--;
        return 0;
      },
      logger,
      { batchSize: 10, pollIntervalMs: 60_000 },
    );
    loop.start();
    await tick();
    expect(runs).toBe(1);
    loop.wake();
    loop.wake();
    release();
    await tick();
    // the two wakes during the first batch make exactly one more
    expect(runs).toBe(2);
    release();
    await tick();
    expect(runs).toBe(2);
    loop.wake();
    await tick();
    expect(runs).toBe(3);
    release();
    await loop.stop();
    expect(maxRunning).toBe(1);
  });

  it('runs again at once while batches come back full', async () => {
    const sizes = [10, 10, 3];
    let runs = 0;
    const loop = new RelayLoop('spec', async () => sizes[runs++] ?? 0, logger, {
      batchSize: 10,
      pollIntervalMs: 60_000,
    });
    loop.start();
    await tick();
    await loop.stop();
    expect(runs).toBe(3);
  });

  it('keeps going after a failed batch, on the retry delay', async () => {
    let runs = 0;
    const loop = new RelayLoop(
      'spec',
      async () => {
        if (++runs === 1) throw new Error('broker down');
        return 0;
      },
      logger,
      { batchSize: 10, pollIntervalMs: 60_000, retryDelayMs: 10 },
    );
    loop.start();
    await new Promise((resolve) => setTimeout(resolve, 60));
    await loop.stop();
    expect(runs).toBe(2);
  });
});
