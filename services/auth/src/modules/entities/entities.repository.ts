import { Injectable } from '@nestjs/common';
import { containsPattern, type ReadTx } from '@rayworks/nest-kit';
import { PlaceEntity } from './place.entity.js';

/** Entities (spec §3: code, city, state): place codes shared by the whole tenant. */
@Injectable()
export class EntitiesRepository {
  search(tx: ReadTx, search: string | undefined): Promise<PlaceEntity[]> {
    const qb = tx.repo(PlaceEntity).createQueryBuilder('e').orderBy('e.code').limit(100);
    if (search) qb.where('e.code ILIKE :s OR e.city ILIKE :s OR e.state ILIKE :s', { s: containsPattern(search) });
    return qb.getMany();
  }

  async insert(
    tx: ReadTx,
    tenantId: string,
    input: { code: string; city: string; state: string },
  ): Promise<PlaceEntity> {
    const result = await tx
      .repo(PlaceEntity)
      .insert({ tenantId, code: input.code, city: input.city, state: input.state });
    return tx.repo(PlaceEntity).findOneByOrFail({ id: (result.identifiers[0] as { id: string }).id });
  }
}
