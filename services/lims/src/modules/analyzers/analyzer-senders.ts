import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { PgListener } from '@rayworks/nest-kit';
import type { AnalyzerProtocol } from '@rayworks/contracts';

/** The analyzer a sender identity belongs to (its company), or null: no active analyzer sends with it. */
export type SenderAnalyzer = { id: string; tenantId: string } | null;

/** The channel a committed change of `lims.analyzers` notifies (migration AnalyzerChangeNotify). */
export const ANALYZERS_CHANNEL = 'lims.analyzers';

/**
 * The analyzers the listeners know by sender identity (protocol, sending application, sending facility), remembered
 * between messages (docs/decisions/0353): an analyzer sends hundreds of results an hour with one identity, and
 * asking the database each time was a transaction of four round trips before every acknowledgement. Any committed
 * change of an analyzer (NOTIFY `lims.analyzers`), and a reconnection of the listening connection (notifications may
 * have been lost), forgets them all. An identity that matched nothing is not remembered: an analyzer added a moment
 * ago is found at once. A lookup that began before a change never fills the memory after it (the generation).
 */
export class SenderMemory {
  private readonly known = new Map<string, NonNullable<SenderAnalyzer>>();
  private generation = 0;

  /** The analyzer of an identity: remembered, or `load`ed and remembered when found (not when none, nor a failure). */
  async of(
    protocol: AnalyzerProtocol,
    application: string,
    facility: string,
    load: () => Promise<SenderAnalyzer>,
  ): Promise<SenderAnalyzer> {
    const key = JSON.stringify([protocol, application, facility]);
    const remembered = this.known.get(key);
    if (remembered) return remembered;
    const generation = this.generation;
    const found = await load();
    if (found && this.generation === generation) this.known.set(key, found);
    return found;
  }

  /** Forgets every identity (an analyzer changed, or notifications may have been missed). */
  forget(): void {
    this.generation++;
    this.known.clear();
  }

  get size(): number {
    return this.known.size;
  }
}

/** The lims-analyzers process's SenderMemory, forgotten on every committed change of an analyzer. */
@Injectable()
export class AnalyzerSenders extends SenderMemory implements OnModuleInit {
  constructor(@Inject(PgListener) private readonly listener: PgListener) {
    super();
  }

  async onModuleInit(): Promise<void> {
    await this.listener.listen(ANALYZERS_CHANNEL, () => this.forget());
  }
}
