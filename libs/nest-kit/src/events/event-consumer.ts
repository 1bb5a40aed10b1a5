import type { Admin, Consumer, EachBatchPayload, EachMessagePayload, Kafka, KafkaMessage, Producer } from 'kafkajs';
import type { DataSource, EntityManager } from 'typeorm';
import type { Logger } from 'pino';
import type { z } from 'zod';
import {
  DEAD_LETTER_HEADERS,
  deadLetterTopic,
  eventEnvelopeSchema,
  eventKey,
  type EventDefinition,
  type EventEnvelope,
} from '@rayworks/contracts';
import { runWithContext } from '../logging/context.js';
import { setTenant } from '../database/tenant-context.js';
import { contextFrom, inSpan, markActiveSpanFailed, SpanKind } from '../tracing/tracing.js';

export type EventHandler<TPayload> = (envelope: EventEnvelope<TPayload>, manager: EntityManager) => Promise<void>;

/**
 * A handler of events in bulk (docs/decisions/0323-batch-handlers.md): the new events of one company in a batch, in
 * order, in the batch's transaction with that company's tenant set. Every envelope was already recorded in the inbox:
 * a duplicate or a redelivery is never among them. One event alone (a retry, a replay, `EVENT_BATCH_SIZE=1`) comes
 * as a list of one.
 */
export type EventBatchHandler<TPayload> = (
  envelopes: EventEnvelope<TPayload>[],
  manager: EntityManager,
) => Promise<void>;

interface Registration {
  definition: EventDefinition;
  handler: EventHandler<unknown> | null;
  /** Set for the types of `onBatch`: consecutive events of the same batch handler are handed over together. */
  batchHandler: EventBatchHandler<unknown> | null;
}

export interface EventConsumerOptions {
  /** `<consumer>.<purpose>`, e.g. `cases.worklist`. */
  groupId: string;
  /**
   * The topics this consumer may read (the service's line of SERVICE_SUBSCRIPTIONS): a handler of another topic
   * is refused. The group subscribes only to the topics it has handlers for, never to the whole list.
   */
  topics?: readonly string[];
  /** Attempts of a transient failure before the message goes to the dead-letter topic. */
  maxAttempts?: number;
  /** First back-off between attempts; doubles each time. */
  retryBackoffMs?: number;
  /** Where a group with no committed offset starts: the beginning (default), so a new handler sees history. */
  fromBeginning?: boolean;
  /** First wait before the kit restarts a consumer that kafkajs gave up on; doubles each time, up to 30 s. */
  restartBackoffMs?: number;
  /**
   * The most events applied in one transaction (docs/decisions/0320-events-in-batches.md): 100 unless set (the
   * service's EVENT_BATCH_SIZE). 1: one transaction and one offset commit per event (kafkajs eachMessage), as before.
   */
  batchSize?: number;
}

/** One record of a partition as the kit handles it (kafkajs' EachMessagePayload without its callbacks). */
type PartitionRecord = Pick<EachMessagePayload, 'topic' | 'partition' | 'message'>;

/** A record parsed and validated before its batch's transaction: its envelope and handler, or nothing to do. */
type Prepared =
  | { kind: 'handle'; envelope: EventEnvelope; registration: Registration; payload: unknown }
  | { kind: 'pass' }
  | { kind: 'poison'; error: PoisonMessageError };

/**
 * How far a batch got: its first `committed` records are applied; the record at `failedAt` failed with `error`, or,
 * when a batch handler failed on a run of several records, the `alone` records from `at` are each to be applied alone
 * (which of them failed is not known).
 */
interface BatchOutcome {
  committed: number;
  failed?: { at: number; error: unknown; alone?: number };
}

/**
 * Where the consumer is with its group: `idle` (no handlers: it never joins), `starting` (connecting, joining),
 * `joined` (a member of its group, consuming), `rebalancing` (re-joining), `crashed` (kafkajs stopped it; it is being
 * restarted), `stopped` (stopped by the process).
 */
