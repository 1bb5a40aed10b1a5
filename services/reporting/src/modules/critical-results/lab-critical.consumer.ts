import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { LabCriticalResultV1 } from '@rayworks/contracts';
import { companyOfEvent, EventConsumer, UnitOfWork } from '@rayworks/nest-kit';
import { LabCriticalService } from './lab-critical.service.js';

/**
 * lims.result.v1 LabCriticalResult → a critical-result alert of the lab order's centre (thin: the service decides; the
 * kit's inbox applies each event once, the alert's id once more). The topic's other types (AnalyzerResultsMatched) are
 * not handled here, so the kit passes them over (docs/decisions/0307).
 */
@Injectable()
export class LabCriticalConsumer implements OnModuleInit {
  constructor(
    @Inject(EventConsumer) private readonly consumer: EventConsumer,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(LabCriticalService) private readonly lab: LabCriticalService,
  ) {}

  onModuleInit(): void {
    this.consumer.on(LabCriticalResultV1, async (e, manager) => {
      const tenantId = companyOfEvent(e);
      await this.uow.join(manager, { tenantId, actor: e.actor }, (tx) => this.lab.raise(tx, tenantId, e.payload));
    });
  }
}
