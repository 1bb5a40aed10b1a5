import { Inject, Injectable } from '@nestjs/common';
import { socketRoom, type CaseChangedMessage } from '@rayworks/contracts';
import { RealtimeEmitter } from '@rayworks/nest-kit';

/**
 * `cases:case-changed` to the company's room, after a change committed (a transition, an arrival). Best effort: a
 * console that misses it reads over HTTP, and a failed push never fails the committed change.
 */
@Injectable()
export class CasePush {
  constructor(@Inject(RealtimeEmitter) private readonly realtime: RealtimeEmitter) {}

  send(tenantId: string, messages: readonly CaseChangedMessage[]): void {
    try {
      for (const message of messages) this.realtime.toRoom(socketRoom.tenant(tenantId), 'cases:case-changed', message);
    } catch {
      // the change is committed; the rows refetch on the next read
    }
  }
}
