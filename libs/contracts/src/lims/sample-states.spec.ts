import { describe, expect, it } from '@jest/globals';
import {
  nextSample,
  SAMPLE_EVENTS,
  SAMPLE_STATUSES,
  sampleEventsIn,
  type SampleEvent,
  type SampleStatus,
} from './sample-states.js';

/** Every (status, event) pair is a row: a pair missing from this table fails the completeness test. */
const TABLE: [SampleStatus, SampleEvent, SampleStatus | null][] = [
  ['PENDING_COLLECTION', 'sample.collect', 'COLLECTED'],
  ['PENDING_COLLECTION', 'sample.accept', null],
  ['PENDING_COLLECTION', 'sample.reject', null],
  ['PENDING_COLLECTION', 'sample.cancel', 'CANCELLED'],
  ['COLLECTED', 'sample.collect', null],
  ['COLLECTED', 'sample.accept', 'ACCEPTED'],
  ['COLLECTED', 'sample.reject', 'REJECTED'],
  ['COLLECTED', 'sample.cancel', 'CANCELLED'],
  ['ACCEPTED', 'sample.collect', null],
  ['ACCEPTED', 'sample.accept', null],
  ['ACCEPTED', 'sample.reject', null],
  ['ACCEPTED', 'sample.cancel', null],
  ['REJECTED', 'sample.collect', null],
  ['REJECTED', 'sample.accept', null],
  ['REJECTED', 'sample.reject', null],
  ['REJECTED', 'sample.cancel', null],
  ['CANCELLED', 'sample.collect', null],
  ['CANCELLED', 'sample.accept', null],
  ['CANCELLED', 'sample.reject', null],
  ['CANCELLED', 'sample.cancel', null],
];

describe('the sample machine (docs/decisions/0298)', () => {
  it.each(TABLE)('%s + %s → %s', (from, event, to) => {
    const move = nextSample(from, event);
    expect(move.ok ? move.status : null).toBe(to);
  });

  it('has a row for every status and event', () => {
    const rows = new Set(TABLE.map(([s, e]) => `${s} ${e}`));
    for (const s of SAMPLE_STATUSES) for (const e of SAMPLE_EVENTS) expect(rows).toContain(`${s} ${e}`);
    expect(rows.size).toBe(SAMPLE_STATUSES.length * SAMPLE_EVENTS.length);
  });

  it('accepts once: an accepted sample is neither accepted, rejected nor cancelled again', () => {
    expect(sampleEventsIn('ACCEPTED')).toEqual([]);
    expect(sampleEventsIn('COLLECTED')).toEqual(['sample.accept', 'sample.reject', 'sample.cancel']);
    expect(nextSample('ACCEPTED', 'sample.accept')).toEqual({ ok: false, from: 'ACCEPTED', event: 'sample.accept' });
  });
});
