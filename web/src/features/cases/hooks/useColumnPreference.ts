import { useCallback, useState } from 'react';
import { readProfile } from '../../../api/storage';
import { parseSavedColumns, toggleColumn, type WorklistColumnId } from './worklist-columns';

/**
 * The user's worklist columns (spec §7 /preferredcolumn/create|find). Until the cases service answers
 * /preferredcolumn (a collaboration helper adds it), the choice is kept in this browser under the user's id:
 * this hook is the one place that changes when it does (docs/decisions/0153-worklist-columns.md).
 */
const storageKey = (userId: string) => `rayworks.worklist.columns.${userId}`;

function load(): WorklistColumnId[] {
  const userId = readProfile()?._id;
  try {
    return parseSavedColumns(userId ? window.localStorage.getItem(storageKey(userId)) : null);
  } catch {
    return parseSavedColumns(null);
  }
}

function save(columns: readonly WorklistColumnId[]): void {
  const userId = readProfile()?._id;
  if (!userId) return;
  try {
    window.localStorage.setItem(storageKey(userId), JSON.stringify(columns));
  } catch {
    // a full or blocked storage keeps the choice for this visit only
  }
}

export function useColumnPreference() {
  const [columns, setColumns] = useState<WorklistColumnId[]>(load);
  const set = useCallback((next: WorklistColumnId[]) => {
    setColumns(next);
    save(next);
  }, []);
  const toggle = useCallback(
    (id: WorklistColumnId) =>
      setColumns((current) => {
        const next = toggleColumn(current, id);
        save(next);
        return next;
      }),
    [],
  );
  return { columns, setColumns: set, toggle };
}
