import { Module } from '@nestjs/common';
import { CentresConsumer } from './centres.consumer.js';
import { CentresRepository } from './centres.repository.js';
import { ReferralsConsumer } from './referrals.consumer.js';
import { ReferralsRepository } from './referrals.repository.js';

/** What billing knows of the company's groups, centres (auth.org.v1) and referrals (auth.referral.v1): read models. */
@Module({
  providers: [CentresConsumer, CentresRepository, ReferralsConsumer, ReferralsRepository],
  exports: [CentresRepository, ReferralsRepository],
})
export class DirectoryModule {}
