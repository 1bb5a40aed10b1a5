import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { FusionCaseChangedV1 } from '@rayworks/contracts';
import { EventConsumer } from '@rayworks/nest-kit';
import { FusionReadsService } from './fusion-reads.service.js';

/** cases.fusion.v1 FusionCaseChanged → a completed read billed (thin: the service decides; the inbox applies each once). */
@Injectable()
export class FusionReadsConsumer implements OnModuleInit {
  constructor(
    @Inject(EventConsumer) private readonly consumer: EventConsumer,
    @Inject(FusionReadsService) private readonly reads: FusionReadsService,
  ) {}

  onModuleInit(): void {
    this.consumer.on(FusionCaseChangedV1, async (e, manager) => {
      await this.reads.completed(manager, e);
    });
  }
}
