import { Kafka, logLevel, type LogEntry } from 'kafkajs';
import type { Logger } from 'pino';
import { ALL_TOPICS, deadLetterTopic } from '@rayworks/contracts';

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

/** Creates the domain topics and their dead-letter topics when missing (idempotent). */
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
        })),
      });
    }
  } finally {
    await admin.disconnect();
  }
}
