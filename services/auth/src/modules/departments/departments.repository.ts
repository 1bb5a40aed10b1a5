import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import type { ListQuery } from '@rayworks/contracts';
import { containsPattern, orderAndPage, QueryParams, type ReadTx, type RequestAccess } from '@rayworks/nest-kit';
import type { OwnerScope } from '../access/owner-scope.js';
import { ScopeSql } from '../access/scope-sql.js';
import { DepartmentEntity, SubDepartmentEntity } from './department.entity.js';

/** Sortable list fields (contract names) → columns. */
export const DEPARTMENT_SORT = { name: 'd.name', code: 'd.code', createdAt: 'd.createdAt' } as const;

/** Departments and their sub-departments: owner-scoped reference data. */
@Injectable()
export class DepartmentsRepository {
  private query(tx: ReadTx, access: RequestAccess, which: 'ownedReadable' | 'ownedWritable') {
    const p = new QueryParams();
    const qb = tx.repo(DepartmentEntity).createQueryBuilder('d').where(new ScopeSql(access, p)[which]('d'));
    return { qb, p };
  }

  /** Sets each department's sub-departments, by name. */
  private async withSubs(tx: ReadTx, departments: DepartmentEntity[]): Promise<DepartmentEntity[]> {
    if (departments.length === 0) return departments;
    const subs = await tx.repo(SubDepartmentEntity).find({
      where: { departmentId: In(departments.map((d) => d.id)) },
      order: { name: 'ASC', id: 'ASC' },
    });
    for (const d of departments) d.subs = subs.filter((s) => s.departmentId === d.id);
    return departments;
  }

  async list(tx: ReadTx, access: RequestAccess, q: ListQuery): Promise<{ items: DepartmentEntity[]; total: number }> {
    const { qb, p } = this.query(tx, access, 'ownedReadable');
    if (q.search) {
      const s = p.add(containsPattern(q.search));
      qb.andWhere(
        `(d.name ILIKE ${s} OR d.code ILIKE ${s} OR EXISTS (SELECT 1 FROM sub_departments s WHERE s.department_id = d.id AND (s.name ILIKE ${s} OR s.code ILIKE ${s})))`,
      );
    }
    if (q.isActive !== undefined) qb.andWhere(`d.is_active = ${p.add(q.isActive)}`);
    qb.setParameters(p.values);
    const [items, total] = await orderAndPage(qb, q, DEPARTMENT_SORT, 'name', 'd.id').getManyAndCount();
    return { items: await this.withSubs(tx, items), total };
  }

  async findReadable(tx: ReadTx, access: RequestAccess, id: string): Promise<DepartmentEntity | null> {
    const { qb, p } = this.query(tx, access, 'ownedReadable');
    const found = await qb
      .andWhere(`d.id = ${p.add(id)}`)
      .setParameters(p.values)
      .getOne();
    return found && (await this.withSubs(tx, [found]))[0]!;
  }

  async isWritable(tx: ReadTx, access: RequestAccess, id: string): Promise<boolean> {
    const { qb, p } = this.query(tx, access, 'ownedWritable');
    return (
      (await qb
        .andWhere(`d.id = ${p.add(id)}`)
        .setParameters(p.values)
        .getCount()) > 0
    );
  }

  async insert(
    tx: ReadTx,
    tenantId: string,
    input: { name: string; code: string },
    owner: OwnerScope,
  ): Promise<string> {
    const result = await tx.repo(DepartmentEntity).insert({ tenantId, name: input.name, code: input.code, ...owner });
    return (result.identifiers[0] as { id: string }).id;
  }

  async update(tx: ReadTx, id: string, input: { name: string; code: string }): Promise<void> {
    await tx.repo(DepartmentEntity).update({ id }, { name: input.name, code: input.code });
  }

  async setActive(tx: ReadTx, id: string, isActive: boolean): Promise<void> {
    await tx.repo(DepartmentEntity).update({ id }, { isActive });
  }

  async insertSub(
    tx: ReadTx,
    tenantId: string,
    departmentId: string,
    input: { name: string; code: string },
  ): Promise<void> {
    await tx.repo(SubDepartmentEntity).insert({ tenantId, departmentId, name: input.name, code: input.code });
  }
}
