import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Kafka, logLevel } from 'kafkajs';

/** The local infrastructure's addresses, as npm test exports them (deploy/local/env.sh). */
export function infraEnv() {
  const need = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`${name} is not set: run the tests through npm test (it brings the infrastructure up)`);
    return value;
  };
  return {
    ownerDatabaseUrl: need('DATABASE_URL'),
    redisUrl: need('REDIS_URL'),
    kafkaBrokers: need('KAFKA_BROKERS').split(','),
    s3: {
      endpoint: need('S3_ENDPOINT'),
      region: need('S3_REGION'),
      accessKeyId: need('S3_ACCESS_KEY_ID'),
      secretAccessKey: need('S3_SECRET_ACCESS_KEY'),
      bucket: need('S3_BUCKET'),
    },
    smtpUrl: need('SMTP_URL'),
    smtpCatcherUrl: need('SMTP_CATCHER_URL'),
  };
}

/** A short random suffix for names a test makes (schemas, topics, queues, groups), so tests never share them. */
export const uniqueSuffix = (): string => randomBytes(4).toString('hex');

/** The URL of a runtime role on the same server and database as the owner URL. */
export function roleUrl(ownerUrl: string, role: string, password = 'rayworks'): string {
  const url = new URL(ownerUrl);
  url.username = role;
  url.password = password;
  return url.toString();
}

export async function withOwnerClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: infraEnv().ownerDatabaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export function testKafka(clientId = `it-${uniqueSuffix()}`): Kafka {
  return new Kafka({ clientId, brokers: infraEnv().kafkaBrokers, logLevel: logLevel.NOTHING });
}

/** Creates topics with the given partition count and waits for their leaders. */
export async function createTopics(kafka: Kafka, topics: string[], numPartitions = 3): Promise<void> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    await admin.createTopics({
      waitForLeaders: true,
      topics: topics.map((topic) => ({ topic, numPartitions, replicationFactor: 1 })),
    });
  } finally {
    await admin.disconnect();
  }
}

/** Sum of the high watermarks of a topic's partitions: how many records it holds. */
export async function countRecords(kafka: Kafka, topic: string): Promise<number> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const offsets = await admin.fetchTopicOffsets(topic);
    return offsets.reduce((sum, p) => sum + Number(p.high) - Number(p.low), 0);
  } finally {
    await admin.disconnect();
  }
}

/** How many records of a topic a consumer group has not committed yet (0: it has caught up). */
export async function consumerLag(kafka: Kafka, groupId: string, topic: string): Promise<number> {
  const admin = kafka.admin();
  await admin.connect();
  try {
    const high = await admin.fetchTopicOffsets(topic);
    const [committed] = await admin.fetchOffsets({ groupId, topics: [topic] });
    return high.reduce((lag, p) => {
      const done = committed.partitions.find((c) => c.partition === p.partition)?.offset ?? '-1';
      return lag + Number(p.high) - Math.max(Number(done), Number(p.low));
    }, 0);
  } finally {
    await admin.disconnect();
  }
}
