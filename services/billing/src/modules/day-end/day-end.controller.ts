import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { BILLING_API, DAY_END_MESSAGES } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { DayEndService } from './day-end.service.js';

@ApiTags('day-end')
@Controller()
export class DayEndController {
  constructor(@Inject(DayEndService) private readonly dayEnd: DayEndService) {}

  @ApiContract(
    BILLING_API.getDayEnd,
    "A centre's day: collection by mode and user, invoices, credit notes, what is owed",
  )
  async report({ access, body }: ContractCall<typeof BILLING_API.getDayEnd>) {
    return apiOk(await this.dayEnd.report(access, body));
  }

  @ApiContract(BILLING_API.closeDay, "Closes a centre's day with the cash counted (once per centre and date)")
  async close({ access, body }: ContractCall<typeof BILLING_API.closeDay>) {
    return apiOk(await this.dayEnd.close(access, body), DAY_END_MESSAGES.dayClosed);
  }

  @ApiContract(BILLING_API.getMyCollection, 'What the caller took and gave back at a centre on a day')
  async mine({ access, body }: ContractCall<typeof BILLING_API.getMyCollection>) {
    return apiOk(await this.dayEnd.mine(access, body));
  }
}
