import { Injectable } from '@nestjs/common';
import type { ReadTx } from '@rayworks/nest-kit';
import { CompanyEntity } from './company.entity.js';

/** Companies: the tenants. Created by provisioning (seed, tenant CLI), not through the API. */
@Injectable()
export class CompaniesRepository {
  async isActive(tx: ReadTx, id: string): Promise<boolean> {
    return (await tx.repo(CompanyEntity).findOneBy({ id }))?.isActive === true;
  }

  findByCode(tx: ReadTx, code: string): Promise<CompanyEntity | null> {
    return tx.repo(CompanyEntity).findOneBy({ code });
  }

  async insert(tx: ReadTx, row: { id: string; name: string; code: string }): Promise<void> {
    await tx.repo(CompanyEntity).insert(row);
  }
}
