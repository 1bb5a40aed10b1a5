import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { BILLING_API, PRICE_MESSAGES } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { RateCardsService } from './rate-cards.service.js';

@ApiTags('prices')
@Controller()
export class RateCardsController {
  constructor(@Inject(RateCardsService) private readonly cards: RateCardsService) {}

  @ApiContract(BILLING_API.getRateCards, "The company's rate cards")
  async list({ access, body }: ContractCall<typeof BILLING_API.getRateCards>) {
    return apiOk(await this.cards.list(access, body));
  }

  @ApiContract(BILLING_API.getRateCard, 'One rate card with its current prices')
  async get({ access, body }: ContractCall<typeof BILLING_API.getRateCard>) {
    return apiOk(await this.cards.get(access, body.id));
  }

  @ApiContract(BILLING_API.createRateCard, 'Adds a rate card with its prices')
  async create({ access, body }: ContractCall<typeof BILLING_API.createRateCard>) {
    return apiOk(await this.cards.create(access, body), PRICE_MESSAGES.rateCard.created);
  }

  @ApiContract(BILLING_API.updateRateCard, 'Changes a rate card; a changed price is a new version')
  async update({ access, body }: ContractCall<typeof BILLING_API.updateRateCard>) {
    return apiOk(await this.cards.update(access, body), PRICE_MESSAGES.rateCard.updated);
  }

  @ApiContract(BILLING_API.assignRateCard, 'Assigns a rate card to the centres the caller reaches')
  async assign({ access, body }: ContractCall<typeof BILLING_API.assignRateCard>) {
    return apiOk(await this.cards.assign(access, body), PRICE_MESSAGES.rateCardAssigned);
  }

  @ApiContract(BILLING_API.getRateCardPrice, 'One price version of a rate card, current or past')
  async price({ access, body }: ContractCall<typeof BILLING_API.getRateCardPrice>) {
    return apiOk(await this.cards.price(access, body.id));
  }
}
