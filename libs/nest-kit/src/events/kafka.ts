import { Kafka, logLevel, type ConfigResourceTypes, type LogEntry } from 'kafkajs';
import type { Logger } from 'pino';
import { ALL_TOPICS, COMPACTED_TOPICS, deadLetterTopic } from '@rayworks/contracts';

/** kafkajs' ConfigResourceTypes.TOPIC (the enum is not a named export of its CommonJS build under ESM). */
const TOPIC_RESOURCE = 2 as ConfigResourceTypes;
const COMPACT = [{ name: 'cleanup.policy', value: 'compact' }];
const compacted = (topic: string) => (COMPACTED_TOPICS as readonly string[]).includes(topic);

/** A kafkajs client whose own log lines go to the service's pino logger. */
export function createKafka(clientId: string, brokers: string[], logger: Logger): Kafka {
  const toPino =
    () =>
    ({ level, log }: LogEntry) => {
      const { message, ...rest } = log;
      const fn = level === logLevel.ERROR ? 'error' : level === logLevel.WARN ? 'warn' : 'debug';
      logger[fn]({ kafka: rest }, message);
    };
  return new Kafka({
    clientId,
    brokers,
    logLevel: logLevel.WARN,
    logCreator: toPino,
    retry: { initialRetryTime: 200, retries: 8 },
  });
}

/**
 * Creates the domain topics and their dead-letter topics when missing (idempotent); the state-carrying topics
 * (COMPACTED_TOPICS) are compacted, also when they were made before as plain topics.
 */
export async function ensureTopics(
  kafka: Kafka,
  topics: readonly string[] = ALL_TOPICS,
  numPartitions = 3,
): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const existing = new Set(await admin.listTopics());
    const wanted = [...new Set(topics.flatMap((t) => [t, deadLetterTopic(t)]))].filter((t) => !existing.has(t));
    if (wanted.length > 0) {
      await admin.createTopics({
        waitForLeaders: true,
        topics: wanted.map((topic) => ({
          topic,
          numPartitions: topic.endsWith('.dlq') ? 1 : numPartitions,
          replicationFactor: 1,
          ...(compacted(topic) ? { configEntries: COMPACT } : {}),
        })),
      });
    }
    const older = topics.filter((t) => compacted(t) && existing.has(t));
    if (older.length > 0) {
      const { resources } = await admin.describeConfigs({
        includeSynonyms: false,
        resources: older.map((name) => ({ type: TOPIC_RESOURCE, name, configNames: ['cleanup.policy'] })),
      });
      const plain = resources
        .filter((r) => r.configEntries.some((e) => e.configName === 'cleanup.policy' && e.configValue !== 'compact'))
        .map((r) => r.resourceName);
      if (plain.length > 0) {
        await admin.alterConfigs({
          validateOnly: false,
          resources: plain.map((name) => ({ type: TOPIC_RESOURCE, name, configEntries: COMPACT })),
        });
      }
    }
  } finally {
    await admin.disconnect();
  }
}
