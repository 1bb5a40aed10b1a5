import { describe, expect, it } from '@jest/globals';
import { EventEmitter } from 'node:events';
import type { Kafka } from 'kafkajs';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import type { EventDefinition } from '@rayworks/contracts';
import { createLogger } from '../logging/logger.js';
import { companyOfEvent, EventConsumer, PoisonMessageError } from './event-consumer.js';

const EVENTS = { GROUP_JOIN: 'consumer.group_join', REBALANCING: 'consumer.rebalancing', CRASH: 'consumer.crash' };

/** A kafkajs consumer as the kit sees it: its instrumentation events, and what was called on it. */
class FakeConsumer extends EventEmitter {
  readonly events = EVENTS;
  readonly calls: string[] = [];
  async connect() {
    this.calls.push('connect');
  }
  async subscribe() {
    this.calls.push('subscribe');
  }
  async run() {
    this.calls.push('run');
  }
  async disconnect() {
    this.calls.push('disconnect');
  }
  join(memberId: string) {
    this.emit(EVENTS.GROUP_JOIN, { payload: { memberId } });
  }
  crash(error: Error, restart: boolean) {
    this.emit(EVENTS.CRASH, { payload: { error, restart, groupId: 'it.group' } });
  }
}

function consumerOver(consumers: FakeConsumer[]) {
  const kafka = {
    producer: () => ({ connect: async () => undefined, disconnect: async () => undefined }),
    consumer: () => {
      const c = new FakeConsumer();
      consumers.push(c);
      return c;
    },
  } as unknown as Kafka;
  const topic = 'it.crash.v1';
  const consumer = new EventConsumer({} as DataSource, kafka, 'it', createLogger('spec', 'silent'), {
    groupId: 'it.group',
    topics: [topic],
    restartBackoffMs: 5,
  });
  // a topic of its own, outside the contracts' list
  const thing = { type: 'Thing', version: 1, topic, schema: z.object({}) } as unknown as EventDefinition;
  consumer.on(thing, async () => undefined);
  return consumer;
}

const nonRetriable = Object.assign(new Error('The coordinator is not aware of this member'), {
  name: 'KafkaJSNonRetriableError',
});
const until = async (done: () => boolean) => {
  for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 5));
};

describe('EventConsumer after a crash (docs/decisions/0198)', () => {
  it('is not ready until it has joined its group, and says which group', async () => {
    const consumers: FakeConsumer[] = [];
    const consumer = consumerOver(consumers);
    await consumer.start();
    await expect(consumer.check()).rejects.toThrow('consumer group it.group is not running: starting');
    consumers[0]!.join('m-1');
    await expect(consumer.check()).resolves.toBeUndefined();
    expect(consumer.status()).toMatchObject({ state: 'joined', memberId: 'm-1', crashes: 0 });
    await consumer.stop();
  });

  it('starts a new consumer itself after a crash kafkajs does not restart from, and is ready once it joined', async () => {
    const consumers: FakeConsumer[] = [];
    const consumer = consumerOver(consumers);
    await consumer.start();
    consumers[0]!.join('m-1');
    consumers[0]!.crash(nonRetriable, false);
    await expect(consumer.check()).rejects.toThrow(
      'consumer group it.group is not running: crashed (KafkaJSNonRetriableError: The coordinator is not aware of this member)',
    );
    await until(() => consumers.length === 2 && consumers[1]!.calls.includes('run'));
    expect(consumers[0]!.calls).toContain('disconnect');
    expect(consumers[1]!.calls).toEqual(['connect', 'subscribe', 'run']);
    // the old consumer's late events change nothing
    consumers[0]!.join('m-old');
    await expect(consumer.check()).rejects.toThrow('not running');
    consumers[1]!.join('m-2');
    await expect(consumer.check()).resolves.toBeUndefined();
    expect(consumer.status()).toMatchObject({ state: 'joined', memberId: 'm-2', crashes: 1, lastError: null });
    await consumer.stop();
  });

  it('leaves a crash kafkajs restarts from to kafkajs, and restarts nothing once stopped', async () => {
    const consumers: FakeConsumer[] = [];
    const consumer = consumerOver(consumers);
    await consumer.start();
    consumers[0]!.join('m-1');
    consumers[0]!.crash(new Error('Connection error'), true);
    await new Promise((r) => setTimeout(r, 50));
    expect(consumers).toHaveLength(1);
    expect(consumer.status().state).toBe('crashed');
    consumers[0]!.join('m-1b');
    expect(consumer.status().state).toBe('joined');

    consumers[0]!.crash(nonRetriable, false);
    await consumer.stop();
    await new Promise((r) => setTimeout(r, 50));
    expect(consumers).toHaveLength(1);
    expect(consumer.status().state).toBe('stopped');
  });

  it('keeps trying while a new consumer cannot connect (the broker still down)', async () => {
    const consumers: FakeConsumer[] = [];
    const consumer = consumerOver(consumers);
    await consumer.start();
    let failures = 2;
    const original = FakeConsumer.prototype.connect;
    FakeConsumer.prototype.connect = async function (this: FakeConsumer) {
      if (this !== consumers[0] && failures-- > 0) throw new Error('Connection refused');
      return original.call(this);
    };
    try {
      consumers[0]!.crash(nonRetriable, false);
      await until(() => consumers.some((c) => c.calls.includes('run') && c !== consumers[0]));
      const started = consumers.filter((c) => c.calls.includes('run'));
      expect(started).toHaveLength(2);
      expect(consumers).toHaveLength(4);
      started[1]!.join('m-3');
      await expect(consumer.check()).resolves.toBeUndefined();
    } finally {
      FakeConsumer.prototype.connect = original;
      await consumer.stop();
    }
  });
});

describe('companyOfEvent', () => {
  it("is the event's company; an event of no company can never be applied (poison: to the dead-letter topic)", () => {
    expect(companyOfEvent({ tenantId: 'c0mpany', type: 'OrgUnitCreated' })).toBe('c0mpany');
    expect(() => companyOfEvent({ tenantId: null, type: 'OrgUnitCreated' })).toThrow(PoisonMessageError);
    expect(() => companyOfEvent({ tenantId: null, type: 'OrgUnitCreated' })).toThrow('OrgUnitCreated without a tenant');
  });
});
