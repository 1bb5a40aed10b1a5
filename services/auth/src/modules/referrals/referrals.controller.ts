import { Controller, Inject } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { AUTH_API, adminMessages } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { ReferralsService } from './referrals.service.js';

const REFERRAL = adminMessages('Referral');

@ApiTags('referrals')
@Controller()
export class ReferralsController {
  constructor(@Inject(ReferralsService) private readonly referrals: ReferralsService) {}

  @ApiContract(AUTH_API.findReferrals, 'Referrals, paged, searched and sorted on the server')
  async find({ access, body }: ContractCall<typeof AUTH_API.findReferrals>) {
    return apiOk(await this.referrals.list(access, body));
  }

  @ApiContract(AUTH_API.getReferral, 'One referral')
  async get({ access, body }: ContractCall<typeof AUTH_API.getReferral>) {
    return apiOk(await this.referrals.get(access, body.id));
  }

  @ApiContract(AUTH_API.createReferral, 'Creates a referral')
  async create({ access, body }: ContractCall<typeof AUTH_API.createReferral>) {
    return apiOk(await this.referrals.create(access, body), REFERRAL.created);
  }

  @ApiContract(AUTH_API.updateReferral, 'Updates a referral')
  async update({ access, body }: ContractCall<typeof AUTH_API.updateReferral>) {
    return apiOk(await this.referrals.update(access, body), REFERRAL.updated);
  }

  @ApiContract(AUTH_API.referralStatus, 'Activates or inactivates a referral')
  async status({ access, body }: ContractCall<typeof AUTH_API.referralStatus>) {
    return apiOk(
      await this.referrals.setStatus(access, body.id, body.isActive),
      body.isActive ? REFERRAL.activated : REFERRAL.inactivated,
    );
  }
}
