import { describe, expect, it } from '@jest/globals';
import type { DownloadState } from '@rayworks/contracts';
import { chooseReuse, type ReuseCandidate } from './download-reuse.js';

const now = new Date('2026-11-23T12:00:00Z');
const inHours = (h: number) => new Date(now.getTime() + h * 3600_000);
const stamp = { instanceCount: 3, instancesBytes: 3000 };
const TTL = 300;

const candidate = (over: Partial<ReuseCandidate> & { state: DownloadState }): ReuseCandidate => ({
  id: over.id ?? `${over.state}-row`,
  requestedBy: 'user-a',
  zipKey: over.state === 'READY' ? 'tenants/t/downloads/x.zip' : null,
  expiresAt: over.state === 'READY' ? inHours(10) : null,
  ...stamp,
  ...over,
});

describe('chooseReuse (docs/decisions/0106)', () => {
  it('reuses a fresh READY zip of the same instances, whoever asked for it', () => {
    const ready = candidate({ state: 'READY', requestedBy: 'user-b' });
    expect(chooseReuse([ready], stamp, 'user-a', now, TTL)).toEqual({ kind: 'ready', download: ready });
  });

  it('prefers the READY zip that stays fresh longest', () => {
    const soon = candidate({ id: 'soon', state: 'READY', expiresAt: inHours(1) });
    const later = candidate({ id: 'later', state: 'READY', expiresAt: inHours(20) });
    expect(chooseReuse([soon, later], stamp, 'user-a', now, TTL)?.download.id).toBe('later');
  });

  it('never reuses an expired zip, nor one that expires before the link it would hand out', () => {
    const expired = candidate({ state: 'READY', expiresAt: inHours(-1) });
    const almost = candidate({ state: 'READY', expiresAt: new Date(now.getTime() + (TTL - 1) * 1000) });
    expect(chooseReuse([expired], stamp, 'user-a', now, TTL)).toBeNull();
    expect(chooseReuse([almost], stamp, 'user-a', now, TTL)).toBeNull();
  });

  it('does not reuse a zip of other instances (a re-import added some: count or bytes differ)', () => {
    const ready = candidate({ state: 'READY' });
    expect(chooseReuse([ready], { instanceCount: 4, instancesBytes: 4000 }, 'user-a', now, TTL)).toBeNull();
    expect(chooseReuse([ready], { instanceCount: 3, instancesBytes: 3001 }, 'user-a', now, TTL)).toBeNull();
  });

  it('does not reuse a READY row without a zip key or an expiry', () => {
    expect(chooseReuse([candidate({ state: 'READY', zipKey: null })], stamp, 'user-a', now, TTL)).toBeNull();
    expect(chooseReuse([candidate({ state: 'READY', expiresAt: null })], stamp, 'user-a', now, TTL)).toBeNull();
  });

  it.each(['DWN_INIT', 'DWN_STRT', 'DWN_DONE', 'ZIP_STRT', 'ZIP_DONE'] as const)(
    "answers the caller's own running download (%s) of the same instances instead of starting another",
    (state) => {
      const running = candidate({ state });
      expect(chooseReuse([running], stamp, 'user-a', now, TTL)).toEqual({ kind: 'running', download: running });
      expect(chooseReuse([running], stamp, 'user-b', now, TTL)).toBeNull();
      expect(chooseReuse([running], { instanceCount: 4, instancesBytes: 1 }, 'user-a', now, TTL)).toBeNull();
    },
  );

  it.each(['DWN_FAIL', 'ZIP_FAIL'] as const)('never reuses a failed download (%s)', (state) => {
    expect(chooseReuse([candidate({ state })], stamp, 'user-a', now, TTL)).toBeNull();
  });

  it('reuses nothing for a study without instances', () => {
    expect(
      chooseReuse(
        [candidate({ state: 'READY', instanceCount: 0, instancesBytes: 0 })],
        { instanceCount: 0, instancesBytes: 0 },
        'user-a',
        now,
        TTL,
      ),
    ).toBeNull();
  });

  it('prefers a READY zip to a running download', () => {
    const running = candidate({ id: 'running', state: 'ZIP_STRT' });
    const ready = candidate({ id: 'ready', state: 'READY' });
    expect(chooseReuse([running, ready], stamp, 'user-a', now, TTL)?.kind).toBe('ready');
  });
});