export type ConsumerState = 'idle' | 'starting' | 'joined' | 'rebalancing' | 'crashed' | 'stopped';

export interface ConsumerStatus {
  groupId: string;
  state: ConsumerState;
  /** The member id of the last join (null before the first). */
  memberId: string | null;
  /** Crashes since the process started (kafkajs' own restarts and the kit's). */
  crashes: number;
  /** The error of the last crash, until the consumer has joined again. */
  lastError: string | null;
}

/** The longest wait between two restarts of a crashed consumer. */
const MAX_RESTART_BACKOFF_MS = 30_000;

/**
 * A message that can never be handled as it is (bad JSON, bad envelope, unknown version, bad payload): it goes
 * to the dead-letter topic at once, without retries. A handler may throw it for an event it can never apply.
 */
export class PoisonMessageError extends Error {}

/**
 * The company an event belongs to. Auth's org units and every case, report or registration event always have one;
 * an event without it can never be applied (a PoisonMessageError: to the dead-letter topic at once). Users and
 * availability may be the platform's (no company): their handlers take the tenant as it is.
 */
export function companyOfEvent(event: Pick<EventEnvelope, 'tenantId' | 'type'>): string {
  if (!event.tenantId) throw new PoisonMessageError(`${event.type} without a tenant`);
  return event.tenantId;
}

/**
 * Consumes domain events (docs/decisions/0039).
 * - Subscribes only to the topics of its handlers: a topic without a handler is not read, so its offsets are
 *   never committed, and a handler added later for it reads its whole history (a new group, or a group new to
 *   the topic, starts at the beginning).
 * - Each handled event is recorded in the service's inbox in the same transaction as its effect; the offset is
 *   committed only after that transaction commits (manual commits), so a crash redelivers, and the inbox drops
 *   the redelivered event.
 * - A message that can never succeed goes to `<topic>.dlq` (and the service's dead_letters table) at once, with
 *   its reason; a transient failure is retried with exponential back-off, then dead-lettered. Consumption goes on.
 * - Records are applied in batches (docs/decisions/0320): up to `batchSize` records of one partition in one
 *   transaction (their inbox rows in one statement, each new event's handler in order), the offset committed once
 *   after it. A record that fails in a batch is handled alone, as before (its batch run counts as its first
 *   attempt), after the records before it, which are applied again in a batch of their own; the rest follow.
 * - A batch handler (`onBatch`, docs/decisions/0323) gets the batch's consecutive new events of its types at once,
 *   per company, in order; when it fails on several, each of them is applied alone (each its own transaction, its
 *   failure retried and dead-lettered as above).
 * Events of types without a handler on a subscribed topic are passed over; an unknown version of a handled type
 * is a poison message.
 */
