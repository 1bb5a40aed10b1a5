import { CONSOLE_ROUTES } from '@rayworks/contracts';

/** At most this many cases go to one assign page (what /cases/assign takes). */
export const MAX_ASSIGN = 100;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The assign page of some cases: /worklist/edit/<id>,<id>… (docs/decisions/0155-assign-page.md). */
export const assignPath = (ids: readonly string[]): string =>
  `${CONSOLE_ROUTES.worklistEdit.replace('/*', '')}/${ids.slice(0, MAX_ASSIGN).join(',')}`;

/** The case ids of the assign page's path after /worklist/edit/: UUIDs only, once each, at most MAX_ASSIGN. */
export function idsOfPath(rest: string | undefined): string[] {
  return [...new Set((rest ?? '').split(/[,/]/).filter((id) => UUID.test(id)))].slice(0, MAX_ASSIGN);
}
