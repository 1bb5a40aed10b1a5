import { randomUUID } from 'node:crypto';
import type { Producer } from 'kafkajs';
import { ApiClient, credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import { AUTH_API, GATEWAY_PORT, StudyImportedV1, type StudyImportedPayload } from '@rayworks/contracts';
import {
  eventually,
  everyRoleTenant,
  tenantQuery,
  testKafka,
  TEST_PASSWORD,
  type EveryRoleTenant,
  type EveryRoleUser,
} from '@rayworks/testing';

/**
 * What reporting's integration tests need of the cases side: the typed client at the gateway, a company of their
 * own, and cases made the way they arrive — imaging's StudyImported on imaging.study.v1, turned into a case by the
 * cases service (the same as services/cases/test/integration/actions-support.ts, which a project may not import).
 */
export const base = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}`;
export const api = new ApiClient({ baseUrl: base });
export { everyRoleTenant, type EveryRoleTenant };

export const signIn = async (t: EveryRoleTenant, who: EveryRoleUser): Promise<Credentials> =>
  credentialsOf(await api.call(AUTH_API.login, {}, { headers: loginHeaders(t.login(who), TEST_PASSWORD) }));

/** Publishes StudyImported as imaging's outbox relay does (envelope, key = study UID). */
export class StudyEvents {
  private producer?: Producer;

  async start(): Promise<void> {
    this.producer = testKafka().producer({ idempotent: true, maxInFlightRequests: 1 });
    await this.producer.connect();
  }

  async stop(): Promise<void> {
    await this.producer?.disconnect();
  }

  async imported(tenantId: string, payload: StudyImportedPayload): Promise<void> {
    const id = randomUUID();
    const envelope = {
      id,
      type: StudyImportedV1.type,
      version: StudyImportedV1.version,
      occurredAt: new Date().toISOString(),
      tenantId,
      actor: { type: 'service', id: 'imaging-test' },
      correlationId: `it-${id}`,
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
  }
}

let counter = 0;
/** A study of its own arriving at a centre of the tenant; answers the id of the case the cases service made of it. */
export async function arrive(
  events: StudyEvents,
  t: EveryRoleTenant,
  centre: 'c1' | 'c2' | 'c3',
  over: Partial<StudyImportedPayload> = {},
): Promise<string> {
  counter += 1;
  const studyInstanceUid = `1.2.826.0.1.3680043.10.1022.${Date.now()}.${process.pid}.${counter}`;
  await events.imported(t.tenantId, {
    studyInstanceUid,
    groupId: centre === 'c3' ? null : t.groups.g!,
    centreId: t.centres[centre]!,
    patientName: 'DOE^JOHN',
    patientId: `PA${counter}${Math.floor(Math.random() * 1e6)}`,
    accessionNumber: null,
    studyId: '1',
    modality: 'CT',
    modalities: ['CT'],
    studyDate: '20260101',
    seriesCount: 2,
    instanceCount: 4,
    instancesAdded: 4,
    ...over,
  });
  const rows = await eventually(
    () =>
      tenantQuery<{ id: string }>(t.tenantId, `SELECT id FROM cases.cases WHERE study_instance_uid = $1`, [
        studyInstanceUid,
      ]),
    (r) => r.length > 0,
    { what: `the case of study ${studyInstanceUid}` },
  );
  return rows[0]!.id;
}
