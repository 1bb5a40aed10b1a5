import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { StudyImportedV1 } from '@rayworks/contracts';
import { companyOfEvent, EventConsumer, UnitOfWork } from '@rayworks/nest-kit';
import { CaseIntakeService } from './case-intake.service.js';

/** imaging.study.v1 StudyImported → a case (thin: the intake decides; the inbox applies each event once). */
@Injectable()
export class CasesConsumer implements OnModuleInit {
  constructor(
    @Inject(EventConsumer) private readonly consumer: EventConsumer,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(CaseIntakeService) private readonly intake: CaseIntakeService,
  ) {}

  onModuleInit(): void {
    this.consumer.on(StudyImportedV1, async (e, manager) => {
      const tenantId = companyOfEvent(e);
      await this.uow.join(manager, { tenantId, actor: e.actor }, (tx) =>
        this.intake.studyImported(tx, tenantId, e.payload, new Date(e.occurredAt)),
      );
    });
  }
}
