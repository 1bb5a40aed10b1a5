import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { z } from 'zod';
import { AUTH_API, adminMessages } from '@rayworks/contracts';
import { apiOk, ApiContract, ContractBody, CurrentAccess, type RequestAccess } from '@rayworks/nest-kit';
import { ReferralsService } from './referrals.service.js';

type Body<K extends keyof typeof AUTH_API> = z.output<(typeof AUTH_API)[K]['body']>;
const REFERRAL = adminMessages('Referral');

@ApiTags('referrals')
@Controller()
export class ReferralsController {
  constructor(@Inject(ReferralsService) private readonly referrals: ReferralsService) {}

  @ApiContract(AUTH_API.findReferrals, 'Referrals, paged, searched and sorted on the server')
  async find(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(AUTH_API.findReferrals) body: Body<'findReferrals'>,
  ) {
    return apiOk(await this.referrals.list(access, body));
  }

  @ApiContract(AUTH_API.getReferral, 'One referral')
  async get(@CurrentAccess() access: RequestAccess, @ContractBody(AUTH_API.getReferral) body: Body<'getReferral'>) {
    return apiOk(await this.referrals.get(access, body.id));
  }

  @ApiContract(AUTH_API.createReferral, 'Creates a referral')
  async create(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(AUTH_API.createReferral) body: Body<'createReferral'>,
  ) {
    return apiOk(await this.referrals.create(access, body), REFERRAL.created);
  }

  @ApiContract(AUTH_API.updateReferral, 'Updates a referral')
  async update(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(AUTH_API.updateReferral) body: Body<'updateReferral'>,
  ) {
    return apiOk(await this.referrals.update(access, body), REFERRAL.updated);
  }

  @ApiContract(AUTH_API.referralStatus, 'Activates or inactivates a referral')
  async status(
    @CurrentAccess() access: RequestAccess,
    @ContractBody(AUTH_API.referralStatus) body: Body<'referralStatus'>,
  ) {
    return apiOk(
      await this.referrals.setStatus(access, body.id, body.isActive),
      body.isActive ? REFERRAL.activated : REFERRAL.inactivated,
    );
  }
}
