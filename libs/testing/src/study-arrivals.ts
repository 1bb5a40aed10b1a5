import { randomUUID } from 'node:crypto';
import type { Producer } from 'kafkajs';
import { EVENT_HEADERS, StudyImportedV1, type EventDefinition, type StudyImportedPayload } from '@rayworks/contracts';
import { eventually } from './eventually.js';
import { testKafka } from './infra.js';
import { tenantQuery } from './tenants.js';

/**
 * Studies arriving as imaging publishes them, for the integration tests of the services downstream of imaging (cases,
 * reporting): imaging's StudyImported on imaging.study.v1, which the cases service turns into a case. One helper, so a
 * test makes cases the way production does without importing DICOM files.
 */

/** A Kafka producer that sends envelopes exactly as the outbox relays do (key, headers, acks from all replicas). */
export class TestEvents {
  private producer?: Producer;

  async start(): Promise<void> {
    this.producer = testKafka().producer({ idempotent: true, maxInFlightRequests: 1 });
    await this.producer.connect();
  }

  async stop(): Promise<void> {
    await this.producer?.disconnect();
  }

  async send(topic: string, key: string, envelope: Record<string, unknown> & { type: string; version: number }) {
    if (!this.producer) throw new Error('TestEvents.start() first');
    await this.producer.send({
      topic,
      acks: -1,
      messages: [
        {
          key,
          value: JSON.stringify(envelope),
          headers: {
            [EVENT_HEADERS.type]: envelope.type,
            [EVENT_HEADERS.version]: String(envelope.version),
            [EVENT_HEADERS.correlationId]: String(envelope.correlationId ?? 'it'),
            [EVENT_HEADERS.tenantId]: String(envelope.tenantId ?? ''),
          },
        },
      ],
    });
  }

  /**
   * One event of any definition, as its owner's outbox relay sends it (envelope, key, headers; the payload checked by
   * the definition's schema); pass `eventId` to send the same event twice. Answers its envelope id.
   */
  async publish<D extends EventDefinition>(
    definition: D,
    tenantId: string,
    key: string,
    payload: ReturnType<D['schema']['parse']>,
    eventId: string = randomUUID(),
  ): Promise<string> {
    await this.send(definition.topic, key, eventEnvelope(definition, tenantId, payload, eventId, 'test'));
    return eventId;
  }

  /** One StudyImported (pass `eventId` to send the same event twice); answers its envelope id. */
  async imported(tenantId: string, payload: StudyImportedPayload, eventId: string = randomUUID()): Promise<string> {
    await this.send(StudyImportedV1.topic, payload.studyInstanceUid, studyImportedEnvelope(tenantId, payload, eventId));
    return eventId;
  }

  /**
   * StudyImported events (of one company or several; an `eventId` again sends the same event twice) in ONE produce
   * request to one partition: a consumer fetches them together, in this order, as one batch of a backlog.
   */
  async importedTogether(
    arrivals: readonly { tenantId: string; payload: StudyImportedPayload; eventId?: string }[],
  ): Promise<void> {
    if (!this.producer) throw new Error('TestEvents.start() first');
    await this.producer.send({
      topic: StudyImportedV1.topic,
      acks: -1,
      messages: arrivals.map(({ tenantId, payload, eventId }) => {
        const envelope = studyImportedEnvelope(tenantId, payload, eventId ?? randomUUID());
        return {
          key: payload.studyInstanceUid,
          partition: 0,
          value: JSON.stringify(envelope),
          headers: {
            [EVENT_HEADERS.type]: envelope.type,
            [EVENT_HEADERS.version]: String(envelope.version),
            [EVENT_HEADERS.correlationId]: envelope.correlationId,
            [EVENT_HEADERS.tenantId]: tenantId,
          },
        };
      }),
    });
  }
}

/**
 * An event's envelope as a service's outbox relay sends it: the definition's type and version, the payload checked
 * by its schema, the correlation id derived from the event id. Tests and benches publish with it.
 */
export function eventEnvelope<D extends EventDefinition>(
  definition: D,
  tenantId: string,
  payload: ReturnType<D['schema']['parse']>,
  eventId: string,
  actorId: string,
) {
  return {
    id: eventId,
    type: definition.type,
    version: definition.version,
    occurredAt: new Date().toISOString(),
    tenantId,
    actor: { type: 'service' as const, id: actorId },
    correlationId: `${actorId}-${eventId}`,
    causationId: null,
    payload: definition.schema.parse(payload),
  };
}

/** A StudyImported envelope as imaging's relay sends it. */
const studyImportedEnvelope = (tenantId: string, payload: StudyImportedPayload, eventId: string) =>
  eventEnvelope(StudyImportedV1, tenantId, payload, eventId, 'imaging-test');

let uidCounter = 0;
/** A StudyImported payload of a study of its own (a unique StudyInstanceUID and patient ID), CT by default. */
export function importedStudy(over: Partial<StudyImportedPayload> = {}): StudyImportedPayload {
  uidCounter += 1;
  return {
    studyInstanceUid: `1.2.826.0.1.3680043.10.1019.${Date.now()}.${process.pid}.${uidCounter}`,
    groupId: null,
    centreId: null,
    patientName: 'DOE^JANE',
    patientId: `PID${uidCounter}${Math.floor(Math.random() * 1e6)}`,
    accessionNumber: null,
    studyId: '1',
    modality: 'CT',
    modalities: ['CT'],
    studyDate: '20260101',
    seriesCount: 1,
    instanceCount: 3,
    instancesAdded: 3,
    ...over,
  };
}

/** The case the cases service made of a study, once its consumer has (polled through the owner, under RLS). */
export async function caseIdOfStudy(tenantId: string, studyInstanceUid: string, timeoutMs = 60_000): Promise<string> {
  const rows = await eventually(
    () =>
      tenantQuery<{ id: string }>(tenantId, `SELECT id FROM cases.cases WHERE study_instance_uid = $1`, [
        studyInstanceUid,
      ]),
    (r) => r.length > 0,
    { what: `the case of study ${studyInstanceUid}`, timeoutMs },
  );
  return rows[0]!.id;
}

/** A company made by `everyRoleTenant` (or one like it): its group `g` and centres `c1`, `c2` (in g) and `c3` (none). */
export interface ArrivalTenant {
  tenantId: string;
  groups: Record<string, string>;
  centres: Record<string, string>;
}

/** A study of its own arriving at a centre of the company; answers the id of the case the cases service made of it. */
export async function arriveAt(
  events: TestEvents,
  t: ArrivalTenant,
  centre: 'c1' | 'c2' | 'c3',
  over: Partial<StudyImportedPayload> = {},
): Promise<string> {
  const payload = importedStudy({
    groupId: centre === 'c3' ? null : t.groups.g!,
    centreId: t.centres[centre]!,
    ...over,
  });
  await events.imported(t.tenantId, payload);
  return caseIdOfStudy(t.tenantId, payload.studyInstanceUid);
}

/** Waits until the cases service's read model knows these users (from auth's user events). */
export async function casesKnowUsers(tenantId: string, userIds: readonly string[]): Promise<void> {
  await eventually(
    () =>
      tenantQuery<{ n: number }>(tenantId, `SELECT count(*)::int AS n FROM cases.users WHERE id = ANY($1)`, [userIds]),
    (rows) => rows[0]!.n === userIds.length,
    { what: 'the users in the cases read model', timeoutMs: 60_000 },
  );
}
