import type { DownloadState } from '@rayworks/contracts';

/** What a zip holds, or what a study holds now: its instances, counted and summed. */
export interface InstanceStamp {
  instanceCount: number;
  instancesBytes: number;
}

/** The fields of a download row the reuse rule reads. */
export interface ReuseCandidate extends InstanceStamp {
  id: string;
  state: DownloadState;
  requestedBy: string;
  zipKey: string | null;
  expiresAt: Date | null;
}

/** States of a download that is still being made. */
export const RUNNING_DOWNLOAD_STATES: readonly DownloadState[] = [
  'DWN_INIT',
  'DWN_STRT',
  'DWN_DONE',
  'ZIP_STRT',
  'ZIP_DONE',
];

export type Reuse<C extends ReuseCandidate> = { kind: 'ready'; download: C } | { kind: 'running'; download: C } | null;

const sameStamp = (a: InstanceStamp, b: InstanceStamp) =>
  a.instanceCount === b.instanceCount && a.instancesBytes === b.instancesBytes;

/**
 * Which earlier download of the same study a new request reuses (docs/decisions/0106):
 * - a READY zip whose instances are still the study's (same count and bytes: the archive only ever adds instances,
 *   so a re-import that added any changes the stamp) and that stays fresh for at least `minFreshSeconds` more (the
 *   life of the link handed out, so no link outlives its zip), of anyone in the tenant who reached the study;
 * - otherwise the caller's own download of the same stamp that is still running (a second click starts nothing new);
 * - otherwise none: a new download starts. Expired zips and failed downloads are never reused.
 */
export function chooseReuse<C extends ReuseCandidate>(
  candidates: readonly C[],
  current: InstanceStamp,
  caller: string,
  now: Date,
  minFreshSeconds: number,
): Reuse<C> {
  if (current.instanceCount === 0) return null;
  const freshUntil = now.getTime() + minFreshSeconds * 1000;
  const ready = candidates
    .filter(
      (c) =>
        c.state === 'READY' &&
        c.zipKey !== null &&
        c.expiresAt !== null &&
        c.expiresAt.getTime() > freshUntil &&
        sameStamp(c, current),
    )
    .sort((a, b) => b.expiresAt!.getTime() - a.expiresAt!.getTime())[0];
  if (ready) return { kind: 'ready', download: ready };
  const running = candidates.find(
    (c) => RUNNING_DOWNLOAD_STATES.includes(c.state) && c.requestedBy === caller && sameStamp(c, current),
  );
  return running ? { kind: 'running', download: running } : null;
}
