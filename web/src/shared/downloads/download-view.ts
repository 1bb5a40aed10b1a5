import { type DownloadState } from '@rayworks/contracts';
import { canDownloadMove, DOWNLOAD_BUSY_STATES, DOWNLOAD_FAILED_STATES } from '@rayworks/lifecycles';

/** The happy path of a download (spec §4), in order. */
const PATH: readonly DownloadState[] = ['DWN_INIT', 'DWN_STRT', 'DWN_DONE', 'ZIP_STRT', 'ZIP_DONE', 'READY'];

/**
 * The state the archive shows after a pushed one (imaging:download-state), decided by the download machine of
 * libs/lifecycles: a move the machine allows is taken; a later state of the happy path is taken too (a message
 * lost on the way: the worker is further along); anything else (an old message arriving late, a repeat) leaves
 * the shown state as it is.
 */
export function nextShownState(current: DownloadState | null, incoming: DownloadState): DownloadState {
  if (current === null || current === incoming) return incoming;
  if (canDownloadMove(current, incoming)) return incoming;
  const from = PATH.indexOf(current);
  const to = PATH.indexOf(incoming);
  return from >= 0 && to > from ? incoming : current;
}

/** Words for each state (the spec's codes stay visible beside them). */
export const DOWNLOAD_STATE_LABELS: Record<DownloadState, string> = {
  DWN_INIT: 'Queued',
  DWN_STRT: 'Fetching instances',
  DWN_DONE: 'Instances fetched',
  ZIP_STRT: 'Zipping',
  ZIP_DONE: 'Zipped',
  READY: 'Ready',
  DWN_FAIL: 'Download failed',
  ZIP_FAIL: 'Zip failed',
};

export const isDownloadBusy = (state: DownloadState) => DOWNLOAD_BUSY_STATES.includes(state);
export const isDownloadFailed = (state: DownloadState) => DOWNLOAD_FAILED_STATES.includes(state);
