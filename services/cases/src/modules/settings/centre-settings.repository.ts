import { Injectable } from '@nestjs/common';
import type { ChangeTx, ReadTx } from '@rayworks/nest-kit';
import { CentreSettingEntity } from './centre-setting.entity.js';

/** The centres' worklist settings. */
@Injectable()
export class CentreSettingsRepository {
  find(tx: ReadTx, centreId: string): Promise<CentreSettingEntity | null> {
    return tx.repo(CentreSettingEntity).findOneBy({ centreId });
  }

  /** Writes the given fields, creating the centre's row with the defaults for the rest. */
  async save(
    tx: ChangeTx,
    tenantId: string,
    centreId: string,
    fields: Partial<
      Pick<
        CentreSettingEntity,
        'requiresAcceptance' | 'typistAssignment' | 'autoAssign' | 'turnaroundMinutes' | 'turnaroundByModality'
      >
    >,
  ): Promise<CentreSettingEntity> {
    const repo = tx.repo(CentreSettingEntity);
    const row = (await repo.findOneBy({ centreId })) ?? repo.create({ centreId, tenantId });
    Object.assign(row, fields);
    return repo.save(row);
  }
}
