import { Module } from '@nestjs/common';
import { ReferralsController } from './referrals.controller.js';
import { ReferralsRepository } from './referrals.repository.js';
import { ReferralsService } from './referrals.service.js';

/** Referrals. */
@Module({ controllers: [ReferralsController], providers: [ReferralsRepository, ReferralsService] })
export class ReferralsModule {}
