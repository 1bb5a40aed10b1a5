import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import type { ChangeTx, ReadTx } from '@rayworks/nest-kit';
import { CentreSettingsEntity } from './centre-settings.entity.js';

export type CentreSettingsFields = Omit<CentreSettingsEntity, 'centreId' | 'tenantId' | 'updatedAt' | 'toSettings'>;

/** billing.centre_settings under row-level security; the service checks the centre's reach first. */
@Injectable()
export class CentreSettingsRepository {
  find(tx: ReadTx, centreId: string): Promise<CentreSettingsEntity | null> {
    return tx.repo(CentreSettingsEntity).findOneBy({ centreId });
  }

  /** The saved settings of several centres, in one read (a centre that never saved its settings is absent). */
  findMany(tx: ReadTx, centreIds: readonly string[]): Promise<CentreSettingsEntity[]> {
    if (centreIds.length === 0) return Promise.resolve([]);
    return tx.repo(CentreSettingsEntity).findBy({ centreId: In([...centreIds]) });
  }

  async save(tx: ChangeTx, row: CentreSettingsFields & { centreId: string; tenantId: string }): Promise<void> {
    await tx.repo(CentreSettingsEntity).upsert(row, { conflictPaths: ['centreId'] });
  }
}
