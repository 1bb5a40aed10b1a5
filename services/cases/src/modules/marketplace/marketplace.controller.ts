import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { CASES_API, MARKETPLACE_MESSAGES } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { MarketplaceService } from './marketplace.service.js';

@ApiTags('marketplace')
@Controller()
export class MarketplaceController {
  constructor(@Inject(MarketplaceService) private readonly market: MarketplaceService) {}

  @ApiContract(CASES_API.offerToMarketplace, "Offers a NEW case of the caller's company to the marketplace")
  async offer({ access, body, client }: ContractCall<typeof CASES_API.offerToMarketplace>) {
    return apiOk(await this.market.offer(access, body, client), MARKETPLACE_MESSAGES.offered);
  }

  @ApiContract(CASES_API.withdrawOffer, "Withdraws a case's open offer: the centre's NEW case again")
  async withdraw({ access, body, client }: ContractCall<typeof CASES_API.withdrawOffer>) {
    return apiOk(await this.market.withdraw(access, body, client), MARKETPLACE_MESSAGES.withdrawn);
  }

  @ApiContract(CASES_API.marketplaceList, "A marketplace radiologist's open offers (or the cases it took)")
  async list({ access, body }: ContractCall<typeof CASES_API.marketplaceList>) {
    return apiOk(await this.market.list(access, body));
  }

  @ApiContract(CASES_API.acceptOffer, 'Takes an open offer: the first radiologist wins, the others get 409')
  async accept({ access, body, client }: ContractCall<typeof CASES_API.acceptOffer>) {
    return apiOk(await this.market.accept(access, body, client), MARKETPLACE_MESSAGES.accepted);
  }

  @ApiContract(CASES_API.rejectOffer, 'Gives a taken case back to the marketplace pool, with a reason')
  async reject({ access, body, client }: ContractCall<typeof CASES_API.rejectOffer>) {
    return apiOk(await this.market.reject(access, body, client), MARKETPLACE_MESSAGES.returned);
  }
}
