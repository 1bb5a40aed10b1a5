import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Consumer } from 'kafkajs';
import {
  AUTH_API,
  AUTH_MESSAGES,
  AvailabilityChangedV1,
  TOPICS,
  type AvailabilityChangedPayload,
  type EventEnvelope,
} from '@rayworks/contracts';
import { eventually, testKafka, uniqueSuffix } from '@rayworks/testing';
import { AuthClient } from '../support/auth-client.js';
import { standardTenant, tenantQuery, TEST_PASSWORD, type StandardTenant } from '../support/tenants.js';

/** The online/offline switch and its AvailabilityChanged event, read from the real topic by a group of this test. */
describe('availability', () => {
  let t: StandardTenant;
  const api = new AuthClient();
  const seen: EventEnvelope<AvailabilityChangedPayload>[] = [];
  let consumer: Consumer;

  beforeAll(async () => {
    t = await standardTenant('avail');
    consumer = testKafka().consumer({ groupId: `it-availability-${uniqueSuffix()}` });
    await consumer.connect();
    await consumer.subscribe({ topic: TOPICS.authAvailability, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => {
        const envelope = JSON.parse(message.value!.toString()) as EventEnvelope<AvailabilityChangedPayload>;
        if (envelope.tenantId === t.tenantId) seen.push(envelope);
      },
    });
  }, 60_000);

  afterAll(async () => consumer?.disconnect());

  it('sets a radiologist online and offline, and publishes AvailabilityChanged for each, in order', async () => {
    const session = await api.login(t.login('rad'), TEST_PASSWORD);
    const online = await api.call(AUTH_API.online, {}, { session, params: { userId: session.userId } });
    expect(online).toEqual({
      status: 200,
      body: { status: 'success', data: { isAvailability: true }, message: AUTH_MESSAGES.availabilityOnline },
    });
    expect(
      await tenantQuery(t.tenantId, `SELECT is_availability FROM auth.users WHERE id = $1`, [session.userId]),
    ).toEqual([{ is_availability: true }]);
    const offline = await api.call(AUTH_API.offline, {}, { session, params: { userId: session.userId } });
    expect(offline.body.data).toEqual({ isAvailability: false });

    const events = await eventually(
      async () => seen.filter((e) => e.payload.userId === session.userId),
      (e) => e.length >= 2,
      { what: 'two AvailabilityChanged events' },
    );
    expect(events.map((e) => [e.type, e.version, e.payload.isAvailability])).toEqual([
      [AvailabilityChangedV1.type, 1, true],
      [AvailabilityChangedV1.type, 1, false],
    ]);
    expect(events[0]!.payload).toMatchObject({ roleCodes: ['CENTER_RADIOLOGIST'], groupId: t.groups.g });
    expect([...events[0]!.payload.centreIds].sort()).toEqual([t.centres.c1, t.centres.c2].sort());
    expect(events[0]!.actor).toEqual({ type: 'user', id: session.userId });
  });

  it('is only for oneself, and only for radiologists and typists', async () => {
    const typist = await api.login(t.login('typist'), TEST_PASSWORD);
    const rad = await api.login(t.login('rad'), TEST_PASSWORD);
    expect((await api.call(AUTH_API.online, {}, { session: typist, params: { userId: typist.userId } })).status).toBe(
      200,
    );
    expect((await api.call(AUTH_API.online, {}, { session: typist, params: { userId: rad.userId } })).status).toBe(403);
    const admin = await api.login(t.login('admin'), TEST_PASSWORD);
    expect((await api.call(AUTH_API.online, {}, { session: admin, params: { userId: admin.userId } })).status).toBe(
      403,
    );
    expect(
      await tenantQuery(t.tenantId, `SELECT is_availability FROM auth.users WHERE id = $1`, [admin.userId]),
    ).toEqual([{ is_availability: false }]);
  });
});
