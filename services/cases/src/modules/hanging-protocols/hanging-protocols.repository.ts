import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { HangingRule } from '@rayworks/contracts';
import type { ChangeTx, ReadTx } from '@rayworks/nest-kit';
import { HangingProtocolEntity } from './hanging-protocol.entity.js';

/** The queries of cases.hanging_protocols. */
@Injectable()
export class HangingProtocolsRepository {
  ofCentre(tx: ReadTx, centreId: string): Promise<HangingProtocolEntity[]> {
    return tx
      .repo(HangingProtocolEntity)
      .find({ where: { centreId }, order: { modality: 'ASC', bodyPart: 'DESC', id: 'ASC' } });
  }

  /** Inserts the centre's rule of the modality and body part, or replaces it (one per pair). */
  async upsert(
    tx: ChangeTx,
    row: { tenantId: string; centreId: string; userId: string; rule: HangingRule },
  ): Promise<{ entity: HangingProtocolEntity; replaced: boolean }> {
    const repo = tx.repo(HangingProtocolEntity);
    const { modality, bodyPart, layout, viewports } = row.rule;
    const existing = await repo.findOne({
      where: { centreId: row.centreId, modality, bodyPart },
      lock: { mode: 'pessimistic_write' },
    });
    const fields = { layout, viewports, updatedBy: row.userId };
    if (existing) return { entity: await repo.save(repo.merge(existing, fields)), replaced: true };
    const entity = await repo.save(
      repo.create({ ...fields, id: randomUUID(), tenantId: row.tenantId, centreId: row.centreId, modality, bodyPart }),
    );
    return { entity, replaced: false };
  }
}
