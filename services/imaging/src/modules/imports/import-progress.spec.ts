import { describe, expect, it } from '@jest/globals';
import type { ImportProgressMessage } from '@rayworks/contracts';
import { ImportProgress, PROGRESS_INTERVAL_MS } from './import-progress.js';

describe('ImportProgress', () => {
  const setup = (userId: string | null = 'user-1') => {
    let now = 1_000_000;
    const sent: [string, string, ImportProgressMessage][] = [];
    const progress = new ImportProgress(
      {
        toUser: (user: string, event: string, message: ImportProgressMessage) => void sent.push([user, event, message]),
      } as never,
      userId,
      'imp-1',
      () => now,
    );
    return { progress, sent, tick: (ms: number) => (now += ms) };
  };

  it('pushes to the uploader’s room, at most once per interval while running, and always the final state', () => {
    const { progress, sent, tick } = setup();
    progress.update({ entriesTotal: 10 });
    progress.update({ entriesRead: 1 });
    progress.update({ entriesRead: 2 });
    tick(PROGRESS_INTERVAL_MS);
    progress.update({ entriesRead: 3 });
    progress.finish('COMPLETED', { instancesStored: 3 });
    expect(sent.map(([, , m]) => [m.state, m.entriesRead])).toEqual([
      ['PROCESSING', 0],
      ['PROCESSING', 3],
      ['COMPLETED', 3],
    ]);
    expect(sent.every(([user, event]) => user === 'user-1' && event === 'imaging:import-progress')).toBe(true);
    expect(sent[2]![2]).toMatchObject({ importId: 'imp-1', entriesTotal: 10, instancesStored: 3 });
  });

  it('pushes nothing for an import without an uploader, and never fails the import when pushing fails', () => {
    const { progress, sent } = setup(null);
    progress.finish('FAILED', { error: 'x' });
    expect(sent).toEqual([]);
    const failing = new ImportProgress(
      {
        toUser: () => {
          throw new Error('redis down');
        },
      } as never,
      'u',
      'imp',
    );
    expect(() => failing.finish('COMPLETED')).not.toThrow();
  });
});
