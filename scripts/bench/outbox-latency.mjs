// npm run bench:outbox — commit → consumed latency of outbox events on the real PostgreSQL and Kafka, for the
// relay woken by LISTEN/NOTIFY and, in the same run, for the old 250 ms poll. Prints p50/p95/p99/max per mode.
//
// Each event is its own transaction (a state change plus its outbox row, as a create does), committed at a
// random gap of 10–60 ms so commits fall anywhere in the poll's cycle; "consumed" is when a plain kafkajs
// consumer in this process receives it (the measure is commit-to-consumed.mjs, shared with bench:events). Uses the
// built libraries (bash scripts/build.sh) and the local infrastructure (deploy/local/env.sh); makes a throwaway
// schema, role and topic and removes them after.
//   BENCH_EVENTS (default 200 per mode)
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { PgListener } from '@rayworks/nest-kit';
import { latencyTable, openCommitToConsumed } from './commit-to-consumed.mjs';

const N = Number(process.env.BENCH_EVENTS ?? 200);

async function main() {
  const bench = await openCommitToConsumed('outbox');
  const consumedAt = new Map();
  const reader = bench.kafka.consumer({ groupId: `bench-outbox-reader-${bench.schema}` });
  await reader.connect();
  await reader.subscribe({ topics: [bench.topic], fromBeginning: true });
  await reader.run({
    eachMessage: async ({ message }) =>
      void consumedAt.set(JSON.parse(message.value.toString()).payload.seq, performance.now()),
  });

  const listener = new PgListener(bench.roleUrl, bench.logger, 'bench-outbox-listen');
  // Warm-up: connections, producer metadata, the reader's partition assignment.
  await bench.measure('warm-up', { listener }, 1_000_000, N, consumedAt);
  const results = [];
  results.push(await bench.measure('poll every 250 ms (before)', { pollIntervalMs: 250 }, 0, N, consumedAt));
  results.push(await bench.measure('LISTEN/NOTIFY, 5 s fallback poll (now)', { listener }, 100_000, N, consumedAt));
  await listener.stop();

  console.log(
    `\noutbox commit → consumed, ${N} events per mode, one per transaction, 10–60 ms apart` +
      `\nmachine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ` +
      `${os.type()} ${os.release()}, Node ${process.version}; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}` +
      `\ndate: ${new Date().toISOString()}\n`,
  );
  console.log(latencyTable(results));

  await reader.disconnect();
  await bench.close();
  process.exit(results.some((r) => r.missing > 0) ? 1 : 0);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
