import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { BILLING_API } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { CommissionService } from './commission.service.js';
import { FinanceDashboardService } from './finance-dashboard.service.js';
import { OutstandingService } from './outstanding.service.js';

@ApiTags('finance')
@Controller()
export class ReportsController {
  constructor(
    @Inject(OutstandingService) private readonly outstanding: OutstandingService,
    @Inject(CommissionService) private readonly commission: CommissionService,
    @Inject(FinanceDashboardService) private readonly dashboard: FinanceDashboardService,
  ) {}

  @ApiContract(BILLING_API.getOutstanding, "A centre's unpaid balances by age, and its open invoices, the oldest first")
  async getOutstanding({ access, body }: ContractCall<typeof BILLING_API.getOutstanding>) {
    return apiOk(await this.outstanding.get(access, body));
  }

  @ApiContract(BILLING_API.getCommissionStatement, "A referral's commission statement for a period")
  async getCommission({ access, body }: ContractCall<typeof BILLING_API.getCommissionStatement>) {
    return apiOk(await this.commission.statement(access, body));
  }

  @ApiContract(
    BILLING_API.getFinanceDashboard,
    "Revenue, collection and what is owed, per centre in the caller's reach",
  )
  async getDashboard({ access, body }: ContractCall<typeof BILLING_API.getFinanceDashboard>) {
    return apiOk(await this.dashboard.get(access, body));
  }
}
