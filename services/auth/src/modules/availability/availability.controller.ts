import { Controller, Inject, Param } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import { AUTH_API, AUTH_MESSAGES } from '@rayworks/contracts';
import { apiOk, ApiContract, type ContractCall } from '@rayworks/nest-kit';
import { AvailabilityService } from './availability.service.js';

@ApiTags('availability')
@Controller()
export class AvailabilityController {
  constructor(@Inject(AvailabilityService) private readonly availability: AvailabilityService) {}

  @ApiContract(AUTH_API.online, 'Goes online (own user, centre radiologists and typists)')
  @ApiParam({ name: 'userId', description: 'The caller’s own user id' })
  async online({ access, client }: ContractCall<typeof AUTH_API.online>, @Param('userId') userId: string) {
    return apiOk(await this.availability.set(access, userId, true, client), AUTH_MESSAGES.availabilityOnline);
  }

  @ApiContract(AUTH_API.offline, 'Goes offline (own user, centre radiologists and typists)')
  @ApiParam({ name: 'userId', description: 'The caller’s own user id' })
  async offline({ access, client }: ContractCall<typeof AUTH_API.offline>, @Param('userId') userId: string) {
    return apiOk(await this.availability.set(access, userId, false, client), AUTH_MESSAGES.availabilityOffline);
  }
}
