import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Department, ListQuery, Page } from '@rayworks/contracts';
import { forbidden, runInTenant, type RequestAccess } from '@rayworks/nest-kit';
import { iso, isUniqueViolation, type Row } from '../../database/sql.js';
import { ownerFor, wholeReach } from '../access/owner-scope.js';

import { DepartmentsRepository } from './departments.repository.js';

export const DEPARTMENT_MESSAGES = {
  notFound: 'Department not found',
  subCodeTaken: 'A sub-department with this code already exists',
} as const;

export const toDepartment = (r: Row): Department => ({
  _id: String(r.id),
  name: String(r.name),
  code: String(r.code),
  subDepartments: (r.subs as Department['subDepartments']) ?? [],
  isActive: Boolean(r.is_active),
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

/** Departments and sub-departments, owned by the tenant, a group or a centre (docs/decisions/0012). */
@Injectable()
export class DepartmentsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(DepartmentsRepository) private readonly departments: DepartmentsRepository,
  ) {}

  list(access: RequestAccess, q: ListQuery): Promise<Page<Department>> {
    return runInTenant(this.dataSource, access.principal.tenantId, async (m) => {
      const { items, total } = await this.departments.list(m, access, q);
      return { items: items.map(toDepartment), total, page: q.page, pageSize: q.pageSize };
    });
  }

  subDepartments(access: RequestAccess, departmentId: string): Promise<Department['subDepartments']> {
    return runInTenant(this.dataSource, access.principal.tenantId, async (m) => {
      const row = await this.departments.findReadable(m, access, departmentId);
      if (!row) throw new NotFoundException(DEPARTMENT_MESSAGES.notFound);
      return toDepartment(row).subDepartments;
    });
  }

  create(access: RequestAccess, input: { name: string; code: string }): Promise<Department> {
    const owner = ownerFor(access);
    return runInTenant(this.dataSource, access.principal.tenantId, async (m) => {
      const id = await this.departments.insert(m, access.principal.tenantId, input, owner);
      return toDepartment((await this.departments.findReadable(m, wholeReach(access), id))!);
    });
  }

  update(access: RequestAccess, input: { id: string; name: string; code: string }): Promise<Department> {
    return runInTenant(this.dataSource, access.principal.tenantId, async (m) => {
      await this.writable(m, access, input.id);
      await this.departments.update(m, input.id, input);
      return toDepartment((await this.departments.findReadable(m, wholeReach(access), input.id))!);
    });
  }

  setStatus(access: RequestAccess, id: string, isActive: boolean): Promise<Department> {
    return runInTenant(this.dataSource, access.principal.tenantId, async (m) => {
      await this.writable(m, access, id);
      await this.departments.setActive(m, id, isActive);
      return toDepartment((await this.departments.findReadable(m, wholeReach(access), id))!);
    });
  }

  async createSub(
    access: RequestAccess,
    input: { departmentID: string; subDepartmentName: string; subDepartmentCode: string },
  ): Promise<Department> {
    try {
      return await runInTenant(this.dataSource, access.principal.tenantId, async (m) => {
        await this.writable(m, access, input.departmentID);
        await this.departments.insertSub(m, access.principal.tenantId, input.departmentID, {
          name: input.subDepartmentName,
          code: input.subDepartmentCode,
        });
        return toDepartment((await this.departments.findReadable(m, wholeReach(access), input.departmentID))!);
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new BadRequestException(DEPARTMENT_MESSAGES.subCodeTaken);
      throw error;
    }
  }

  private async writable(
    m: Parameters<DepartmentsRepository['isWritable']>[0],
    access: RequestAccess,
    id: string,
  ): Promise<void> {
    if (!(await this.departments.findReadable(m, access, id)))
      throw new NotFoundException(DEPARTMENT_MESSAGES.notFound);
    if (!(await this.departments.isWritable(m, access, id))) throw forbidden();
  }
}
