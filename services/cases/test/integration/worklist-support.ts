import { randomUUID } from 'node:crypto';
import type { Kafka, Producer } from 'kafkajs';
import { ApiClient, credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import {
  AUTH_API,
  CASES_API,
  GATEWAY_PORT,
  StudyImportedV1,
  type Case,
  type StudyImportedPayload,
} from '@rayworks/contracts';
import {
  eventually,
  tenantQuery,
  testKafka,
  TEST_PASSWORD,
  type EveryRoleTenant,
  type EveryRoleUser,
} from '@rayworks/testing';

/** Helpers of the worklist's integration tests: the typed client at the gateway, sign-in, studies arriving. */
export const base = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}`;
export const api = new ApiClient({ baseUrl: base });

export async function signIn(t: EveryRoleTenant, who: EveryRoleUser): Promise<Credentials> {
  return credentialsOf(await api.call(AUTH_API.login, {}, { headers: loginHeaders(t.login(who), TEST_PASSWORD) }));
}

/** Publishes StudyImported on imaging.study.v1 exactly as imaging's outbox relay does (envelope, key = study UID). */
export class StudyEvents {
  private readonly kafka: Kafka = testKafka();
  private producer?: Producer;

  async start(): Promise<void> {
    this.producer = this.kafka.producer({ idempotent: true, maxInFlightRequests: 1 });
    await this.producer.connect();
  }

  async stop(): Promise<void> {
    await this.producer?.disconnect();
  }

  /** Sends one StudyImported (with `eventId`, to send the same event twice); answers its envelope id. */
  async imported(tenantId: string, payload: StudyImportedPayload, eventId: string = randomUUID()): Promise<string> {
    const envelope = {
      id: eventId,
      type: StudyImportedV1.type,
      version: StudyImportedV1.version,
      occurredAt: new Date().toISOString(),
      tenantId,
      actor: { type: 'service', id: 'imaging-test' },
      correlationId: `it-${eventId}`,
      causationId: null,
      payload: StudyImportedV1.schema.parse(payload),
    };
    await this.producer!.send({
      topic: StudyImportedV1.topic,
      acks: -1,
      messages: [
        {
          key: payload.studyInstanceUid,
          value: JSON.stringify(envelope),
          headers: { 'x-event-type': envelope.type, 'x-event-version': '1', 'x-tenant-id': tenantId },
        },
      ],
    });
    return eventId;
  }
}

let uidCounter = 0;
/** A StudyImported payload of a study of its own (a unique StudyInstanceUID). */
export function study(over: Partial<StudyImportedPayload> = {}): StudyImportedPayload {
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

/** The case of a study, once the consumer has made it (polled through the owner, under the tenant's RLS). */
export async function caseIdOfStudy(tenantId: string, studyInstanceUid: string): Promise<string> {
  const rows = await eventually(
    () =>
      tenantQuery<{ id: string }>(tenantId, `SELECT id FROM cases.cases WHERE study_instance_uid = $1`, [
        studyInstanceUid,
      ]),
    (r) => r.length > 0,
    { what: `the case of study ${studyInstanceUid}` },
  );
  return rows[0]!.id;
}

/** Every case id of a list call, following its cursor to the end. */
export async function allPages(session: Credentials, body: Parameters<typeof api.call<typeof CASES_API.getCases>>[1]) {
  const ids: string[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 100; i++) {
    const page = await api.call(CASES_API.getCases, { ...body, ...(cursor ? { cursor } : {}) }, { session });
    ids.push(...page.items.map((c: Case) => c._id));
    if (!page.nextCursor) return ids;
    cursor = page.nextCursor;
  }
  throw new Error('more than 100 pages');
}
