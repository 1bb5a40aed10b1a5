// A study or case download (spec §4 download states): DWN_INIT → DWN_STRT → DWN_DONE → ZIP_STRT → ZIP_DONE → READY,
// or DWN_FAIL / ZIP_FAIL, each retried from DWN_INIT; a READY zip expires back to DWN_INIT (its link and object are
// no longer fresh: the next request zips again). The worker moves a download with these events; the server refuses
// a state change this machine does not allow (`canDownloadMove`), and the console shows the state it pushes.
import { DOWNLOAD_STATES, type DownloadState } from '@rayworks/contracts';
import { assign, setup, type SnapshotFrom } from 'xstate';

export { DOWNLOAD_STATES, type DownloadState };

export interface DownloadContext {
  /** Why the download failed (DWN_FAIL / ZIP_FAIL), for the log and the console; null otherwise. */
  failure: string | null;
}

export type DownloadEvent =
  /** The worker started fetching the study's instances from storage. */
  | { type: 'download.start' }
  /** Every instance was fetched. */
  | { type: 'download.fetched' }
  /** Fetching failed (before or while fetching). */
  | { type: 'download.fail'; reason?: string }
  /** The worker started writing the zip. */
  | { type: 'download.zip' }
  /** The zip is written to storage. */
  | { type: 'download.zipped' }
  /** Zipping failed. */
  | { type: 'download.zipFail'; reason?: string }
  /** The link is offered. */
  | { type: 'download.ready' }
  /** The finished zip is no longer fresh: a new request starts again. */
  | { type: 'download.expire' }
  /** A failed download is tried again. */
  | { type: 'download.retry' };

export type DownloadEventType = DownloadEvent['type'];

export const downloadMachine = setup({
  types: {
    context: {} as DownloadContext,
    events: {} as DownloadEvent,
  },
  actions: {
    failed: assign(({ event }) => ({ failure: ('reason' in event && event.reason) || 'failed' })),
    cleared: assign({ failure: null }),
  },
}).createMachine({
  id: 'download',
  context: { failure: null },
  initial: 'DWN_INIT',
  states: {
    DWN_INIT: {
      on: {
        'download.start': { target: 'DWN_STRT' },
        'download.fail': { target: 'DWN_FAIL', actions: 'failed' },
      },
    },
    DWN_STRT: {
      on: {
        'download.fetched': { target: 'DWN_DONE' },
        'download.fail': { target: 'DWN_FAIL', actions: 'failed' },
      },
    },
    DWN_DONE: {
      on: {
        'download.zip': { target: 'ZIP_STRT' },
        'download.zipFail': { target: 'ZIP_FAIL', actions: 'failed' },
      },
    },
    ZIP_STRT: {
      on: {
        'download.zipped': { target: 'ZIP_DONE' },
        'download.zipFail': { target: 'ZIP_FAIL', actions: 'failed' },
      },
    },
    ZIP_DONE: {
      on: {
        'download.ready': { target: 'READY' },
      },
    },
    READY: {
      on: {
        'download.expire': { target: 'DWN_INIT', actions: 'cleared' },
      },
    },
    DWN_FAIL: {
      on: {
        'download.retry': { target: 'DWN_INIT', actions: 'cleared' },
      },
    },
    ZIP_FAIL: {
      on: {
        'download.retry': { target: 'DWN_INIT', actions: 'cleared' },
      },
    },
  },
});

export type DownloadMachine = typeof downloadMachine;
export type DownloadSnapshot = SnapshotFrom<DownloadMachine>;

/** The states in which the worker is at work (the console shows progress, no retry). */
export const DOWNLOAD_BUSY_STATES: readonly DownloadState[] = [
  'DWN_INIT',
  'DWN_STRT',
  'DWN_DONE',
  'ZIP_STRT',
  'ZIP_DONE',
];
/** The failed states: each can be retried. */
export const DOWNLOAD_FAILED_STATES: readonly DownloadState[] = ['DWN_FAIL', 'ZIP_FAIL'];

/** Every allowed move, read from the machine once: from → (event → to). */
export const DOWNLOAD_TRANSITIONS: Readonly<
  Record<DownloadState, Readonly<Partial<Record<DownloadEventType, DownloadState>>>>
> = Object.fromEntries(
  DOWNLOAD_STATES.map((from) => {
    const node = downloadMachine.states[from];
    const moves: Partial<Record<DownloadEventType, DownloadState>> = {};
    for (const [eventType, transitions] of Object.entries(node.on)) {
      const target = transitions[0]?.target?.[0]?.key;
      if (target) moves[eventType as DownloadEventType] = target as DownloadState;
    }
    return [from, moves];
  }),
) as Record<DownloadState, Partial<Record<DownloadEventType, DownloadState>>>;

/** The event that moves a download from one state to another, or null when the machine has no such move. */
export function downloadEventFor(from: DownloadState, to: DownloadState): DownloadEventType | null {
  const moves = DOWNLOAD_TRANSITIONS[from];
  if (!moves) return null;
  const found = Object.entries(moves).find(([, target]) => target === to);
  return found ? (found[0] as DownloadEventType) : null;
}

/**
 * Whether a download may go from `from` to `to` (the server refuses any other state change: out of order, skipped,
 * or unknown). Staying in the same state is not a move.
 */
export function canDownloadMove(from: string, to: string): boolean {
  if (!isDownloadState(from) || !isDownloadState(to)) return false;
  return downloadEventFor(from, to) !== null;
}

export function isDownloadState(value: string): value is DownloadState {
  return (DOWNLOAD_STATES as readonly string[]).includes(value);
}
