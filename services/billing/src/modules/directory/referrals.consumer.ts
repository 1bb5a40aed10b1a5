import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { ReferralChangedV1 } from '@rayworks/contracts';
import { companyOfEvent, EventConsumer } from '@rayworks/nest-kit';
import { ReferralsRepository } from './referrals.repository.js';

/** Keeps billing.referrals from auth's ReferralChanged (the kit's inbox applies each once). */
@Injectable()
export class ReferralsConsumer implements OnModuleInit {
  constructor(
    @Inject(EventConsumer) private readonly consumer: EventConsumer,
    @Inject(ReferralsRepository) private readonly referrals: ReferralsRepository,
  ) {}

  onModuleInit(): void {
    this.consumer.on(ReferralChangedV1, (e, manager) => this.referrals.upsert(manager, companyOfEvent(e), e.payload));
  }
}
