import { describe, expect, it } from '@jest/globals';
import { createActor } from 'xstate';
import {
  canDownloadMove,
  DOWNLOAD_STATES,
  DOWNLOAD_TRANSITIONS,
  downloadEventFor,
  downloadMachine,
  isDownloadState,
  type DownloadEvent,
  type DownloadState,
} from './download.machine.js';

const EVENTS: DownloadEvent['type'][] = [
  'download.start',
  'download.fetched',
  'download.fail',
  'download.zip',
  'download.zipped',
  'download.zipFail',
  'download.ready',
  'download.expire',
  'download.retry',
];

/** Every allowed move, written out by hand (the machine must agree). */
const ALLOWED: Record<DownloadState, Partial<Record<DownloadEvent['type'], DownloadState>>> = {
  DWN_INIT: { 'download.start': 'DWN_STRT', 'download.fail': 'DWN_FAIL' },
  DWN_STRT: { 'download.fetched': 'DWN_DONE', 'download.fail': 'DWN_FAIL' },
  DWN_DONE: { 'download.zip': 'ZIP_STRT', 'download.zipFail': 'ZIP_FAIL' },
  ZIP_STRT: { 'download.zipped': 'ZIP_DONE', 'download.zipFail': 'ZIP_FAIL' },
  ZIP_DONE: { 'download.ready': 'READY' },
  READY: { 'download.expire': 'DWN_INIT' },
  DWN_FAIL: { 'download.retry': 'DWN_INIT' },
  ZIP_FAIL: { 'download.retry': 'DWN_INIT' },
};

function actorIn(state: DownloadState) {
  return createActor(downloadMachine, {
    snapshot: downloadMachine.resolveState({ value: state, context: { failure: null } }),
  }).start();
}

describe('download machine', () => {
  it('has exactly the spec §4 download states, starting at DWN_INIT', () => {
    expect(DOWNLOAD_STATES).toEqual([
      'DWN_INIT',
      'DWN_STRT',
      'DWN_FAIL',
      'DWN_DONE',
      'ZIP_STRT',
      'ZIP_DONE',
      'ZIP_FAIL',
      'READY',
    ]);
    expect(Object.keys(downloadMachine.states).sort()).toEqual([...DOWNLOAD_STATES].sort());
    expect(createActor(downloadMachine).start().getSnapshot().value).toBe('DWN_INIT');
  });

  const table = DOWNLOAD_STATES.flatMap((from) =>
    EVENTS.map((type) => [from, type, ALLOWED[from][type] ?? from] as const),
  );
  it.each(table)('%s + %s → %s', (from, type, to) => {
    const actor = actorIn(from);
    actor.send({ type } as DownloadEvent);
    expect(actor.getSnapshot().value).toBe(to);
  });

  it('goes through the happy path in the spec order', () => {
    const actor = createActor(downloadMachine).start();
    const seen: string[] = [actor.getSnapshot().value];
    for (const type of [
      'download.start',
      'download.fetched',
      'download.zip',
      'download.zipped',
      'download.ready',
    ] as const) {
      actor.send({ type });
      seen.push(actor.getSnapshot().value);
    }
    expect(seen).toEqual(['DWN_INIT', 'DWN_STRT', 'DWN_DONE', 'ZIP_STRT', 'ZIP_DONE', 'READY']);
  });

  it('keeps why a download failed, and forgets it on retry', () => {
    const actor = actorIn('ZIP_STRT');
    actor.send({ type: 'download.zipFail', reason: 'storage unavailable' });
    expect(actor.getSnapshot()).toMatchObject({ value: 'ZIP_FAIL', context: { failure: 'storage unavailable' } });
    actor.send({ type: 'download.retry' });
    expect(actor.getSnapshot()).toMatchObject({ value: 'DWN_INIT', context: { failure: null } });
  });

  it('a READY zip that expires needs a new request (back to DWN_INIT)', () => {
    const actor = actorIn('READY');
    actor.send({ type: 'download.expire' });
    expect(actor.getSnapshot().value).toBe('DWN_INIT');
  });

  it('derives DOWNLOAD_TRANSITIONS from the machine', () => {
    expect(DOWNLOAD_TRANSITIONS).toEqual(ALLOWED);
  });
});

describe('canDownloadMove', () => {
  const pairs = DOWNLOAD_STATES.flatMap((from) =>
    DOWNLOAD_STATES.map((to) => [from, to, Object.values(ALLOWED[from]).includes(to)] as const),
  );
  it.each(pairs)('%s → %s: %s', (from, to, allowed) => {
    expect(canDownloadMove(from, to)).toBe(allowed);
  });

  it.each([
    ['unknown from', 'DONE', 'READY'],
    ['unknown to', 'ZIP_DONE', 'ready'],
    ['empty', '', ''],
  ])('refuses %s', (_, from, to) => {
    expect(canDownloadMove(from, to)).toBe(false);
  });

  it('names the event of a move', () => {
    expect(downloadEventFor('ZIP_DONE', 'READY')).toBe('download.ready');
    expect(downloadEventFor('DWN_FAIL', 'DWN_INIT')).toBe('download.retry');
    expect(downloadEventFor('DWN_INIT', 'READY')).toBeNull();
    expect(isDownloadState('READY')).toBe(true);
    expect(isDownloadState('Ready')).toBe(false);
  });
});
