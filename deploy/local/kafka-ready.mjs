// Exit 0 when the Kafka cluster at KAFKA_BROKERS answers metadata requests and has
// an active controller; exit 1 otherwise. A TCP connect alone is not enough: a KRaft
// broker accepts connections before it has caught up with the metadata log.
//   node deploy/local/kafka-ready.mjs [--verbose]
import { Kafka, logLevel } from 'kafkajs';

const brokers = (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092')
  .split(',')
  .map((b) => b.trim())
  .filter(Boolean);
const verbose = process.argv.includes('--verbose');

const kafka = new Kafka({
  clientId: 'rayworks-infra-probe',
  brokers,
  connectionTimeout: 2000,
  requestTimeout: 4000,
  retry: { retries: 0 },
  logLevel: logLevel.NOTHING,
});
const admin = kafka.admin();

const timer = setTimeout(() => {
  if (verbose) console.error('kafka probe: timed out');
  process.exit(1);
}, 8000);

try {
  await admin.connect();
  const cluster = await admin.describeCluster();
  if (cluster.controller == null || cluster.controller < 0 || cluster.brokers.length === 0) {
    throw new Error(`no active controller yet (${JSON.stringify(cluster)})`);
  }
  const topics = await admin.listTopics();
  if (verbose) {
    console.log(
      JSON.stringify({
        clusterId: cluster.clusterId,
        controller: cluster.controller,
        brokers: cluster.brokers,
        topics: topics.length,
      }),
    );
  }
  clearTimeout(timer);
  await admin.disconnect();
  process.exit(0);
} catch (error) {
  if (verbose) console.error(`kafka probe: ${error?.message ?? error}`);
  process.exit(1);
}