export class EventConsumer {
  private readonly registrations = new Map<string, Registration>();
  /** `<topic>/<type>` of every handled type (a type is handled on the topic its definition names). */
  private readonly handledTypes = new Set<string>();
  private readonly handledTopics = new Set<string>();
  private consumer?: Consumer;
  private producer?: Producer;
  private readonly maxAttempts: number;
  private readonly retryBackoffMs: number;
  private readonly batchSize: number;
  private state: ConsumerState = 'idle';
  private memberId: string | null = null;
  private crashes = 0;
  /** Restarts by the kit in a row without a join in between (the back-off's exponent). */
  private restartsInARow = 0;
  private lastError: string | null = null;
  private restartTimer?: NodeJS.Timeout;
  private stopping = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly kafka: Kafka,
    private readonly schema: string,
    private readonly logger: Logger,
    private readonly options: EventConsumerOptions,
  ) {
    this.maxAttempts = options.maxAttempts ?? 3;
    this.retryBackoffMs = options.retryBackoffMs ?? 200;
    this.batchSize = options.batchSize ?? 100;
    if (!Number.isInteger(this.batchSize) || this.batchSize < 1) throw new Error('batchSize is a whole number ≥ 1');
  }

  get groupId(): string {
    return this.options.groupId;
  }

  /** The topics the group subscribes to: those of the registered handlers. */
  topics(): string[] {
    return [...this.handledTopics].sort();
  }

  on<TSchema extends z.ZodType>(definition: EventDefinition<TSchema>, handler: EventHandler<z.output<TSchema>>): this {
    return this.register(definition, { handler: handler as EventHandler<unknown>, batchHandler: null });
  }

  /**
   * One handler for events in bulk (docs/decisions/0323): the consecutive new events of these types in a batch, per
   * company, in order, in the batch's transaction (`EventBatchHandler`). Same rules as `on` otherwise.
   */
  onBatch<TSchema extends z.ZodType>(
    definitions: readonly EventDefinition<TSchema>[],
    handler: EventBatchHandler<z.output<TSchema>>,
  ): this {
    for (const definition of definitions)
      this.register(definition, { handler: null, batchHandler: handler as EventBatchHandler<unknown> });
    return this;
  }

  private register(definition: EventDefinition, handlers: Omit<Registration, 'definition'>): this {
    if (this.options.topics && !this.options.topics.includes(definition.topic)) {
      throw new Error(
        `${this.options.groupId} may not read ${definition.topic}: add it to the service's SERVICE_SUBSCRIPTIONS first`,
      );
    }
    if (this.consumer) throw new Error('event handlers are registered before the consumer starts');
    const key = `${definition.topic}/${eventKey(definition.type, definition.version)}`;
    if (this.registrations.has(key)) throw new Error(`${this.options.groupId} already handles ${key}`);
    this.registrations.set(key, { definition, ...handlers });
    this.handledTypes.add(`${definition.topic}/${definition.type}`);
    this.handledTopics.add(definition.topic);
    return this;
  }

  async start(): Promise<void> {
    if (this.handledTopics.size === 0) {
      this.logger.info({ group: this.options.groupId }, 'no event handlers: the consumer group does not join');
      return;
    }
    this.stopping = false;
    this.producer = this.kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
    await this.producer.connect();
    await this.startConsumer();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    this.restartTimer = undefined;
    await this.consumer?.disconnect();
    await this.producer?.disconnect();
    this.consumer = undefined;
    this.producer = undefined;
    if (this.state !== 'idle') this.state = 'stopped';
  }

  /** Whether this consumer joins a group at all (it has handlers). */
  get active(): boolean {
    return this.handledTopics.size > 0;
  }

  status(): ConsumerStatus {
    return {
      groupId: this.options.groupId,
      state: this.state,
      memberId: this.memberId,
      crashes: this.crashes,
      lastError: this.lastError,
    };
  }

  /**
   * The readiness check of the consumer (docs/decisions/0198): it throws, naming the group, unless the consumer is a
   * member of its group now — joined on its side and, when an admin client is given, listed among the group's members
   * by the group coordinator. A consumer without handlers joins no group and is always fine.
   */
  async check(admin?: Admin): Promise<void> {
    if (!this.active) return;
    const group = this.options.groupId;
    if (this.state !== 'joined') {
      const why = this.lastError ? ` (${this.lastError})` : '';
      throw new Error(`consumer group ${group} is not running: ${this.state}${why}`);
    }
    if (!admin) return;
    let groups: Awaited<ReturnType<Admin['describeGroups']>>['groups'];
    try {
      ({ groups } = await admin.describeGroups([group]));
    } catch (error) {
      throw new Error(`consumer group ${group}: its coordinator does not answer (${(error as Error).message})`, {
        cause: error,
      });
    }
    const described = groups.find((g) => g.groupId === group);
    if (!described?.members.some((m) => m.memberId === this.memberId)) {
      throw new Error(
        `consumer group ${group} is not running: this member is not in the group (group state ${described?.state ?? 'unknown'})`,
      );
    }
  }

  /**
   * Makes, connects and runs a kafkajs consumer, and follows it. kafkajs restarts a consumer by itself after a
   * retriable crash; after any other one (e.g. "The coordinator is not aware of this member" after a broker
   * restart) it leaves it stopped for good: the kit then starts a new consumer, with back-off, until one joins
   * (docs/decisions/0198). A consumer that does not run is reported by `check` (readiness) and the metrics.
   */
  private async startConsumer(): Promise<Consumer> {
    const consumer = this.kafka.consumer({
      groupId: this.options.groupId,
      sessionTimeout: 10_000,
      heartbeatInterval: 1_000,
      rebalanceTimeout: 10_000,
      // kafkajs asks this after a retriable crash: always restart (a non-retriable one never comes here).
      retry: { initialRetryTime: 300, retries: 8, restartOnFailure: async () => true },
    });
    this.consumer = consumer;
    this.state = 'starting';
    const current = () => this.consumer === consumer && !this.stopping;
    const { GROUP_JOIN, REBALANCING, CRASH } = consumer.events;
    consumer.on(GROUP_JOIN, ({ payload }) => {
      if (!current()) return;
      this.state = 'joined';
      this.memberId = payload.memberId;
      this.lastError = null;
      this.restartsInARow = 0;
      this.logger.info({ group: this.options.groupId, memberId: payload.memberId }, 'consumer joined its group');
    });
    consumer.on(REBALANCING, () => {
      if (current()) this.state = 'rebalancing';
    });
    consumer.on(CRASH, ({ payload }) => {
      if (!current()) return;
      this.state = 'crashed';
      this.crashes += 1;
      this.lastError = `${payload.error.name}: ${payload.error.message}`;
      this.logger.error(
        { group: this.options.groupId, err: payload.error, restartedByKafkajs: payload.restart },
        payload.restart ? 'consumer crashed; kafkajs restarts it' : 'consumer crashed; the kit restarts it',
      );
      if (!payload.restart) this.scheduleRestart();
    });
    await consumer.connect();
    await consumer.subscribe({ topics: this.topics(), fromBeginning: this.options.fromBeginning ?? true });
    if (this.batchSize === 1) {
      await consumer.run({ autoCommit: false, eachMessage: (payload) => this.consume(consumer, payload) });
    } else {
      await consumer.run({
        autoCommit: false,
        eachBatchAutoResolve: false,
        eachBatch: (payload) => this.consumeBatch(payload),
      });
    }
    return consumer;
  }

  private scheduleRestart(): void {
    if (this.stopping || this.restartTimer) return;
    const base = this.options.restartBackoffMs ?? 1000;
    const delay = Math.min(MAX_RESTART_BACKOFF_MS, base * 2 ** Math.min(this.restartsInARow, 10));
    this.restartsInARow += 1;
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      void this.restart();
    }, delay);
  }

  private async restart(): Promise<void> {
    const old = this.consumer;
    await old?.disconnect().catch(() => undefined);
    if (this.stopping) return;
    try {
      this.logger.warn({ group: this.options.groupId, attempt: this.restartsInARow }, 'restarting the consumer');
      const started = await this.startConsumer();
      // stopped while this one was starting: it must not stay behind
      if (this.stopping) await started.disconnect().catch(() => undefined);
    } catch (error) {
      this.state = 'crashed';
      this.lastError = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      this.logger.error({ group: this.options.groupId, err: error }, 'consumer restart failed; trying again');
      this.scheduleRestart();
    }
  }

  /** Handles (or dead-letters) one record, then commits its offset. */
  private async consume(consumer: Consumer, payload: EachMessagePayload): Promise<void> {
    await this.inRecordSpan(payload, () => this.handleOrDeadLetter(payload));
    await consumer.commitOffsets([
      { topic: payload.topic, partition: payload.partition, offset: (BigInt(payload.message.offset) + 1n).toString() },
    ]);
  }

  /**
   * A partition's batch as kafkajs fetched it, in slices of `batchSize`: each slice in one transaction, its offset
   * committed after that transaction committed and resolved for kafkajs. Stops between slices when the consumer
   * stops or the partition was sought (a rebalance): the rest is fetched again, and the inbox drops what was applied.
   */
  private async consumeBatch({
    batch,
    resolveOffset,
    heartbeat,
    commitOffsetsIfNecessary,
    isRunning,
    isStale,
  }: EachBatchPayload): Promise<void> {
    const { topic, partition } = batch;
    const commit = async (message: KafkaMessage) => {
      const offset = (BigInt(message.offset) + 1n).toString();
      await commitOffsetsIfNecessary({ topics: [{ topic, partitions: [{ partition, offset }] }] });
      resolveOffset(message.offset);
    };
    for (let start = 0; start < batch.messages.length; start += this.batchSize) {
      if (!isRunning() || isStale()) return;
      const slice = batch.messages.slice(start, start + this.batchSize);
      await this.consumeRecords(
        slice.map((message) => ({ topic, partition, message })),
        heartbeat,
        commit,
      );
      await heartbeat();
    }
  }

  /**
   * Applies records of one partition in order, as few transactions as failures allow: the longest run that succeeds
   * is one transaction; a record that fails is handled alone as before (retries, dead letter) after the records
   * before it are applied again in a batch of their own (their first run was rolled back with the failure).
   * `commit` is called with each record up to which everything is applied.
   */
  private async consumeRecords(
    records: PartitionRecord[],
    heartbeat: () => Promise<void>,
    commit: (message: KafkaMessage) => Promise<void>,
  ): Promise<void> {
    let rest = records;
    while (rest.length > 0) {
      const outcome = await this.applyBatch(rest, heartbeat);
      if (outcome.committed > 0) await commit(rest[outcome.committed - 1]!.message);
      if (!outcome.failed) return;
      const { at, error, alone } = outcome.failed;
      if (outcome.committed < at) await this.consumeRecords(rest.slice(outcome.committed, at), heartbeat, commit);
      if (alone !== undefined) {
        // a batch handler failed on several records: each alone, so only the one that fails is retried
        for (const record of rest.slice(at, at + alone)) await this.consumeRecords([record], heartbeat, commit);
        rest = rest.slice(at + alone);
        continue;
      }
      const failed = rest[at]!;
      await this.inRecordSpan(failed, () => this.handleOrDeadLetter({ ...failed, heartbeat }, error));
      await commit(failed.message);
      await heartbeat();
      rest = rest.slice(at + 1);
    }
  }

  /**
   * One transaction for the records up to the first that cannot be handled as it is (a poison message, which is left
   * out) or whose handler fails (the transaction is rolled back: nothing of the batch is applied). The records' inbox
   * rows are written in one statement; an event already in the inbox, or twice in the batch, is applied once. It
   * heartbeats after each handler (kafkajs sends one when its interval has passed), so a long batch keeps the member
   * in its group as eachMessage did; a heartbeat refused during a rebalance is left to the offset commit after it.
   */
  private async applyBatch(records: PartitionRecord[], heartbeat: () => Promise<void>): Promise<BatchOutcome> {
    const prepared: Exclude<Prepared, { kind: 'poison' }>[] = [];
    let poison: PoisonMessageError | undefined;
    for (const record of records) {
      const one = this.prepare(record);
      if (one.kind === 'poison') {
        poison = one.error;
        break;
      }
      prepared.push(one);
    }
    let failedAt = 0;
    let failedRun = 1;
    try {
      if (prepared.some((p) => p.kind === 'handle')) {
        await this.dataSource.transaction(async (manager) => {
          const fresh = await this.recordInInbox(manager, records[0]!.topic, prepared);
          for (let i = 0; i < prepared.length;) {
            const one = prepared[i]!;
            failedAt = i;
            failedRun = 1;
            if (one.kind !== 'handle' || !fresh.delete(one.envelope.id)) {
              i += 1;
              continue;
            }
            const batchHandler = one.registration.batchHandler;
            if (!batchHandler) {
              await this.inRecordSpan(records[i]!, () => inEventContext(one.envelope, () => this.apply(manager, one)));
              await heartbeat().catch(() => undefined);
              i += 1;
              continue;
            }
            // the run: this event and the next new ones of the same batch handler (passed-over records between)
            const run = [one];
            let end = i + 1;
            for (; end < prepared.length; end++) {
              const next = prepared[end]!;
              if (next.kind !== 'handle') continue;
              if (next.registration.batchHandler !== batchHandler) break;
              if (fresh.delete(next.envelope.id)) run.push(next);
            }
            failedRun = end - i;
            await this.applyRun(manager, records[i]!, batchHandler, run, heartbeat);
            i = end;
          }
        });
      }
    } catch (error) {
      return { committed: 0, failed: { at: failedAt, error, ...(failedRun > 1 ? { alone: failedRun } : {}) } };
    }
    if (!poison) return { committed: prepared.length };
    return { committed: prepared.length, failed: { at: prepared.length, error: poison } };
  }

  /**
   * A batch handler's run: per company (in the order each first appears; each company's events in their order), its
   * tenant set, the handler given that company's envelopes, in one CONSUMER span (of the run's first record).
   */
  private async applyRun(
    manager: EntityManager,
    first: PartitionRecord,
    handler: EventBatchHandler<unknown>,
    run: Extract<Prepared, { kind: 'handle' }>[],
    heartbeat: () => Promise<void>,
  ): Promise<void> {
    const byCompany = new Map<string | null, EventEnvelope[]>();
    for (const { envelope, payload } of run) {
      const list = byCompany.get(envelope.tenantId) ?? [];
      list.push({ ...envelope, payload });
      byCompany.set(envelope.tenantId, list);
    }
    for (const [tenantId, envelopes] of byCompany) {
      await this.inRecordSpan(
        first,
        () =>
          inEventContext(envelopes[0]!, async () => {
            await setTenant(manager, tenantId);
            await handler(envelopes, manager);
          }),
        envelopes.length,
      );
      await heartbeat().catch(() => undefined);
    }
  }

  /** Inserts the inbox rows of the batch's events in one statement; answers the ids that were not there yet. */
  private async recordInInbox(manager: EntityManager, topic: string, prepared: Prepared[]): Promise<Set<string>> {
    const events = new Map<string, string>();
    for (const one of prepared) {
      if (one.kind === 'handle' && !events.has(one.envelope.id)) events.set(one.envelope.id, one.envelope.type);
    }
    const inserted: { event_id: string }[] = await manager.query(
      `INSERT INTO ${this.schema}.inbox (event_id, consumer_group, topic, event_type)
       SELECT e.id, $2, $3, e.type FROM unnest($1::uuid[], $4::text[]) AS e(id, type)
       ON CONFLICT DO NOTHING RETURNING event_id`,
      [[...events.keys()], this.options.groupId, topic, [...events.values()]],
    );
    const fresh = new Set(inserted.map((r) => r.event_id));
    if (fresh.size < events.size)
      this.logger.debug({ duplicates: events.size - fresh.size }, 'duplicate events skipped');
    return fresh;
  }

  /** A CONSUMER span of one record, in the trace of the change that wrote the event (W3C headers set by the relay). */
  private inRecordSpan<T>(
    { topic, partition, message }: PartitionRecord,
    work: () => Promise<T>,
    batchCount?: number,
  ): Promise<T> {
    return inSpan(
      `process ${topic}`,
      SpanKind.CONSUMER,
      contextFrom(message.headers),
      {
        'messaging.system': 'kafka',
        'messaging.operation.type': 'process',
        'messaging.destination.name': topic,
        'messaging.destination.partition.id': String(partition),
        'messaging.kafka.offset': Number(message.offset),
        'messaging.consumer.group.name': this.options.groupId,
        ...(batchCount !== undefined ? { 'messaging.batch.message_count': batchCount } : {}),
      },
      work,
    );
  }

  /**
   * Handles one record alone, as eachMessage does: retried with back-off, then dead-lettered (at once when it can
   * never succeed). `firstFailure`: its first attempt already failed (in a batch) with this error.
   */
  private async handleOrDeadLetter(
    payload: PartitionRecord & Pick<EachMessagePayload, 'heartbeat'>,
    firstFailure?: unknown,
  ): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        if (attempt === 1 && firstFailure !== undefined) throw firstFailure;
        await this.handle(payload);
        return;
      } catch (error) {
        const poison = error instanceof PoisonMessageError;
        const { topic, partition, message } = payload;
        if (poison || attempt >= this.maxAttempts) {
          await this.deadLetter(payload, error, attempt);
          return;
        }
        this.logger.warn(
          { err: error, topic, partition, offset: message.offset, attempt },
          'event handling failed; retrying',
        );
        await sleep(this.retryBackoffMs * 2 ** (attempt - 1));
        await payload.heartbeat().catch(() => undefined);
      }
    }
  }

  /**
   * Handles a dead letter's record again, now, in this process (docs/decisions/0200): parsed, validated and applied
   * exactly as consumed (the inbox drops an event already applied), once, without retries and without dead-lettering
   * it again. `after` runs in the same transaction, after the handler (e.g. marking the dead letter replayed), so both
   * commit or neither. A failure throws (a PoisonMessageError for a record that can never be handled).
   */
  async replay(
    record: { topic: string; partition: number; offset: string; key: string | null; value: string | null },
    after: (manager: EntityManager) => Promise<void>,
  ): Promise<void> {
    if (!this.handledTopics.has(record.topic))
      throw new PoisonMessageError(`${this.options.groupId} does not read ${record.topic}`);
    await this.handle(
      {
        topic: record.topic,
        message: { value: record.value === null ? null : Buffer.from(record.value, 'utf8') },
      },
      after,
    );
  }

  /** Parses and validates one record: its envelope and handler, nothing to do (a type without one), or poison. */
  private prepare({ topic, message }: { topic: string; message: { value: Buffer | null } }): Prepared {
    const raw = message.value?.toString('utf8') ?? '';
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch {
      return { kind: 'poison', error: new PoisonMessageError('value is not valid JSON') };
    }
    const parsed = eventEnvelopeSchema.safeParse(json);
    if (!parsed.success)
      return {
        kind: 'poison',
        error: new PoisonMessageError(`not an event envelope: ${describeIssue(parsed.error.issues[0])}`),
      };
    const envelope = parsed.data as EventEnvelope;
    if (!this.handledTypes.has(`${topic}/${envelope.type}`)) return { kind: 'pass' };
    const registration = this.registrations.get(`${topic}/${eventKey(envelope.type, envelope.version)}`);
    if (!registration)
      return {
        kind: 'poison',
        error: new PoisonMessageError(`unknown version ${envelope.version} of ${envelope.type}`),
      };
    const payload = registration.definition.schema.safeParse(envelope.payload);
    if (!payload.success)
      return {
        kind: 'poison',
        error: new PoisonMessageError(`invalid ${envelope.type} payload: ${describeIssue(payload.error.issues[0])}`),
      };
    return { kind: 'handle', envelope, registration, payload: payload.data };
  }

  /** Runs the handler of a new event (its inbox row written) in the transaction, with the event's tenant. */
  private async apply(
    manager: EntityManager,
    { envelope, registration, payload }: Extract<Prepared, { kind: 'handle' }>,
  ): Promise<void> {
    await setTenant(manager, envelope.tenantId);
    if (registration.batchHandler) await registration.batchHandler([{ ...envelope, payload }], manager);
    else await registration.handler!({ ...envelope, payload }, manager);
  }

  /** Parses and validates one record, then applies its handler exactly once (then `after`, in its transaction). */
  private async handle(
    { topic, message }: { topic: string; message: { value: Buffer | null } },
    after?: (manager: EntityManager) => Promise<void>,
  ): Promise<void> {
    const prepared = this.prepare({ topic, message });
    if (prepared.kind === 'poison') throw prepared.error;
    if (prepared.kind === 'pass') {
      if (after) await this.dataSource.transaction(after);
      return;
    }
    const { envelope } = prepared;
    await inEventContext(envelope, () =>
      this.dataSource.transaction(async (manager) => {
        const inserted: unknown[] = await manager.query(
          `INSERT INTO ${this.schema}.inbox (event_id, consumer_group, topic, event_type)
           VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING event_id`,
          [envelope.id, this.options.groupId, topic, envelope.type],
        );
        if (inserted.length === 0) {
          this.logger.debug({ eventId: envelope.id }, 'duplicate event skipped');
        } else {
          await this.apply(manager, prepared);
        }
        if (after) await after(manager);
      }),
    );
  }

  private async deadLetter({ topic, partition, message }: PartitionRecord, error: unknown, attempts: number) {
    const reason = error instanceof Error ? error.message : String(error);
    await this.producer!.send({
      topic: deadLetterTopic(topic),
      acks: -1,
      messages: [
        {
          key: message.key,
          value: message.value,
          headers: {
            ...message.headers,
            [DEAD_LETTER_HEADERS.error]: reason,
            [DEAD_LETTER_HEADERS.attempts]: String(attempts),
            [DEAD_LETTER_HEADERS.originalTopic]: topic,
            [DEAD_LETTER_HEADERS.originalPartition]: String(partition),
            [DEAD_LETTER_HEADERS.originalOffset]: message.offset,
            [DEAD_LETTER_HEADERS.consumerGroup]: this.options.groupId,
            [DEAD_LETTER_HEADERS.failedAt]: new Date().toISOString(),
          },
        },
      ],
    });
    await this.dataSource.query(
      `INSERT INTO ${this.schema}.dead_letters (consumer_group, topic, partition, "offset", message_key, value, error, attempts, tenant_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        this.options.groupId,
        topic,
        partition,
        message.offset,
        message.key?.toString() ?? null,
        message.value?.toString('utf8') ?? null,
        reason,
        attempts,
        tenantOfMessage(message.value),
      ],
    );
    markActiveSpanFailed(`dead-lettered: ${reason}`);
    this.logger.error(
      { topic, partition, offset: message.offset, reason, attempts },
      'event sent to the dead-letter topic',
    );
  }
}

/**
 * Runs work in the context of an event (its correlation id and company): what it logs carries them and the events it
 * publishes take its correlation id. A batch handler wraps each event's own work in it.
 */
export function inEventContext<T>(envelope: Pick<EventEnvelope, 'correlationId' | 'tenantId'>, work: () => T): T {
  return runWithContext({ correlationId: envelope.correlationId, tenantId: envelope.tenantId }, work);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The tenant a dead letter belongs to: its envelope's tenantId, when the value is JSON carrying one (else null). */
export function tenantOfMessage(value: Buffer | null | undefined): string | null {
  if (!value) return null;
  try {
    const tenantId = (JSON.parse(value.toString('utf8')) as { tenantId?: unknown } | null)?.tenantId;
    return typeof tenantId === 'string' && UUID.test(tenantId) ? tenantId : null;
  } catch {
    return null;
  }
}

const describeIssue = (issue: z.core.$ZodIssue | undefined): string =>
  issue ? `${issue.path.length > 0 ? `${issue.path.join('.')}: ` : ''}${issue.message}` : 'no detail';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
