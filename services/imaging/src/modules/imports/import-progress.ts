import type { ImportProgressMessage, ImportState } from '@rayworks/contracts';
import type { RealtimeEmitter } from '@rayworks/nest-kit';

/** How often at most progress is pushed while an import runs (its start and end are always pushed). */
export const PROGRESS_INTERVAL_MS = 250;

/**
 * The progress of one import, pushed to its uploader's socket room (`imaging:import-progress`), throttled: at most
 * one message per PROGRESS_INTERVAL_MS while entries are read, and always the first and the final one.
 */
export class ImportProgress {
  private lastSent = 0;
  readonly message: ImportProgressMessage;

  constructor(
    private readonly realtime: Pick<RealtimeEmitter, 'toUser'>,
    private readonly userId: string | null,
    importId: string,
    private readonly now: () => number = Date.now,
  ) {
    this.message = {
      importId,
      state: 'PROCESSING',
      entriesRead: 0,
      entriesTotal: null,
      instancesStored: 0,
      instancesExisting: 0,
      skipped: 0,
      studyInstanceUids: [],
      error: null,
    };
  }

  update(change: Partial<ImportProgressMessage>): void {
    Object.assign(this.message, change);
    if (this.now() - this.lastSent >= PROGRESS_INTERVAL_MS) this.send();
  }

  finish(state: ImportState, change: Partial<ImportProgressMessage> = {}): void {
    Object.assign(this.message, change, { state });
    this.send();
  }

  private send(): void {
    this.lastSent = this.now();
    if (!this.userId) return;
    try {
      this.realtime.toUser(this.userId, 'imaging:import-progress', { ...this.message });
    } catch {
      // best effort: the console reads the import's state over HTTP as well
    }
  }
}
