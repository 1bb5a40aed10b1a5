import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { BILLING_API, FUSION_INVOICE_MESSAGES } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { FusionRatesService } from './fusion-rates.service.js';

@ApiTags('fusion rates')
@Controller()
export class FusionRatesController {
  constructor(@Inject(FusionRatesService) private readonly rates: FusionRatesService) {}

  @ApiContract(BILLING_API.findFusionRates, "The rates of the fusion centres the hub's administrator reaches")
  async find({ access, body }: ContractCall<typeof BILLING_API.findFusionRates>) {
    return apiOk(await this.rates.list(access, body));
  }

  @ApiContract(BILLING_API.createFusionRate, "A fusion centre's rate for a client centre (or every one) and a modality")
  async create({ access, body }: ContractCall<typeof BILLING_API.createFusionRate>) {
    return apiOk(await this.rates.create(access, body), FUSION_INVOICE_MESSAGES.rateAdded);
  }

  @ApiContract(BILLING_API.updateFusionRate, 'A new version of a rate, from a later day (a past read keeps its rate)')
  async update({ access, body }: ContractCall<typeof BILLING_API.updateFusionRate>) {
    return apiOk(await this.rates.update(access, body), FUSION_INVOICE_MESSAGES.rateUpdated);
  }
}
