import type { Logger } from 'pino';

export interface RelayLoopOptions {
  /** A batch this full means more rows may wait: the loop runs again at once. */
  batchSize: number;
  /** How long to wait, when idle and not woken, before looking again (the fallback poll). */
  pollIntervalMs: number;
  /** How long to wait after a failed batch. */
  retryDelayMs?: number;
}

/**
 * Runs a relay's batch (publish or hand over the rows waiting) when woken, and on a fallback timer.
 * Wakes never overlap a batch: one that arrives during a batch makes the loop run once more right after it,
 * so a row committed while a batch was running is not left for the fallback poll.
 */
export class RelayLoop {
  private running = false;
  private timer?: NodeJS.Timeout;
  private active?: Promise<void>;
  private again = false;

  constructor(
    private readonly name: string,
    private readonly batch: () => Promise<number>,
    private readonly logger: Logger,
    private readonly options: RelayLoopOptions,
  ) {}

  get isRunning(): boolean {
    return this.running;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.wake();
  }

  /** Runs a batch now (or right after the one in flight). */
  wake(): void {
    if (!this.running) return;
    if (this.active) {
      this.again = true;
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.active = this.drain().then((failed) => {
      this.active = undefined;
      if (!this.running) return;
      if (this.again && !failed) {
        this.again = false;
        this.wake();
        return;
      }
      this.again = false;
      const delay = failed
        ? (this.options.retryDelayMs ?? Math.min(1000, this.options.pollIntervalMs))
        : this.options.pollIntervalMs;
      this.timer = setTimeout(() => this.wake(), delay);
    });
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    await this.active;
  }

  /** Runs batches until one is not full; true when a batch failed. */
  private async drain(): Promise<boolean> {
    try {
      let count: number;
      do {
        count = await this.batch();
      } while (count >= this.options.batchSize && this.running);
      return false;
    } catch (error) {
      this.logger.error({ err: error, relay: this.name }, 'relay batch failed; will retry');
      return true;
    }
  }
}
