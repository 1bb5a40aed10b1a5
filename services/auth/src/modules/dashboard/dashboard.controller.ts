import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AUTH_API } from '@rayworks/contracts';
import { apiOk, ApiContract, UnitOfWork, type ContractCall } from '@rayworks/nest-kit';
import { DashboardRepository } from './dashboard.repository.js';

@ApiTags('dashboard')
@Controller()
export class DashboardController {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(DashboardRepository) private readonly dashboard: DashboardRepository,
  ) {}

  @ApiContract(
    AUTH_API.dashboardCount,
    'Counts of groups, centers, users, doctors and referrals within the caller’s reach',
  )
  async counts({ access }: ContractCall<typeof AUTH_API.dashboardCount>) {
    return apiOk(await this.uow.read(access, (tx) => this.dashboard.counts(tx, access)));
  }
}
