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

  /** `also`: more rooms (the marketplace's for a marketplace case, the fusion company's for a sent one). */
  send(tenantId: string, messages: readonly CaseChangedMessage[], also: readonly string[] = []): void {
    const rooms = [socketRoom.tenant(tenantId), ...also];
    try {
      for (const message of messages)
        for (const room of rooms) this.realtime.toRoom(room, 'cases:case-changed', message);
    } catch {
      // the change is committed; the rows refetch on the next read
    }
  }
}
