import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { Department, ListQuery, Page } from '@rayworks/contracts';
import {
  companyOf,
  forbidden,
  isUniqueViolation,
  UnitOfWork,
  type ReadTx,
  type RequestAccess,
} from '@rayworks/nest-kit';
import { ownerFor, wholeReach } from '../access/owner-scope.js';
import { DepartmentsRepository } from './departments.repository.js';

export const DEPARTMENT_MESSAGES = {
  notFound: 'Department not found',
  subCodeTaken: 'A sub-department with this code already exists',
} as const;

/** Departments and sub-departments, owned by the tenant, a group or a centre (docs/decisions/0012). */
@Injectable()
export class DepartmentsService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(DepartmentsRepository) private readonly departments: DepartmentsRepository,
  ) {}

  list(access: RequestAccess, q: ListQuery): Promise<Page<Department>> {
    return this.uow.read(access, async (tx) => {
      const { items, total } = await this.departments.list(tx, access, q);
      return { items: items.map((d) => d.toDepartment()), total, page: q.page, pageSize: q.pageSize };
    });
  }

  subDepartments(access: RequestAccess, departmentId: string): Promise<Department['subDepartments']> {
    return this.uow.read(access, async (tx) => {
      const department = await this.departments.findReadable(tx, access, departmentId);
      if (!department) throw new NotFoundException(DEPARTMENT_MESSAGES.notFound);
      return department.toDepartment().subDepartments;
    });
  }

  create(access: RequestAccess, input: { name: string; code: string }): Promise<Department> {
    const owner = ownerFor(access);
    return this.uow.change(access, async (tx) => {
      const id = await this.departments.insert(tx, companyOf(access.principal), input, owner);
      return (await this.departments.findReadable(tx, wholeReach(access), id))!.toDepartment();
    });
  }

  update(access: RequestAccess, input: { id: string; name: string; code: string }): Promise<Department> {
    return this.uow.change(access, async (tx) => {
      await this.writable(tx, access, input.id);
      await this.departments.update(tx, input.id, input);
      return (await this.departments.findReadable(tx, wholeReach(access), input.id))!.toDepartment();
    });
  }

  setStatus(access: RequestAccess, id: string, isActive: boolean): Promise<Department> {
    return this.uow.change(access, async (tx) => {
      await this.writable(tx, access, id);
      await this.departments.setActive(tx, id, isActive);
      return (await this.departments.findReadable(tx, wholeReach(access), id))!.toDepartment();
    });
  }

  async createSub(
    access: RequestAccess,
    input: { departmentID: string; subDepartmentName: string; subDepartmentCode: string },
  ): Promise<Department> {
    try {
      return await this.uow.change(access, async (tx) => {
        await this.writable(tx, access, input.departmentID);
        await this.departments.insertSub(tx, companyOf(access.principal), input.departmentID, {
          name: input.subDepartmentName,
          code: input.subDepartmentCode,
        });
        return (await this.departments.findReadable(tx, wholeReach(access), input.departmentID))!.toDepartment();
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new BadRequestException(DEPARTMENT_MESSAGES.subCodeTaken);
      throw error;
    }
  }

  private async writable(tx: ReadTx, access: RequestAccess, id: string): Promise<void> {
    if (!(await this.departments.findReadable(tx, access, id)))
      throw new NotFoundException(DEPARTMENT_MESSAGES.notFound);
    if (!(await this.departments.isWritable(tx, access, id))) throw forbidden();
  }
}
