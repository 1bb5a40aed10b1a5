import { Inject, Injectable } from '@nestjs/common';
import type { ChangeTx } from '@rayworks/nest-kit';
import type { CaseEntity } from '../cases/case.entity.js';
import { CaseActionsService } from './case-actions.service.js';
import type { CaseChange, CaseRefusal } from './transition-runner.service.js';

/** The report's steps that move its case (ReportEventsConsumer maps each report event to one). */
export type ReportStepAction = 'SEND_TO_TYPIST' | 'TRANSCRIBE' | 'SUBMIT_FOR_REVIEW' | 'COMPLETE' | 'ADDENDUM';

/**
 * A step of the case's report, as reporting published it (docs/decisions/0173-report-model-and-workflow.md): the
 * machine's transition with the report's actor, who reporting already authorized (the action table is not asked
 * again; the machine's guards are: a junior never completes their own report, a case already typed is not taken
 * twice). SEND_TO_TYPIST takes the chosen typist or the centre's automatic pick, as the worklist's action does.
 */
@Injectable()
export class ReportStepsService {
  constructor(@Inject(CaseActionsService) private readonly actions: CaseActionsService) {}

  step(
    tx: ChangeTx,
    row: CaseEntity,
    actorId: string,
    action: ReportStepAction,
    typistId: string | null,
  ): Promise<CaseChange | CaseRefusal> {
    const actor = { userId: actorId, roleCodes: [] };
    if (action === 'SEND_TO_TYPIST') return this.actions.toTypist(tx, row, actor, typistId ?? undefined);
    return this.actions.move(tx, row, actor, action, {}, { authorize: false });
  }
}
