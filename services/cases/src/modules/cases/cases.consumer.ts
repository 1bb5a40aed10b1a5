import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { StudyImportedV1, type EventEnvelope, type StudyImportedPayload } from '@rayworks/contracts';
import { companyOfEvent, EventConsumer, UnitOfWork } from '@rayworks/nest-kit';
import { CaseIntakeService } from './case-intake.service.js';

/**
 * imaging.study.v1 StudyImported → cases (thin: the intake decides; the inbox applies each event once). The events of
 * a batch come together, per company (docs/decisions/0323, 0324): one unit of work for each run of them with the same
 * actor, the intake set-based over it.
 */
@Injectable()
export class CasesConsumer implements OnModuleInit {
  constructor(
    @Inject(EventConsumer) private readonly consumer: EventConsumer,
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(CaseIntakeService) private readonly intake: CaseIntakeService,
  ) {}

  onModuleInit(): void {
    this.consumer.onBatch([StudyImportedV1], async (events, manager) => {
      const tenantId = companyOfEvent(events[0]!);
      for (const run of runsOfOneActor(events)) {
        await this.uow.join(manager, { tenantId, actor: run[0]!.actor }, (tx) =>
          this.intake.studiesImported(
            tx,
            tenantId,
            run.map((e) => ({ study: e.payload, at: new Date(e.occurredAt), event: e })),
          ),
        );
      }
    });
  }
}

/** The events split where the actor changes (the actor of a unit of work's events is one). */
function runsOfOneActor(
  events: readonly EventEnvelope<StudyImportedPayload>[],
): EventEnvelope<StudyImportedPayload>[][] {
  const runs: EventEnvelope<StudyImportedPayload>[][] = [];
  let key: string | undefined;
  for (const e of events) {
    const actor = `${e.actor.type}:${e.actor.id}`;
    if (actor !== key) runs.push([]);
    key = actor;
    runs.at(-1)!.push(e);
  }
  return runs;
}
