import { describe, expect, it, jest } from '@jest/globals';
import type { Logger } from 'pino';
import { PeriodicSweeper, type SweepItemFields } from './periodic-sweeper.js';

const fakeLogger = () =>
  ({ info: jest.fn(), warn: jest.fn(), error: jest.fn() }) as unknown as Logger & {
    info: jest.Mock;
    warn: jest.Mock;
    error: jest.Mock;
  };

class TestSweeper extends PeriodicSweeper<number> {
  protected readonly what = 'test sweep';
  readonly handled: number[] = [];
  constructor(
    protected readonly logger: ReturnType<typeof fakeLogger>,
    private readonly items: () => Promise<number[]>,
    private readonly seconds = 0,
  ) {
    super();
  }
  protected intervalSeconds(): number {
    return this.seconds;
  }
  protected due(): Promise<number[]> {
    return this.items();
  }
  protected async handle(item: number): Promise<boolean> {
    if (item < 0) throw new Error(`item ${item} refused`);
    this.handled.push(item);
    return item % 2 === 0; // odd items: another process acted first
  }
  protected describe(item: number): SweepItemFields {
    return { item: String(item) };
  }
}

describe('PeriodicSweeper', () => {
  it('handles every due item, counts those it changed, and goes on past one that fails', async () => {
    const log = fakeLogger();
    const sweeper = new TestSweeper(log, async () => [2, -1, 3, 4]);
    expect(await sweeper.tick()).toBe(2);
    expect(sweeper.handled).toEqual([2, 3, 4]);
    expect(log.warn).toHaveBeenCalledWith(
      { item: '-1', error: 'item -1 refused' },
      'test sweep: not done, the next sweep tries again',
    );
    expect(log.info).toHaveBeenCalledTimes(2);
  });

  it('runs one sweep at a time: a tick while one runs does nothing', async () => {
    let release!: (items: number[]) => void;
    const sweeper = new TestSweeper(fakeLogger(), () => new Promise<number[]>((resolve) => (release = resolve)));
    const first = sweeper.tick();
    expect(await sweeper.tick()).toBe(0);
    release([2]);
    expect(await first).toBe(1);
    // and once it ended, the next one runs
    const again = new TestSweeper(fakeLogger(), async () => [4]);
    expect(await again.tick()).toBe(1);
  });

  it('logs a listing that fails as the sweep failing, and is ready for the next tick', async () => {
    const log = fakeLogger();
    let calls = 0;
    const sweeper = new TestSweeper(log, async () => {
      calls++;
      if (calls === 1) throw new Error('database down');
      return [6];
    });
    expect(await sweeper.tick()).toBe(0);
    expect(log.error).toHaveBeenCalledWith({ error: 'database down' }, 'test sweep failed');
    expect(await sweeper.tick()).toBe(1);
  });

  it('starts no timer when its interval is 0, and one that ticks when it is not', async () => {
    jest.useFakeTimers();
    try {
      const off = new TestSweeper(fakeLogger(), async () => [2], 0);
      off.onApplicationBootstrap();
      jest.advanceTimersByTime(10_000);
      expect(off.handled).toEqual([]);
      const on = new TestSweeper(fakeLogger(), async () => [2], 1);
      on.onApplicationBootstrap();
      jest.advanceTimersByTime(1_000);
      await Promise.resolve();
      await Promise.resolve();
      expect(on.handled).toEqual([2]);
      on.onModuleDestroy();
    } finally {
      jest.useRealTimers();
    }
  });
});
