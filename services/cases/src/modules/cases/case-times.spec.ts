import { describe, expect, it } from '@jest/globals';
import { dueAtOf } from './case-times.js';

describe("a case row's due time (libs/lifecycles' dueAtOf on the centre's settings)", () => {
  const received = new Date('2026-03-01T23:50:00Z');
  it('defaults: emergent 30 minutes, STAT an hour, routine a day', () => {
    expect(dueAtOf(received, 'EMERGENT', 'CT', null).toISOString()).toBe('2026-03-02T00:20:00.000Z');
    expect(dueAtOf(received, 'STAT', 'CT', null).toISOString()).toBe('2026-03-02T00:50:00.000Z');
    expect(dueAtOf(received, 'ROUTINE', null, null).toISOString()).toBe('2026-03-02T23:50:00.000Z');
  });
  it("a centre's modality figure wins over its priority figure, which wins over the default", () => {
    const settings = { turnaroundMinutes: { STAT: 90 }, turnaroundByModality: { MR: { STAT: 120 } } };
    expect(dueAtOf(received, 'STAT', 'mr', settings).toISOString()).toBe('2026-03-02T01:50:00.000Z');
    expect(dueAtOf(received, 'STAT', 'CT', settings).toISOString()).toBe('2026-03-02T01:20:00.000Z');
    expect(dueAtOf(received, 'EMERGENT', 'MR', settings).toISOString()).toBe('2026-03-02T00:20:00.000Z');
  });
});
