/**
 * New-version detection (spec §4): every build writes its id into the bundle and into /version.json. The
 * console compares the two now and then; when they differ a newer build has been installed.
 */
export const VERSION_FILE = '/version.json';
export const VERSION_CHECK_INTERVAL_MS = 60_000;

export function isNewerBuild(runningBuildId: string, served: unknown): boolean {
  if (!served || typeof served !== 'object' || !('buildId' in served)) return false;
  const { buildId } = served as { buildId: unknown };
  return typeof buildId === 'string' && buildId !== '' && buildId !== runningBuildId;
}

export async function fetchServedBuild(signal?: AbortSignal): Promise<unknown> {
  const response = await fetch(VERSION_FILE, { cache: 'no-store', signal, headers: { Accept: 'application/json' } });
  if (!response.ok) return null;
  return response.json().catch(() => null);
}
