import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import type { Producer } from 'kafkajs';
import { ApiClient, credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import {
  AUTH_API,
  EVENT_HEADERS,
  GATEWAY_PORT,
  ROLE_CODES,
  StudyImportedV1,
  type StudyImportedPayload,
} from '@rayworks/contracts';
import { eventually, everyRoleTenant, provisionTenant, tenantQuery, testKafka, TEST_PASSWORD } from '@rayworks/testing';
import type { EveryRoleTenant } from '@rayworks/testing';

/**
 * Helpers of the reports' integration tests: the typed client at the gateway, a company of its own with a second
 * typist of centre c1, studies arriving as imaging publishes them, events replayed as a relay sends them.
 */
export const base = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}`;
export const api = new ApiClient({ baseUrl: base });

export interface ReportsTenant extends EveryRoleTenant {
  loginOf: (who: string) => string;
}

/** everyRoleTenant plus a second TYPIST of centre c1 (login `<name>.typist2`). */
export async function reportsTenant(label: string): Promise<ReportsTenant> {
  const t = await everyRoleTenant(label);
  const loginName = `${t.name}.typist2`;
  const spec = {
    ...t.spec,
    users: [
      ...(t.spec.users ?? []),
      {
        loginName,
        firstName: 'typist two',
        lastName: t.name,
        email: `${loginName}@test.rayworks.local`,
        role: ROLE_CODES.TYPIST,
        centres: ['c1'],
        password: TEST_PASSWORD,
        resetPassword: false,
      },
    ],
  };
  const provisioned = await provisionTenant(spec);
  return { ...t, ...provisioned, spec, loginOf: (who: string) => `${t.name}.${who}` };
}

export async function signIn(t: ReportsTenant, who: string): Promise<Credentials> {
  return credentialsOf(await api.call(AUTH_API.login, {}, { headers: loginHeaders(t.loginOf(who), TEST_PASSWORD) }));
}

/** Waits until the cases service's read model knows these users (from auth's user events). */
export async function usersKnown(tenantId: string, userIds: readonly string[]): Promise<void> {
  await eventually(
    () =>
      tenantQuery<{ n: number }>(tenantId, `SELECT count(*)::int AS n FROM cases.users WHERE id = ANY($1)`, [userIds]),
    (rows) => rows[0]!.n === userIds.length,
    { what: 'the users in the cases read model', timeoutMs: 60_000 },
  );
}

/** A Kafka producer that sends envelopes exactly as the outbox relays do. */
export class Events {
  private producer?: Producer;

  async start(): Promise<void> {
    this.producer = testKafka().producer({ idempotent: true, maxInFlightRequests: 1 });
    await this.producer.connect();
  }

  async stop(): Promise<void> {
    await this.producer?.disconnect();
  }

  async send(topic: string, key: string, envelope: Record<string, unknown> & { type: string; version: number }) {
    await this.producer!.send({
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

  async studyImported(tenantId: string, payload: StudyImportedPayload): Promise<void> {
    const id = randomUUID();
    await this.send(StudyImportedV1.topic, payload.studyInstanceUid, {
      id,
      type: StudyImportedV1.type,
      version: StudyImportedV1.version,
      occurredAt: new Date().toISOString(),
      tenantId,
      actor: { type: 'service', id: 'imaging-test' },
      correlationId: `it-${id}`,
      causationId: null,
      payload: StudyImportedV1.schema.parse(payload),
    });
  }
}

let counter = 0;
/** A study of its own arriving at centre c1 of the tenant; answers the case the cases service made of it. */
export async function arrive(events: Events, t: ReportsTenant, patientName = 'REPORT^PATIENT'): Promise<string> {
  counter += 1;
  const studyInstanceUid = `1.2.826.0.1.3680043.10.1212.${Date.now()}.${process.pid}.${counter}`;
  await events.studyImported(t.tenantId, {
    studyInstanceUid,
    groupId: t.groups.g!,
    centreId: t.centres.c1!,
    patientName,
    patientId: `RP${counter}${Math.floor(Math.random() * 1e6)}`,
    accessionNumber: `ACC${counter}`,
    studyId: '1',
    modality: 'CT',
    modalities: ['CT'],
    studyDate: '20261101',
    seriesCount: 1,
    instanceCount: 3,
    instancesAdded: 3,
  });
  const rows = await eventually(
    () =>
      tenantQuery<{ id: string }>(t.tenantId, `SELECT id FROM cases.cases WHERE study_instance_uid = $1`, [
        studyInstanceUid,
      ]),
    (r) => r.length > 0,
    { what: `the case of study ${studyInstanceUid}`, timeoutMs: 60_000 },
  );
  return rows[0]!.id;
}

/** The types of the events a service wrote for a case, in order (its outbox, key = case id). */
export async function outboxTypes(schema: 'cases' | 'reporting', tenantId: string, caseId: string): Promise<string[]> {
  const rows = await tenantQuery<{ type: string }>(
    tenantId,
    `SELECT envelope->>'type' AS type FROM ${schema}.outbox WHERE message_key = $1 ORDER BY id`,
    [caseId],
  );
  return rows.map((r) => r.type);
}

/** A small PNG (a grey stroke on white), as a profile signature. */
export function signaturePng(): Buffer {
  const width = 64;
  const height = 16;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width, 255);
    row[0] = 0;
    for (let x = 0; x < width; x++) if (Math.abs(y - 8 - Math.round(4 * Math.sin(x / 5))) <= 1) row[1 + x] = 40;
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Gives the signed-in user a signature image in their profile (presigned PUT, then /profile/signature). */
export async function uploadSignature(session: Credentials): Promise<string> {
  const png = signaturePng();
  const { uploadUrl, fileID } = await api.call(
    AUTH_API.signatureUploadUrl,
    { contentType: 'image/png', size: png.length },
    { session },
  );
  const put = await fetch(uploadUrl, { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: png });
  if (!put.ok) throw new Error(`signature upload answered ${put.status}`);
  await api.call(AUTH_API.setSignature, { fileID }, { session });
  return fileID;
}
