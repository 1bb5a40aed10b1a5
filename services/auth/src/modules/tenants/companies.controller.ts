import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AUTH_API, COMPANY_MESSAGES } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { CompaniesService } from './companies.service.js';

/** The platform operator's companies (PLATFORM module: platform operators only, docs/decisions/0085). */
@ApiTags('companies')
@Controller()
export class CompaniesController {
  constructor(@Inject(CompaniesService) private readonly companies: CompaniesService) {}

  @ApiContract(AUTH_API.getCompanies, 'Companies (the register of tenants), paged, searched and sorted')
  async list({ access, body }: ContractCall<typeof AUTH_API.getCompanies>) {
    return apiOk(await this.companies.list(access, body));
  }

  @ApiContract(AUTH_API.createCompany, 'Onboards a company with its first administrator (welcome e-mail)')
  async create({ access, body, client }: ContractCall<typeof AUTH_API.createCompany>) {
    return apiOk(await this.companies.create(access, body, client), COMPANY_MESSAGES.created);
  }

  @ApiContract(AUTH_API.suspendCompany, 'Suspends a company: its users cannot log in, their sessions end')
  async suspend({ access, body, client }: ContractCall<typeof AUTH_API.suspendCompany>) {
    return apiOk(await this.companies.suspend(access, body.id, client), COMPANY_MESSAGES.suspended);
  }

  @ApiContract(AUTH_API.resumeCompany, 'Resumes a suspended company')
  async resume({ access, body, client }: ContractCall<typeof AUTH_API.resumeCompany>) {
    return apiOk(await this.companies.resume(access, body.id, client), COMPANY_MESSAGES.resumed);
  }
}
