/** How long a replica that refused a connection is passed over before the gateway tries it again. */
export const UPSTREAM_DOWN_MS = 5_000;

/** Errors that say the replica is not there at all (nothing was sent): pass it over for a while. */
const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);

/** Whether a proxy error means the replica is not there (refused, no route, no such host), not a slow answer. */
export function isUnreachable(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && UNREACHABLE_CODES.has(code);
}

/**
 * The replicas of one service as the gateway spreads requests over them (docs/decisions/0333-service-replicas.md):
 * in turn (round robin, as a Kubernetes Service's proxy does), passing over a replica that refused a connection in
 * the last `downMs` unless every replica did. One replica: always that one.
 */
export class UpstreamPool {
  private turn = 0;
  private readonly downUntil: number[];

  constructor(
    readonly urls: readonly string[],
    private readonly downMs = UPSTREAM_DOWN_MS,
    private readonly now: () => number = Date.now,
  ) {
    if (urls.length === 0) throw new Error('an upstream pool needs at least one URL');
    this.downUntil = urls.map(() => 0);
  }

  /** The index of the replica that takes the next request. */
  pick(): number {
    const n = this.urls.length;
    if (n === 1) return 0;
    const now = this.now();
    for (let tried = 0; tried < n; tried++) {
      const i = this.turn;
      this.turn = (this.turn + 1) % n;
      if (this.downUntil[i]! <= now) return i;
    }
    // every replica refused lately: keep taking turns (one of them may be back)
    const i = this.turn;
    this.turn = (this.turn + 1) % n;
    return i;
  }

  /** A replica refused a connection: pass it over for `downMs`. */
  markDown(index: number): void {
    this.downUntil[index] = this.now() + this.downMs;
  }
}
