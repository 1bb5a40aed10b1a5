import { randomUUID } from 'node:crypto';
import type { Producer } from 'kafkajs';
import { ApiClient, credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import {
  AUTH_API,
  CASES_API,
  GATEWAY_PORT,
  ROLE_CODES,
  StudyImportedV1,
  type Case,
  type StudyImportedPayload,
} from '@rayworks/contracts';
import {
  eventually,
  everyRoleTenant,
  provisionTenant,
  tenantQuery,
  testKafka,
  TEST_PASSWORD,
  type EveryRoleTenant,
} from '@rayworks/testing';

/**
 * Helpers of the case actions' integration tests: the typed client at the gateway, a company of its own with a
 * second radiologist of centre c1, studies arriving as imaging publishes them, the outbox's events of a case.
 */
export const base = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}`;
export const api = new ApiClient({ baseUrl: base });

export interface ActionsTenant extends EveryRoleTenant {
  /** A second CENTER_RADIOLOGIST of centre c1 (login `<name>.radiologist2`). */
  radiologist2: string;
  loginOf: (who: string) => string;
}

/** everyRoleTenant plus a second radiologist of c1, provisioned by the same (idempotent) provisioner. */
export async function actionsTenant(label: string): Promise<ActionsTenant> {
  const t = await everyRoleTenant(label);
  const loginName = `${t.name}.radiologist2`;
  const spec = {
    ...t.spec,
    users: [
      ...(t.spec.users ?? []),
      {
        loginName,
        firstName: 'radiologist two',
        lastName: t.name,
        email: `${loginName}@test.rayworks.local`,
        role: ROLE_CODES.CENTER_RADIOLOGIST,
        centres: ['c1'],
        password: TEST_PASSWORD,
        resetPassword: false,
      },
    ],
  };
  const provisioned = await provisionTenant(spec);
  return {
    ...t,
    ...provisioned,
    spec,
    radiologist2: provisioned.users[loginName]!,
    loginOf: (who: string) => `${t.name}.${who}`,
  };
}

export async function signIn(t: ActionsTenant, who: string): Promise<Credentials> {
  return credentialsOf(await api.call(AUTH_API.login, {}, { headers: loginHeaders(t.loginOf(who), TEST_PASSWORD) }));
}

/** Waits until the cases service's read model knows these users (from auth's user events). */
export async function usersKnown(t: ActionsTenant, userIds: readonly string[]): Promise<void> {
  await eventually(
    () =>
      tenantQuery<{ n: number }>(t.tenantId, `SELECT count(*)::int AS n FROM cases.users WHERE id = ANY($1)`, [
        userIds,
      ]),
    (rows) => rows[0]!.n === userIds.length,
    { what: 'the users in the cases read model' },
  );
}

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
/** A study of its own arriving at a centre of the tenant; answers the case the cases service made of it. */
export async function arrive(
  events: StudyEvents,
  t: ActionsTenant,
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

/** The case as the API shows it to this caller. */
export const caseOf = (session: Credentials, id: string): Promise<Case> =>
  api.call(CASES_API.findOneCase, { _id: id }, { session });

/** The types of the events written for a case, in order (the service's outbox, key = case id). */
export async function eventsOf(t: ActionsTenant, caseId: string): Promise<string[]> {
  const rows = await tenantQuery<{ type: string }>(
    t.tenantId,
    `SELECT envelope->>'type' AS type FROM cases.outbox WHERE message_key = $1 ORDER BY id`,
    [caseId],
  );
  return rows.map((r) => r.type);
}
