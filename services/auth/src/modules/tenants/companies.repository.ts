import { Injectable } from '@nestjs/common';
import type { AUTH_API, BodyOf } from '@rayworks/contracts';
import { containsPattern, orderAndPage, type ReadTx } from '@rayworks/nest-kit';
import { CompanyEntity } from './company.entity.js';

type CompanyListQuery = BodyOf<typeof AUTH_API.getCompanies>;

/** The columns the companies list sorts by (the contract's sortBy). */
export const COMPANY_SORT = { name: 'c.name', code: 'c.code', createdAt: 'c.createdAt' } as const;

/**
 * Companies: the register of tenants, a platform table (no company's data: name, code, whether suspended).
 * Written by onboarding (the platform operator's API, the seed and test tenants go through CompanyOnboarding).
 */
@Injectable()
export class CompaniesRepository {
  /** Whether a company may be used (not suspended); the platform itself (null: an operator's) always may. */
  async isActive(tx: ReadTx, id: string | null): Promise<boolean> {
    if (id === null) return true;
    return (await tx.repo(CompanyEntity).findOneBy({ id }))?.isActive === true;
  }

  find(tx: ReadTx, id: string): Promise<CompanyEntity | null> {
    return tx.repo(CompanyEntity).findOneBy({ id });
  }

  findByCode(tx: ReadTx, code: string): Promise<CompanyEntity | null> {
    return tx.repo(CompanyEntity).findOneBy({ code });
  }

  async list(tx: ReadTx, q: CompanyListQuery): Promise<{ items: CompanyEntity[]; total: number }> {
    const qb = tx.repo(CompanyEntity).createQueryBuilder('c');
    if (q.search) qb.andWhere('(c.name ILIKE :s OR c.code ILIKE :s)', { s: containsPattern(q.search) });
    if (q.isActive !== undefined) qb.andWhere('c.is_active = :active', { active: q.isActive });
    const [items, total] = await orderAndPage(qb, q, COMPANY_SORT, 'name', 'c.id').getManyAndCount();
    return { items, total };
  }

  async insert(tx: ReadTx, row: { id: string; name: string; code: string }): Promise<void> {
    await tx.repo(CompanyEntity).insert(row);
  }

  async setActive(tx: ReadTx, id: string, isActive: boolean): Promise<void> {
    await tx.repo(CompanyEntity).update({ id }, { isActive });
  }
}
