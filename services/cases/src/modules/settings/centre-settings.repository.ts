import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import type { ChangeTx, ReadTx } from '@rayworks/nest-kit';
import { CentreSettingEntity } from './centre-setting.entity.js';

/** The centres' worklist settings. */
@Injectable()
export class CentreSettingsRepository {
  find(tx: ReadTx, centreId: string): Promise<CentreSettingEntity | null> {
    return tx.repo(CentreSettingEntity).findOneBy({ centreId });
  }

  /** The settings rows of these centres (a centre without one is missing). */
  findMany(tx: ReadTx, centreIds: readonly string[]): Promise<CentreSettingEntity[]> {
    if (centreIds.length === 0) return Promise.resolve([]);
    return tx.repo(CentreSettingEntity).findBy({ centreId: In([...centreIds]) });
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
