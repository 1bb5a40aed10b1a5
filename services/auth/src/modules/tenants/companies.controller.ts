import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { AUTH_API, COMPANY_MESSAGES } from '@rayworks/contracts';
import { apiOk, ApiContract, ContractBody, CurrentAccess, type RequestAccess } from '@rayworks/nest-kit';
import { Client, type ClientInfo } from '../access/client-info.js';
import { CompaniesService } from './companies.service.js';

type Body<K extends keyof typeof AUTH_API> = z.output<(typeof AUTH_API)[K]['body']>;

/** The platform operator's companies (PLATFORM module: platform operators only, docs/decisions/0085). */
@ApiTags('companies')
@Controller()
export class CompaniesController {
  constructor(@Inject(CompaniesService) private readonly companies: CompaniesService) {}

  @ApiContract(AUTH_API.getCompanies, 'Companies (the register of tenants), paged, searched and sorted')
  async list(@CurrentAccess() access: RequestAccess, @ContractBody(AUTH_API.getCompanies) body: Body<'getCompanies'>) {
    return apiOk(await this.companies.list(access, body));
  }

  @ApiContract(AUTH_API.createCompany, 'Onboards a company with its first administrator (welcome e-mail)')
  async create(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(AUTH_API.createCompany) body: Body<'createCompany'>,
    @Client() client: ClientInfo,
  ) {
    return apiOk(await this.companies.create(access, body, client), COMPANY_MESSAGES.created);
  }

  @ApiContract(AUTH_API.suspendCompany, 'Suspends a company: its users cannot log in, their sessions end')
  async suspend(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(AUTH_API.suspendCompany) body: Body<'suspendCompany'>,
    @Client() client: ClientInfo,
  ) {
    return apiOk(await this.companies.suspend(access, body.id, client), COMPANY_MESSAGES.suspended);
  }

  @ApiContract(AUTH_API.resumeCompany, 'Resumes a suspended company')
  async resume(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(AUTH_API.resumeCompany) body: Body<'resumeCompany'>,
    @Client() client: ClientInfo,
  ) {
    return apiOk(await this.companies.resume(access, body.id, client), COMPANY_MESSAGES.resumed);
  }
}
