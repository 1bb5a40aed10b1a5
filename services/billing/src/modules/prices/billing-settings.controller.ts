import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { BILLING_API, PRICE_MESSAGES } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { BillingSettingsService } from './billing-settings.service.js';

@ApiTags('prices')
@Controller()
export class BillingSettingsController {
  constructor(@Inject(BillingSettingsService) private readonly settings: BillingSettingsService) {}

  @ApiContract(BILLING_API.getBillingSettings, "A centre's billing settings (its defaults until saved)")
  async get({ access, body }: ContractCall<typeof BILLING_API.getBillingSettings>) {
    return apiOk(await this.settings.get(access, body.centreId));
  }

  @ApiContract(BILLING_API.updateBillingSettings, "Sets a centre's time zone, night window, tax and discount limits")
  async update({ access, body }: ContractCall<typeof BILLING_API.updateBillingSettings>) {
    return apiOk(await this.settings.update(access, body), PRICE_MESSAGES.settingsSaved);
  }
}
