import { Inject, Injectable } from '@nestjs/common';
import { caseRooms, type CaseChangedMessage, type CaseRoomFacts } from '@rayworks/contracts';
import { RealtimeEmitter } from '@rayworks/nest-kit';

/** The facts of a case that decide who may read it, copied (a row changes after this is taken). */
export const roomFactsOf = (c: CaseRoomFacts): CaseRoomFacts => ({
  tenantId: c.tenantId,
  groupId: c.groupId,
  centreId: c.centreId,
  status: c.status,
  workflowType: c.workflowType,
  radiologistId: c.radiologistId,
  typistId: c.typistId,
  fusionCentreId: c.fusionCentreId,
});

/**
 * `cases:case-changed` after a change committed (a transition, an arrival), to the users whose reach holds the case
 * as it was or as it is (`caseRooms`, docs/decisions/0219-live-updates-by-reach.md): never to the whole company.
 * Best effort: a console that misses it reads over HTTP, and a failed push never fails the committed change.
 */
@Injectable()
export class CasePush {
  constructor(@Inject(RealtimeEmitter) private readonly realtime: RealtimeEmitter) {}

  /** One message per case, each to the rooms of that case's states (before and after the change). */
  send(pushes: readonly { message: CaseChangedMessage; states: readonly CaseRoomFacts[] }[]): void {
    try {
      for (const { message, states } of pushes)
        this.realtime.toRoom(caseRooms(...states), 'cases:case-changed', message);
    } catch {
      // the change is committed; the rows refetch on the next read
    }
  }
}
