import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { AUTH_API } from '@rayworks/contracts';
import { apiOk, ApiContract, ContractBody, CurrentAccess, runInTenant, type RequestAccess } from '@rayworks/nest-kit';
import { DashboardRepository } from './dashboard.repository.js';

@ApiTags('dashboard')
@Controller()
export class DashboardController {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(DashboardRepository) private readonly dashboard: DashboardRepository,
  ) {}

  @ApiContract(
    AUTH_API.dashboardCount,
    'Counts of groups, centers, users, doctors and referrals within the caller’s reach',
  )
  async counts(@CurrentAccess() access: RequestAccess, @ContractBody(AUTH_API.dashboardCount) _body: unknown) {
    return apiOk(
      await runInTenant(this.dataSource, access.principal.tenantId, (m) => this.dashboard.counts(m, access)),
    );
  }
}
