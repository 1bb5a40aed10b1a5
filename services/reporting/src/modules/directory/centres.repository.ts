import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { OrgUnitPayload } from '@rayworks/contracts';
import type { ReadTx } from '@rayworks/nest-kit';
import { DirectoryCentreEntity } from './directory-centre.entity.js';

/** reporting.directory_centres: written by the consumer from auth's org unit events, read to check a centre id. */
@Injectable()
export class CentresRepository {
  async upsert(manager: EntityManager, tenantId: string, o: OrgUnitPayload): Promise<void> {
    await manager.query(
      `INSERT INTO reporting.directory_centres (id, tenant_id, kind, name, group_id, is_active)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, group_id = EXCLUDED.group_id,
         is_active = EXCLUDED.is_active, updated_at = now()`,
      [o.id, tenantId, o.kind, o.name, o.groupId, o.isActive],
    );
  }

  /** The centre (not a group) of this id in the transaction's company (row-level security), or null. */
  centre(tx: ReadTx, id: string): Promise<DirectoryCentreEntity | null> {
    return tx.repo(DirectoryCentreEntity).findOneBy({ id, kind: 'centre' });
  }
}
