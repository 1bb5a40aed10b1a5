import { readFile, stat } from 'node:fs/promises';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import type { Consumer } from 'kafkajs';
import { ApiClient, credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import {
  AUTH_API,
  GATEWAY_PORT,
  IMAGING_API,
  TOPICS,
  type EventEnvelope,
  type StudyImport,
  type StudyImportedPayload,
} from '@rayworks/contracts';
import { StorageService } from '@rayworks/nest-kit';
import { eventually, infraEnv, tenantQuery, testKafka, TEST_PASSWORD, uniqueSuffix } from '@rayworks/testing';

/** The import calls through the real gateway, as the console makes them (libs/api-client). */
export const base = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}`;
export const client = new ApiClient({ baseUrl: base });

export interface Caller {
  credentials: Credentials;
  /** Absent for a user of an individual centre (no group). */
  groupId: string | undefined;
  centreId: string;
  userId: string;
}

/** Signs a user in; `groupId`/`centreId` are the user's group and first centre (what the import screen sends). */
export async function signIn(loginName: string): Promise<Caller> {
  const session = await client.call(AUTH_API.login, {}, { headers: loginHeaders(loginName, TEST_PASSWORD) });
  return {
    credentials: credentialsOf(session),
    groupId: session.groupID ?? undefined,
    centreId: session.centerID[0]!,
    userId: session._id,
  };
}

export const storage = new StorageService(infraEnv().s3);

/** The keys of every object under a prefix. */
export async function keysUnder(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let token: string | undefined;
  do {
    const out = await storage.client.send(
      new ListObjectsV2Command({ Bucket: storage.bucket, Prefix: prefix, ContinuationToken: token }),
    );
    for (const o of out.Contents ?? []) if (o.Key) keys.push(o.Key);
    token = out.IsTruncated ? out.NextContinuationToken : undefined;
  } while (token);
  return keys.sort();
}

export interface StartedImport {
  importId: string;
  query: { groupId?: string; centerId: string; source: 'R2'; studyId: string };
}

/** Asks for the upload, PUTs the zip (one PUT, or its parts and the completion), and triggers processing. */
export async function uploadAndTrigger(caller: Caller, zipPath: string, studyId: string): Promise<StartedImport> {
  const started = await uploadOnly(caller, zipPath, studyId);
  await client.call(
    IMAGING_API.initDownloadZip,
    { ...started.query, importId: started.importId },
    { session: caller.credentials },
  );
  return started;
}

/** Asks for the upload and PUTs the zip (one PUT, or its parts and the completion), without the trigger. */
export async function uploadOnly(caller: Caller, zipPath: string, studyId: string): Promise<StartedImport> {
  const query = {
    ...(caller.groupId ? { groupId: caller.groupId } : {}),
    centerId: caller.centreId,
    source: 'R2' as const,
    studyId,
  };
  const size = (await stat(zipPath)).size;
  const plan = await client.call(IMAGING_API.presignedUrl, { ...query, size }, { session: caller.credentials });
  const zip = await readFile(zipPath);
  if (plan.presignedUrl) {
    const put = await fetch(plan.presignedUrl, {
      method: 'PUT',
      headers: { 'content-type': 'application/zip' },
      body: zip,
    });
    if (put.status !== 200) throw new Error(`upload answered ${put.status}: ${await put.text()}`);
  } else {
    const { partSize, urls } = plan.parts!;
    const parts = [];
    for (const { partNumber, url } of urls) {
      const put = await fetch(url, {
        method: 'PUT',
        body: zip.subarray((partNumber - 1) * partSize, partNumber * partSize),
      });
      if (put.status !== 200) throw new Error(`part ${partNumber} answered ${put.status}: ${await put.text()}`);
      parts.push({ partNumber, etag: put.headers.get('etag')! });
    }
    await client.call(IMAGING_API.completeUpload, { importId: plan.importId, parts }, { session: caller.credentials });
  }
  return { importId: plan.importId, query };
}

/** The import once it has finished (COMPLETED or FAILED). */
export function finished(caller: Caller, importId: string, timeoutMs = 60_000): Promise<StudyImport> {
  return eventually(
    () => client.call(IMAGING_API.getImport, { importId }, { session: caller.credentials }),
    (i) => i.state === 'COMPLETED' || i.state === 'FAILED',
    { what: `import ${importId} finished`, timeoutMs, intervalMs: 250 },
  );
}

export async function importZip(caller: Caller, zipPath: string, studyId: string): Promise<StudyImport> {
  const { importId } = await uploadAndTrigger(caller, zipPath, studyId);
  return finished(caller, importId);
}

/** The StudyImported events of one tenant on the real topic, read by a consumer group of this test. */
export class StudyImportedEvents {
  readonly seen: EventEnvelope<StudyImportedPayload>[] = [];
  private consumer: Consumer | null = null;

  constructor(private readonly tenantId: string) {}

  async start(): Promise<void> {
    this.consumer = testKafka().consumer({ groupId: `it-imaging-import-${uniqueSuffix()}` });
    await this.consumer.connect();
    await this.consumer.subscribe({ topic: TOPICS.imagingStudy, fromBeginning: true });
    await this.consumer.run({
      eachMessage: async ({ message }) => {
        const envelope = JSON.parse(message.value!.toString()) as EventEnvelope<StudyImportedPayload>;
        if (envelope.tenantId === this.tenantId && envelope.type === 'StudyImported') this.seen.push(envelope);
      },
    });
  }

  of(studyInstanceUid: string): EventEnvelope<StudyImportedPayload>[] {
    return this.seen.filter((e) => e.payload.studyInstanceUid === studyInstanceUid);
  }

  async stop(): Promise<void> {
    await this.consumer?.disconnect();
  }
}

/** StudyImported events of a study written to imaging's outbox (what reaches Kafka, counted at the source). */
export async function outboxEvents(tenantId: string, studyInstanceUid: string): Promise<number> {
  const rows = await tenantQuery<{ n: number }>(
    tenantId,
    `SELECT count(*)::int AS n FROM imaging.outbox
      WHERE envelope->>'type' = 'StudyImported' AND envelope->>'tenantId' = $1 AND message_key = $2`,
    [tenantId, studyInstanceUid],
  );
  return rows[0]!.n;
}

/** The archive's rows of one study: the study, its series and instances. */
export async function archiveRows(tenantId: string, studyInstanceUid: string) {
  const studies = await tenantQuery<{
    id: string;
    state: string;
    series_count: number;
    instance_count: number;
    modalities: string[];
    patient_name: string;
    group_id: string | null;
    centre_id: string | null;
  }>(
    tenantId,
    `SELECT id, state, series_count, instance_count, modalities, patient_name, group_id, centre_id
       FROM imaging.studies WHERE study_instance_uid = $1`,
    [studyInstanceUid],
  );
  const instances = await tenantQuery<{ sop_instance_uid: string; storage_key: string; series_instance_uid: string }>(
    tenantId,
    `SELECT i.sop_instance_uid, i.storage_key, se.series_instance_uid
       FROM imaging.instances i JOIN imaging.series se ON se.id = i.series_id
       JOIN imaging.studies st ON st.id = i.study_id
      WHERE st.study_instance_uid = $1 ORDER BY i.sop_instance_uid`,
    [studyInstanceUid],
  );
  return { study: studies[0] ?? null, instances };
}
