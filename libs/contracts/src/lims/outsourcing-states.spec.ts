import { describe, expect, it } from '@jest/globals';
import {
  MANIFEST_EVENTS,
  MANIFEST_NUMBER_PATTERN,
  MANIFEST_STATUSES,
  manifestEventsIn,
  manifestNumber,
  nextManifest,
  OPEN_MANIFEST_STATUSES,
  type ManifestEvent,
  type ManifestStatus,
} from './outsourcing-states.js';

/** Every (status, event) pair is a row: a pair missing from this table fails the completeness test. */
const TABLE: [ManifestStatus, ManifestEvent, ManifestStatus | null][] = [
  ['DRAFT', 'manifest.dispatch', 'DISPATCHED'],
  ['DRAFT', 'manifest.receive', null],
  ['DRAFT', 'manifest.complete', null],
  ['DRAFT', 'manifest.cancel', 'CANCELLED'],
  ['DISPATCHED', 'manifest.dispatch', null],
  ['DISPATCHED', 'manifest.receive', 'RECEIVED_BY_LAB'],
  ['DISPATCHED', 'manifest.complete', 'COMPLETED'],
  ['DISPATCHED', 'manifest.cancel', null],
  ['RECEIVED_BY_LAB', 'manifest.dispatch', null],
  ['RECEIVED_BY_LAB', 'manifest.receive', null],
  ['RECEIVED_BY_LAB', 'manifest.complete', 'COMPLETED'],
  ['RECEIVED_BY_LAB', 'manifest.cancel', null],
  ['COMPLETED', 'manifest.dispatch', null],
  ['COMPLETED', 'manifest.receive', null],
  ['COMPLETED', 'manifest.complete', null],
  ['COMPLETED', 'manifest.cancel', null],
  ['CANCELLED', 'manifest.dispatch', null],
  ['CANCELLED', 'manifest.receive', null],
  ['CANCELLED', 'manifest.complete', null],
  ['CANCELLED', 'manifest.cancel', null],
];

describe('the manifest machine (docs/decisions/0312)', () => {
  it.each(TABLE)('%s + %s → %s', (from, event, to) => {
    const move = nextManifest(from, event);
    expect(move.ok ? move.status : null).toBe(to);
  });

  it('has a row for every status and event', () => {
    const rows = new Set(TABLE.map(([s, e]) => `${s} ${e}`));
    for (const s of MANIFEST_STATUSES) for (const e of MANIFEST_EVENTS) expect(rows).toContain(`${s} ${e}`);
    expect(rows.size).toBe(MANIFEST_STATUSES.length * MANIFEST_EVENTS.length);
  });

  it('cancels only a draft: samples that left the building stay on their manifest', () => {
    expect(manifestEventsIn('DRAFT')).toEqual(['manifest.dispatch', 'manifest.cancel']);
    expect(nextManifest('DISPATCHED', 'manifest.cancel')).toEqual({
      ok: false,
      from: 'DISPATCHED',
      event: 'manifest.cancel',
    });
  });

  it('holds its samples while open, and lets them go once completed or cancelled', () => {
    expect(OPEN_MANIFEST_STATUSES).toEqual(['DRAFT', 'DISPATCHED', 'RECEIVED_BY_LAB']);
    for (const s of OPEN_MANIFEST_STATUSES) expect(manifestEventsIn(s).length).toBeGreaterThan(0);
    expect(manifestEventsIn('COMPLETED')).toEqual([]);
    expect(manifestEventsIn('CANCELLED')).toEqual([]);
  });
});

describe('manifest numbers', () => {
  it('are M and 7 digits from the company counter', () => {
    expect(manifestNumber(42)).toBe('M0000042');
    expect(manifestNumber(9_999_999)).toMatch(MANIFEST_NUMBER_PATTERN);
    expect(() => manifestNumber(0)).toThrow(RangeError);
    expect(() => manifestNumber(10_000_000)).toThrow(RangeError);
  });
});
