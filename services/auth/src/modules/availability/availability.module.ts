import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module.js';
import { AvailabilityController } from './availability.controller.js';
import { AvailabilityService } from './availability.service.js';

/** The online/offline switch. */
@Module({
  imports: [UsersModule],
  controllers: [AvailabilityController],
  providers: [AvailabilityService],
})
export class AvailabilityModule {}
