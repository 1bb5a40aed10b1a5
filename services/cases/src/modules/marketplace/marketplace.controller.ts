import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { CASES_API, MARKETPLACE_MESSAGES } from '@rayworks/contracts';
import {
  apiOk,
  ApiContract,
  Client,
  ContractBody,
  CurrentAccess,
  type AuditClient,
  type RequestAccess,
} from '@rayworks/nest-kit';
import { MarketplaceService } from './marketplace.service.js';

type Body<K extends keyof typeof CASES_API> = z.output<(typeof CASES_API)[K]['body']>;

@ApiTags('marketplace')
@Controller()
export class MarketplaceController {
  constructor(@Inject(MarketplaceService) private readonly market: MarketplaceService) {}

  @ApiContract(CASES_API.offerToMarketplace, "Offers a NEW case of the caller's company to the marketplace")
  async offer(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(CASES_API.offerToMarketplace) body: Body<'offerToMarketplace'>,
    @Client() client: AuditClient,
  ) {
    return apiOk(await this.market.offer(access, body, client), MARKETPLACE_MESSAGES.offered);
  }

  @ApiContract(CASES_API.withdrawOffer, "Withdraws a case's open offer: the centre's NEW case again")
  async withdraw(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(CASES_API.withdrawOffer) body: Body<'withdrawOffer'>,
    @Client() client: AuditClient,
  ) {
    return apiOk(await this.market.withdraw(access, body, client), MARKETPLACE_MESSAGES.withdrawn);
  }

  @ApiContract(CASES_API.marketplaceList, "A marketplace radiologist's open offers (or the cases it took)")
  async list(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(CASES_API.marketplaceList) body: Body<'marketplaceList'>,
  ) {
    return apiOk(await this.market.list(access, body));
  }

  @ApiContract(CASES_API.acceptOffer, 'Takes an open offer: the first radiologist wins, the others get 409')
  async accept(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(CASES_API.acceptOffer) body: Body<'acceptOffer'>,
    @Client() client: AuditClient,
  ) {
    return apiOk(await this.market.accept(access, body, client), MARKETPLACE_MESSAGES.accepted);
  }

  @ApiContract(CASES_API.rejectOffer, 'Gives a taken case back to the marketplace pool, with a reason')
  async reject(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(CASES_API.rejectOffer) body: Body<'rejectOffer'>,
    @Client() client: AuditClient,
  ) {
    return apiOk(await this.market.reject(access, body, client), MARKETPLACE_MESSAGES.returned);
  }
}
