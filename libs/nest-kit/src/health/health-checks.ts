import type { HealthCheckResult, ReadinessReport } from '@rayworks/contracts';

export type HealthCheck = () => Promise<void>;

/** The named dependency checks of one process; readiness runs them all, each with a time limit. */
export class HealthChecks {
  private readonly checks = new Map<string, HealthCheck>();
  private readonly startedAt = Date.now();

  constructor(
    readonly service: string,
    private readonly timeoutMs = 3000,
  ) {}

  register(name: string, check: HealthCheck): void {
    this.checks.set(name, check);
  }

  names(): string[] {
    return [...this.checks.keys()];
  }

  uptimeSeconds(): number {
    return Math.round((Date.now() - this.startedAt) / 1000);
  }

  async readiness(): Promise<ReadinessReport> {
    const entries = await Promise.all(
      [...this.checks].map(async ([name, check]) => [name, await this.run(check)] as const),
    );
    const checks = Object.fromEntries(entries);
    const ready = entries.every(([, r]) => r.status === 'up');
    return {
      service: this.service,
      status: ready ? 'ready' : 'not-ready',
      checks,
      checkedAt: new Date().toISOString(),
    };
  }

  private async run(check: HealthCheck): Promise<HealthCheckResult> {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([
        check(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error(`no answer within ${this.timeoutMs} ms`)), this.timeoutMs);
        }),
      ]);
      return { status: 'up', latencyMs: round(performance.now() - started) };
    } catch (error) {
      return {
        status: 'down',
        latencyMs: round(performance.now() - started),
        error: error instanceof Error ? error.message : String(error),
      };
    } finally {
      clearTimeout(timer);
    }
  }
}

const round = (ms: number) => Math.round(ms * 10) / 10;
