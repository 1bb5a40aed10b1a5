import { describe, expect, it } from '@jest/globals';
import { dueAtOf, turnaroundMinutesOf, worklistStatusOf } from './case-times.js';

describe('due time and display status (local until libs/lifecycles)', () => {
  const received = new Date('2026-03-01T23:50:00Z');
  it('defaults: emergent 30 minutes, STAT an hour, routine a day', () => {
    expect(dueAtOf(received, 'EMERGENT', 'CT', null).toISOString()).toBe('2026-03-02T00:20:00.000Z');
    expect(dueAtOf(received, 'STAT', 'CT', null).toISOString()).toBe('2026-03-02T00:50:00.000Z');
    expect(dueAtOf(received, 'ROUTINE', null, null).toISOString()).toBe('2026-03-02T23:50:00.000Z');
  });
  it("a centre's modality figure wins over its priority figure, which wins over the default", () => {
    const settings = { turnaroundMinutes: { STAT: 90 }, turnaroundByModality: { MR: { STAT: 120 } } };
    expect(turnaroundMinutesOf('STAT', 'mr', settings)).toBe(120);
    expect(turnaroundMinutesOf('STAT', 'CT', settings)).toBe(90);
    expect(turnaroundMinutesOf('EMERGENT', 'MR', settings)).toBe(30);
  });
  it('display statuses', () => {
    expect(worklistStatusOf({ status: 'NEW', imagingState: 'CLOUD_UPLOADING' })).toBe('Cloud Uploading');
    expect(worklistStatusOf({ status: 'PENDING FOR SCAN', imagingState: null })).toBe('NOT_READY');
    expect(worklistStatusOf({ status: 'RECALLED', imagingState: 'IMPORTED' })).toBe('NEW');
    expect(worklistStatusOf({ status: 'PENDING AT TYPIST', imagingState: 'IMPORTED' })).toBe('TYPIST');
    expect(worklistStatusOf({ status: 'PENDING FOR ACCEPTANCE', imagingState: 'IMPORTED' })).toBe('IN PROGRESS');
  });
});
