import { Injectable } from '@nestjs/common';
import type { ChangeTx, ReadTx } from '@rayworks/nest-kit';
import { CentreSettingsEntity } from './centre-settings.entity.js';

export type CentreSettingsFields = Omit<CentreSettingsEntity, 'centreId' | 'tenantId' | 'updatedAt' | 'toSettings'>;

/** billing.centre_settings under row-level security; the service checks the centre's reach first. */
@Injectable()
export class CentreSettingsRepository {
  find(tx: ReadTx, centreId: string): Promise<CentreSettingsEntity | null> {
    return tx.repo(CentreSettingsEntity).findOneBy({ centreId });
  }

  async save(tx: ChangeTx, row: CentreSettingsFields & { centreId: string; tenantId: string }): Promise<void> {
    await tx.repo(CentreSettingsEntity).upsert(row, { conflictPaths: ['centreId'] });
  }
}
