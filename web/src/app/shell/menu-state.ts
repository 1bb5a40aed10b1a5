import type { Menu, MenuItem } from '@rayworks/contracts';
import { protectedRouteFor } from '../../shared/session/access';

export const MORE_ID = 'more';

interface Placed {
  item: MenuItem;
  /** Ids of the entries that hold it: a header, and 'more' for entries under More. */
  parents: string[];
}

function flatten(menu: Menu): Placed[] {
  const out: Placed[] = [];
  const add = (items: MenuItem[], parents: string[]) => {
    for (const item of items) {
      out.push({ item, parents });
      add(item.subItems, [...parents, item.id]);
    }
  };
  add(menu.items, []);
  add(menu.more, [MORE_ID]);
  return out;
}

/**
 * The ids to highlight for a path: the entry whose link is the path or a parent of it, else the first entry
 * whose submodule type the path's route needs (so /add-groups lights Groups, /centers/view/… lights Centers),
 * together with the header and the More entry that hold it.
 */
export function activeMenuIds(menu: Menu, pathname: string): Set<string> {
  const lower = pathname.toLowerCase();
  const leaves = flatten(menu).filter((p) => p.item.link !== '/#');
  const byLink = leaves.find(
    ({ item }) => lower === item.link.toLowerCase() || lower.startsWith(`${item.link.toLowerCase()}/`),
  );
  const route = byLink ? undefined : protectedRouteFor(pathname);
  const found = byLink ?? (route ? leaves.find(({ item }) => item.type === route.need.type) : undefined);
  return found ? new Set([found.item.id, ...found.parents]) : new Set();
}
