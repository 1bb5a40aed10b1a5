import { Inject, Injectable } from '@nestjs/common';
import {
  DEFAULT_WORKLIST_COLUMNS,
  WORKLIST_COLUMNS,
  type WorklistColumn,
  type WorklistColumns,
} from '@rayworks/contracts';
import { companyOf, UnitOfWork, type RequestAccess } from '@rayworks/nest-kit';
import { COLLABORATION_AUDIT_ACTIONS as A, iso } from '../collaboration-audit.js';
import type { WorklistColumnsEntity } from './worklist-columns.entity.js';
import { WorklistColumnsRepository } from './worklist-columns.repository.js';

type Screen = WorklistColumns['screen'];
const KNOWN = new Set<string>(WORKLIST_COLUMNS);

/** The columns as chosen, in order, without repeats and without columns the worklist no longer has. */
export function chosenColumns(columns: readonly string[]): WorklistColumn[] {
  return [...new Set(columns)].filter((c): c is WorklistColumn => KNOWN.has(c));
}

/**
 * The worklist's column chooser saved as the user's preference (spec §7 /preferredcolumn/create|find), owned by the
 * cases service, which knows the worklist's columns (docs/decisions/0145-worklist-columns.md). Until the user
 * chooses, the answer is DEFAULT_WORKLIST_COLUMNS with isDefault.
 */
@Injectable()
export class WorklistColumnsService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(WorklistColumnsRepository) private readonly columns: WorklistColumnsRepository,
  ) {}

  find(access: RequestAccess, screen: Screen): Promise<WorklistColumns> {
    return this.uow.read(access, async (tx) =>
      view(screen, await this.columns.of(tx, access.principal.userId, screen)),
    );
  }

  set(access: RequestAccess, screen: Screen, columns: readonly WorklistColumn[]): Promise<WorklistColumns> {
    const chosen = chosenColumns(columns);
    return this.uow.change(access, async (tx) => {
      const row = await this.columns.set(tx, companyOf(access.principal), access.principal.userId, screen, chosen);
      await tx.audit({ action: A.columnsSet, target: null, details: { screen, columns: chosen } });
      return view(screen, row);
    });
  }
}

function view(screen: Screen, row: WorklistColumnsEntity | null): WorklistColumns {
  const columns = row ? chosenColumns(row.columns) : [];
  if (!row || columns.length === 0)
    return {
      screen,
      columns: [...DEFAULT_WORKLIST_COLUMNS],
      isDefault: true,
      updatedAt: row ? iso(row.updatedAt) : null,
    };
  return { screen, columns, isDefault: false, updatedAt: iso(row.updatedAt) };
}
