import { describe, expect, it } from '@jest/globals';
import { runPool, workstationConcurrency } from './pool';

/** A task whose promise the test settles by hand, to see what runs at once. */
function deferredTasks() {
  const started: number[] = [];
  const settle = new Map<number, { resolve: () => void; reject: (e: unknown) => void }>();
  const task = (_: unknown, index: number) =>
    new Promise<void>((resolve, reject) => {
      started.push(index);
      settle.set(index, { resolve, reject });
    });
  return { started, settle, task };
}
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('runPool (the zip worker pool scheduling)', () => {
  it('keeps exactly `concurrency` tasks in flight and starts the next as soon as one finishes, in order', async () => {
    const { started, settle, task } = deferredTasks();
    const run = runPool([0, 1, 2, 3, 4], task, { concurrency: 2 });
    await tick();
    expect(started).toEqual([0, 1]);
    settle.get(1)!.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    settle.get(0)!.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    settle.get(2)!.resolve();
    settle.get(3)!.resolve();
    await tick();
    expect(started).toEqual([0, 1, 2, 3, 4]);
    settle.get(4)!.resolve();
    await expect(run).resolves.toBeUndefined();
  });

  it('never runs more lanes than items, and at least one', async () => {
    let active = 0;
    let peak = 0;
    const task = async () => {
      active += 1;
      peak = Math.max(peak, active);
      await tick();
      active -= 1;
    };
    await runPool([1, 2], task, { concurrency: 16 });
    expect(peak).toBe(2);
    peak = 0;
    await runPool([1, 2, 3], task, { concurrency: 0 });
    expect(peak).toBe(1);
  });

  it('stops starting new tasks after a failure and throws it once the running ones settled', async () => {
    const { started, settle, task } = deferredTasks();
    const run = runPool([0, 1, 2, 3], task, { concurrency: 2 });
    await tick();
    settle.get(0)!.reject(new Error('deflate failed'));
    await tick();
    expect(started).toEqual([0, 1]);
    let settled = false;
    void run.catch(() => (settled = true));
    await tick();
    expect(settled).toBe(false);
    settle.get(1)!.resolve();
    await expect(run).rejects.toThrow('deflate failed');
    expect(started).toEqual([0, 1]);
  });

  it('stops starting new tasks once aborted', async () => {
    const { started, settle, task } = deferredTasks();
    const controller = new AbortController();
    const run = runPool([0, 1, 2], task, { concurrency: 1, signal: controller.signal });
    await tick();
    controller.abort(new Error('cancelled'));
    settle.get(0)!.resolve();
    await expect(run).rejects.toThrow('cancelled');
    expect(started).toEqual([0]);
  });

  it('resolves at once for no items', async () => {
    await expect(runPool([], () => Promise.reject(new Error('never')), { concurrency: 4 })).resolves.toBeUndefined();
  });
});

describe('workstationConcurrency', () => {
  it("is the workstation's logical cores, 2 when the browser does not say", () => {
    expect(workstationConcurrency({ hardwareConcurrency: 8 })).toBe(8);
    expect(workstationConcurrency({ hardwareConcurrency: 0 })).toBe(2);
    expect(workstationConcurrency({})).toBe(2);
    expect(workstationConcurrency(undefined)).toBe(2);
  });
});
