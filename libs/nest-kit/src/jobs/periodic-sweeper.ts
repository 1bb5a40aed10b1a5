import type { OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import type { Logger } from 'pino';

/**
 * The shape of every sweep of the platform (imaging's abandoned uploads, the marketplace's offer timeouts,
 * reporting's unattached dictations): every `intervalSeconds()` (0 turns it off) the API process lists what is due
 * across companies (`due`, in a 'system' context row-level security narrows to those rows) and handles each item in
 * its own company's unit of work (`handle`), which locks and re-checks it so that two processes sweeping at once act
 * once. An item that fails is logged and left for the next sweep; one sweep runs at a time in a process.
 */
/** How a sweep's log lines name one item: its ids (tenant, study, offer, object key). */
export interface SweepItemFields {
  readonly [field: string]: string;
}

export abstract class PeriodicSweeper<T> implements OnApplicationBootstrap, OnModuleDestroy {
  private timer: NodeJS.Timeout | null = null;
  private running = false;

  /** What the sweep does, for its log lines ('offer sweep'). */
  protected abstract readonly what: string;
  protected abstract readonly logger: Logger;
  /** Seconds between sweeps; 0 turns the sweep off. */
  protected abstract intervalSeconds(): number;
  /** The items due now (a bounded batch). */
  protected abstract due(): Promise<T[]>;
  /** Handles one item in its own unit of work; true when it changed something (false: another process did). */
  protected abstract handle(item: T): Promise<boolean>;
  /** The item as its log lines name it. */
  protected abstract describe(item: T): SweepItemFields;

  onApplicationBootstrap(): void {
    const seconds = this.intervalSeconds();
    if (seconds <= 0) return;
    this.timer = setInterval(() => void this.tick(), seconds * 1000);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One sweep; the number of items it changed. */
  async tick(): Promise<number> {
    if (this.running) return 0;
    this.running = true;
    let changed = 0;
    try {
      for (const item of await this.due()) {
        try {
          if (await this.handle(item)) {
            changed++;
            this.logger.info(this.describe(item), `${this.what}: done`);
          }
        } catch (error) {
          this.logger.warn(
            { ...this.describe(item), error: (error as Error).message },
            `${this.what}: not done, the next sweep tries again`,
          );
        }
      }
    } catch (error) {
      this.logger.error({ error: (error as Error).message }, `${this.what} failed`);
    } finally {
      this.running = false;
    }
    return changed;
  }
}
