import { randomUUID } from 'node:crypto';
import type { Producer } from 'kafkajs';
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

/**
 * Helpers of reporting's integration tests: the typed client at the gateway, sign-in, studies arriving at a centre
 * as imaging publishes them (StudyImported), so the cases service makes their cases.
 */
export const base = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}`;
export const api = new ApiClient({ baseUrl: base });

export async function signIn(t: EveryRoleTenant, who: EveryRoleUser): Promise<Credentials> {
  return credentialsOf(await api.call(AUTH_API.login, {}, { headers: loginHeaders(t.login(who), TEST_PASSWORD) }));
}

/** The case as the API shows it to this caller. */
export const caseOf = (session: Credentials, id: string): Promise<Case> =>
  api.call(CASES_API.findOneCase, { _id: id }, { session });

/** Publishes StudyImported on imaging.study.v1 as imaging's outbox relay does (envelope, key = study UID). */
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
      actor: { type: 'service', id: 'reporting-test' },
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
/** A study of its own arriving at a centre of the tenant; answers the case the cases service made of it. */
export async function arrive(events: StudyEvents, t: EveryRoleTenant, centre: 'c1' | 'c2' | 'c3'): Promise<string> {
  counter += 1;
  const studyInstanceUid = `1.2.826.0.1.3680043.10.1187.${Date.now()}.${process.pid}.${counter}`;
  await events.imported(t.tenantId, {
    studyInstanceUid,
    groupId: centre === 'c3' ? null : t.groups.g!,
    centreId: t.centres[centre]!,
    patientName: 'DOE^JOHN',
    patientId: `PC${counter}${Math.floor(Math.random() * 1e6)}`,
    accessionNumber: `ACC${counter}`,
    studyId: '1',
    modality: 'CT',
    modalities: ['CT'],
    studyDate: '20260101',
    seriesCount: 1,
    instanceCount: 2,
    instancesAdded: 2,
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

/** Waits until the cases service knows these users (its read model of auth's users). */
export async function usersKnown(t: EveryRoleTenant, userIds: readonly string[]): Promise<void> {
  await eventually(
    () =>
      tenantQuery<{ n: number }>(t.tenantId, `SELECT count(*)::int AS n FROM cases.users WHERE id = ANY($1)`, [
        userIds,
      ]),
    (rows) => rows[0]!.n === userIds.length,
    { what: 'the users in the cases read model' },
  );
}
