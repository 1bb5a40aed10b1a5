import { Injectable } from '@nestjs/common';
import type { ChangeTx, ReadTx } from '@rayworks/nest-kit';
import { WorklistColumnsEntity } from './worklist-columns.entity.js';

/** The queries of cases.worklist_columns. */
@Injectable()
export class WorklistColumnsRepository {
  of(tx: ReadTx, userId: string, screen: string): Promise<WorklistColumnsEntity | null> {
    return tx.repo(WorklistColumnsEntity).findOneBy({ userId, screen });
  }

  /** Sets the user's columns of a screen (one row per user and screen, even under a race). */
  async set(tx: ChangeTx, tenantId: string, userId: string, screen: string, columns: readonly string[]) {
    await tx.manager.query(
      `INSERT INTO cases.worklist_columns (tenant_id, user_id, screen, columns) VALUES ($1, $2, $3, $4)
       ON CONFLICT (user_id, screen) DO UPDATE SET columns = EXCLUDED.columns, updated_at = now()`,
      [tenantId, userId, screen, columns],
    );
    return (await this.of(tx, userId, screen))!;
  }
}
