import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AUTH_API, adminMessages } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { DepartmentsService } from './departments.service.js';

const DEPARTMENT = adminMessages('Department');
const SUB_DEPARTMENT = adminMessages('Sub Department');

@ApiTags('departments')
@Controller()
export class DepartmentsController {
  constructor(@Inject(DepartmentsService) private readonly departments: DepartmentsService) {}

  @ApiContract(AUTH_API.getDepartments, 'Departments with their sub-departments, paged on the server')
  async list({ access, body }: ContractCall<typeof AUTH_API.getDepartments>) {
    return apiOk(await this.departments.list(access, body));
  }

  @ApiContract(AUTH_API.createDepartment, 'Creates a department')
  async create({ access, body }: ContractCall<typeof AUTH_API.createDepartment>) {
    return apiOk(await this.departments.create(access, body), DEPARTMENT.created);
  }

  @ApiContract(AUTH_API.updateDepartment, 'Updates a department')
  async update({ access, body }: ContractCall<typeof AUTH_API.updateDepartment>) {
    return apiOk(await this.departments.update(access, body), DEPARTMENT.updated);
  }

  @ApiContract(AUTH_API.departmentStatus, 'Activates or inactivates a department')
  async status({ access, body }: ContractCall<typeof AUTH_API.departmentStatus>) {
    return apiOk(
      await this.departments.setStatus(access, body.id, body.isActive),
      body.isActive ? DEPARTMENT.activated : DEPARTMENT.inactivated,
    );
  }

  @ApiContract(AUTH_API.getSubDepartments, 'The sub-departments of a department')
  async subDepartments({ access, body }: ContractCall<typeof AUTH_API.getSubDepartments>) {
    return apiOk(await this.departments.subDepartments(access, body.departmentID));
  }

  @ApiContract(AUTH_API.createSubDepartment, 'Adds a sub-department')
  async createSub({ access, body }: ContractCall<typeof AUTH_API.createSubDepartment>) {
    return apiOk(await this.departments.createSub(access, body), SUB_DEPARTMENT.created);
  }
}
