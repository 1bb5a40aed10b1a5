import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { AUTH_API, adminMessages } from '@rayworks/contracts';
import { apiOk, ApiContract, ContractBody, CurrentAccess, type RequestAccess } from '@rayworks/nest-kit';
import { DepartmentsService } from './departments.service.js';

type Body<K extends keyof typeof AUTH_API> = z.output<(typeof AUTH_API)[K]['body']>;
const DEPARTMENT = adminMessages('Department');
const SUB_DEPARTMENT = adminMessages('Sub Department');

@ApiTags('departments')
@Controller()
export class DepartmentsController {
  constructor(@Inject(DepartmentsService) private readonly departments: DepartmentsService) {}

  @ApiContract(AUTH_API.getDepartments, 'Departments with their sub-departments, paged on the server')
  async list(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(AUTH_API.getDepartments) body: Body<'getDepartments'>,
  ) {
    return apiOk(await this.departments.list(access, body));
  }

  @ApiContract(AUTH_API.createDepartment, 'Creates a department')
  async create(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(AUTH_API.createDepartment) body: Body<'createDepartment'>,
  ) {
    return apiOk(await this.departments.create(access, body), DEPARTMENT.created);
  }

  @ApiContract(AUTH_API.updateDepartment, 'Updates a department')
  async update(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(AUTH_API.updateDepartment) body: Body<'updateDepartment'>,
  ) {
    return apiOk(await this.departments.update(access, body), DEPARTMENT.updated);
  }

  @ApiContract(AUTH_API.departmentStatus, 'Activates or inactivates a department')
  async status(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(AUTH_API.departmentStatus) body: Body<'departmentStatus'>,
  ) {
    return apiOk(
      await this.departments.setStatus(access, body.id, body.isActive),
      body.isActive ? DEPARTMENT.activated : DEPARTMENT.inactivated,
    );
  }

  @ApiContract(AUTH_API.getSubDepartments, 'The sub-departments of a department')
  async subDepartments(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(AUTH_API.getSubDepartments) body: Body<'getSubDepartments'>,
  ) {
    return apiOk(await this.departments.subDepartments(access, body.departmentID));
  }

  @ApiContract(AUTH_API.createSubDepartment, 'Adds a sub-department')
  async createSub(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(AUTH_API.createSubDepartment) body: Body<'createSubDepartment'>,
  ) {
    return apiOk(await this.departments.createSub(access, body), SUB_DEPARTMENT.created);
  }
}
