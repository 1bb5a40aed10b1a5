import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { BILLING_API, PRICE_MESSAGES } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { HolidaysService } from './holidays.service.js';

@ApiTags('prices')
@Controller()
export class HolidaysController {
  constructor(@Inject(HolidaysService) private readonly holidays: HolidaysService) {}

  @ApiContract(BILLING_API.findHolidays, 'Holidays of the centres the caller reaches')
  async find({ access, body }: ContractCall<typeof BILLING_API.findHolidays>) {
    return apiOk(await this.holidays.list(access, body));
  }

  @ApiContract(BILLING_API.createHoliday, 'Adds a holiday (a local date) to centres')
  async create({ access, body }: ContractCall<typeof BILLING_API.createHoliday>) {
    return apiOk(await this.holidays.create(access, body), PRICE_MESSAGES.holiday.created);
  }

  @ApiContract(BILLING_API.deleteHoliday, "Removes a holiday from its centre's calendar")
  async delete({ access, body }: ContractCall<typeof BILLING_API.deleteHoliday>) {
    return apiOk(await this.holidays.delete(access, body.id), PRICE_MESSAGES.holidayDeleted);
  }
}
