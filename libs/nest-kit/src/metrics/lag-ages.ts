/**
 * The age of a consumer group's lag: how long the oldest message it has not committed has waited, per partition,
 * told from the partition's high watermark as seen over time (the way kafka-lag-exporter does it, without reading the
 * message). Each observation records when the high watermark was first seen at a value; the oldest message waiting
 * is the one at the committed offset, and it was written by the first moment the high watermark was seen past it.
 * So the age is a lower bound, as fine as the observations (each scrape); a message written before the first
 * observation of the process is counted from that observation. docs/decisions/0199.
 */
export class LagAges {
  private readonly seen = new Map<string, Array<{ at: number; high: bigint }>>();

  constructor(private readonly maxSamples = 1000) {}

  /**
   * Records a partition's high watermark at `at` (ms) and answers the age in seconds of its oldest message not yet
   * committed by the group (0 when nothing waits).
   */
  observe(partition: string, high: bigint, committed: bigint, at: number = Date.now()): number {
    const samples = this.seen.get(partition) ?? [];
    if (samples.length === 0 || samples[samples.length - 1]!.high !== high) samples.push({ at, high });
    // what the group has passed is no longer needed (the newest sample is kept as the watermark's last value)
    while (samples.length > 1 && samples[0]!.high <= committed) samples.shift();
    while (samples.length > this.maxSamples) samples.shift();
    this.seen.set(partition, samples);
    if (committed >= high) return 0;
    const first = samples.find((s) => s.high > committed);
    return first ? Math.max(0, (at - first.at) / 1000) : 0;
  }
}
