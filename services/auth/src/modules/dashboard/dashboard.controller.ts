import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AUTH_API } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { DashboardService } from './dashboard.service.js';

@ApiTags('dashboard')
@Controller()
export class DashboardController {
  constructor(@Inject(DashboardService) private readonly dashboard: DashboardService) {}

  @ApiContract(
    AUTH_API.dashboardCount,
    'Counts of groups, centers, users, doctors and referrals within the caller’s reach',
  )
  async counts({ access }: ContractCall<typeof AUTH_API.dashboardCount>) {
    return apiOk(await this.dashboard.counts(access));
  }
}
