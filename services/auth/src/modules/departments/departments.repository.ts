import { Injectable } from '@nestjs/common';
import { In } from 'typeorm';
import type { ListQuery } from '@rayworks/contracts';
import type { ReadTx, RequestAccess } from '@rayworks/nest-kit';
import type { OwnerScope } from '../access/owner-scope.js';
import { OwnedRecordsRepository } from '../access/owned-records.repository.js';
import { DepartmentEntity, SubDepartmentEntity } from './department.entity.js';

/** Sortable list fields (contract names) → columns. */
export const DEPARTMENT_SORT = { name: 'd.name', code: 'd.code', createdAt: 'd.createdAt' } as const;

/** Departments and their sub-departments: owner-scoped reference data. */
@Injectable()
export class DepartmentsRepository extends OwnedRecordsRepository<DepartmentEntity> {
  constructor() {
    super(DepartmentEntity, 'd', {
      // a department is found by its own name or code and by its sub-departments'
      search: (s) =>
        `(d.name ILIKE ${s} OR d.code ILIKE ${s} OR EXISTS (SELECT 1 FROM sub_departments s WHERE s.department_id = d.id AND (s.name ILIKE ${s} OR s.code ILIKE ${s})))`,
      sort: DEPARTMENT_SORT,
      defaultSort: 'name',
    });
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

  override async list(
    tx: ReadTx,
    access: RequestAccess,
    q: ListQuery,
  ): Promise<{ items: DepartmentEntity[]; total: number }> {
    const page = await super.list(tx, access, q);
    return { items: await this.withSubs(tx, page.items), total: page.total };
  }

  override async findReadable(tx: ReadTx, access: RequestAccess, id: string): Promise<DepartmentEntity | null> {
    const found = await super.findReadable(tx, access, id);
    return found && (await this.withSubs(tx, [found]))[0]!;
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

  async insertSub(
    tx: ReadTx,
    tenantId: string,
    departmentId: string,
    input: { name: string; code: string },
  ): Promise<void> {
    await tx.repo(SubDepartmentEntity).insert({ tenantId, departmentId, name: input.name, code: input.code });
  }
}
