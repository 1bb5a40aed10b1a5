import { Injectable } from '@nestjs/common';
import type { ReadTx } from '@rayworks/nest-kit';
import { DirectoryCentreEntity } from './directory-centre.entity.js';

/** reporting.directory_centres (the kit's read model REPORTING_CENTRES of auth's org units), read to check a centre id. */
@Injectable()
export class CentresRepository {
  /** The centre (not a group) of this id in the transaction's company (row-level security), or null. */
  centre(tx: ReadTx, id: string): Promise<DirectoryCentreEntity | null> {
    return tx.repo(DirectoryCentreEntity).findOneBy({ id, kind: 'centre' });
  }
}
