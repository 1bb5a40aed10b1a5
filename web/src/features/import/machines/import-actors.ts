import { IMAGING_API } from '@rayworks/contracts';
import {
  DicomParseError,
  IMPORT_MESSAGES,
  IMPORT_SOURCE,
  IMPORT_ZIP_LEVEL,
  planImport,
  readStudyMetadata,
  type ImportPlan,
} from '@rayworks/dicom';
import type {
  ImportEvent,
  ImportFailure,
  ImportPickedFile,
  ImportTriggerInput,
  ImportUploadInput,
  ImportValidated,
  ImportZipInput,
  ImportZipStream,
} from '@rayworks/lifecycles';
import { fromCallback, fromPromise } from 'xstate';
import { ApiCallError, callApi } from '../../../api/client';
import { uploadParts, uploadStreamedParts, type PartPlan } from './part-uploader';
import { runPool } from './pool';
import { UploadError } from '../../../shared/upload/upload-error';
import { presignedPut } from '../../../shared/upload/presigned-put';
import { seriesKey, seriesSummaryOf, type SeriesSummary } from './series-summary';
import { zipStudy } from './zip-study';
import { ZipSpool, zipSizeBound } from './zip-spool';

/** Where the import goes (spec §7): the user's group and first centre. */
export interface ImportTarget {
  /** Absent for a centre of no group. */
  groupId?: string;
  centerId: string;
}

/** Bytes read of each file to check its DICM marker (spec §5: bytes 128–132). */
const HEAD_BYTES = 132;
/** Bytes read of the first file for its metadata (the header before the pixel data fits in far less). */
const METADATA_BYTES = 1024 * 1024;

/** The last three segments of a path: Study/Series/instance.dcm (the zip never carries the user's folder names). */
export const zipPath = (path: string): string =>
  path
    .split(/[\\/]+/)
    .filter(Boolean)
    .slice(-3)
    .join('/');

/** What the screen learns from validation besides the machine's context: the plan (tree) and the preview file. */
export interface ValidationReport {
  plan: Extract<ImportPlan, { ok: true }>;
  /** The files the screen tries to preview, in order: the middle instance of each series (at most 5). */
  previewFiles: Blob[];
  /** Each series' descriptions, modality, date and UIDs from its first file's header, by `seriesKey`. */
  series: Record<string, SeriesSummary>;
}

/** Reads the header of each series' first file (the start of the file is enough): the tree's study and series lines. */
async function seriesSummaries(
  accepted: readonly { path: string; study: string; series: string }[],
  byPath: ReadonlyMap<string, ImportPickedFile>,
): Promise<Record<string, SeriesSummary>> {
  const first = new Map<string, string>();
  for (const f of accepted)
    if (!first.has(seriesKey(f.study, f.series))) first.set(seriesKey(f.study, f.series), f.path);
  const found: Record<string, SeriesSummary> = {};
  await runPool(
    [...first],
    async ([key, path]) => {
      const file = byPath.get(path)?.file;
      if (!file) return;
      const summary = seriesSummaryOf(new Uint8Array(await file.slice(0, METADATA_BYTES).arrayBuffer()));
      if (summary) found[key] = summary;
    },
    { concurrency: 4 },
  );
  return found;
}

/** The middle instance of each series, first series first (a compressed one is skipped by the preview). */
function previewCandidates(
  accepted: readonly { path: string; study: string; series: string }[],
  byPath: ReadonlyMap<string, ImportPickedFile>,
): Blob[] {
  const bySeries = new Map<string, string[]>();
  for (const file of accepted) {
    const key = `${file.study}/${file.series}`;
    bySeries.set(key, [...(bySeries.get(key) ?? []), file.path]);
  }
  return [...bySeries.values()]
    .slice(0, 5)
    .map((paths) => byPath.get(paths[Math.floor(paths.length / 2)]!)?.file)
    .filter((file): file is Blob => file !== undefined);
}

const failureOf = (error: unknown): ImportFailure => {
  if (error instanceof UploadError)
    return error.kind === 'status' ? { kind: 'status', status: error.status ?? 0 } : { kind: 'network' };
  if (error instanceof ApiCallError) {
    if (error.status === null) return { kind: 'network' };
    return { kind: 'status', status: error.status ?? 0 };
  }
  return { kind: 'other', detail: error instanceof Error ? error.message : String(error) };
};

const aborted = (error: unknown) => error instanceof UploadError && error.kind === 'aborted';

/**
 * The import machine's actors (libs/lifecycles importMachine), implemented with the browser's files, zip.js's
 * worker pool, XHR uploads to the object store and the imaging API. `onValidated` hands the screen the plan
 * (for the tree) and the preview file; `multipart` remembers a multipart upload so that Retry resumes it.
 */
export function importActors(target: ImportTarget, onValidated: (report: ValidationReport) => void) {
  /** The last multipart upload, kept so that a retry of the same zip resumes instead of starting again. */
  let lastUpload: { zip: Blob; importId: string; plan: PartPlan } | null = null;
  /** The last streamed upload (started while zipping), kept so that a retry sends only the parts not yet stored. */
  let lastStreamed: { stream: ImportZipStream; importId: string; partSize: number; done: Map<number, string> } | null =
    null;

  const validate = fromPromise<ImportValidated, { files: readonly ImportPickedFile[] }>(async ({ input }) => {
    const byPath = new Map(input.files.map((f) => [f.path, f]));
    const candidates: { path: string; size: number; head?: Uint8Array }[] = input.files.map((f) => ({
      path: f.path,
      size: f.size,
    }));
    await runPool(
      candidates,
      async (candidate) => {
        const file = byPath.get(candidate.path)?.file;
        if (file && candidate.size >= HEAD_BYTES)
          candidate.head = new Uint8Array(await file.slice(0, HEAD_BYTES).arrayBuffer());
      },
      { concurrency: 16 },
    );
    const plan = planImport(candidates);
    if (!plan.ok) throw new Error(plan.message);
    const first = byPath.get(plan.accepted[0]!.path)!;
    let metadata;
    try {
      const bytes = new Uint8Array(await first.file!.slice(0, METADATA_BYTES).arrayBuffer());
      try {
        metadata = readStudyMetadata(bytes);
      } catch (error) {
        if (!(error instanceof DicomParseError) || first.size <= METADATA_BYTES) throw error;
        metadata = readStudyMetadata(new Uint8Array(await first.file!.arrayBuffer()));
      }
    } catch {
      throw new Error(IMPORT_MESSAGES.parseError);
    }
    onValidated({
      plan,
      previewFiles: previewCandidates(plan.accepted, byPath),
      series: await seriesSummaries(plan.accepted, byPath),
    });
    return {
      files: plan.accepted.map((f) => byPath.get(f.path)!),
      studyId: plan.studyId,
      skipped: plan.skipped.length,
      metadata: {
        patientName: metadata.patientName,
        modality: metadata.modality,
        studyDate: metadata.studyDate,
        studyId: metadata.studyId,
      },
    };
  });

  const zip = fromCallback<ImportEvent, ImportZipInput>(({ input, sendBack }) => {
    const controller = new AbortController();
    const sources = input.files.map((f) => ({ file: f.file!, path: zipPath(f.path) }));
    const spool = new ZipSpool(zipSizeBound(sources.map((s) => ({ size: s.file.size, path: s.path }))));
    // the zip as it is written: Import may start now and upload its parts as they are ready (decision 0365)
    sendBack({ type: 'import.zipStream', stream: spool });
    controller.signal.addEventListener('abort', () => spool.fail(new UploadError('aborted')));
    zipStudy(sources, spool, {
      level: IMPORT_ZIP_LEVEL,
      signal: controller.signal,
      onProgress: (percent) => sendBack({ type: 'import.zipProgress', percent }),
    }).then(
      (blob) => sendBack({ type: 'import.zipped', zip: blob }),
      (error: unknown) => {
        if (!controller.signal.aborted) sendBack({ type: 'import.zipFailed', failure: failureOf(error) });
      },
    );
    return () => controller.abort();
  });

  const query = (studyId: string) => ({ ...target, source: IMPORT_SOURCE as typeof IMPORT_SOURCE, studyId });

  const upload = fromCallback<ImportEvent, ImportUploadInput>(({ input, sendBack }) => {
    const controller = new AbortController();
    const { signal } = controller;
    const progress = (sent: number, total: number) =>
      sendBack({ type: 'import.uploadProgress', percent: total > 0 ? (sent / total) * 100 : 0 });
    const put = async (partUrl: string, body: Blob, onProgress: (loaded: number) => void, partSignal?: AbortSignal) => {
      const { etag } = await presignedPut(partUrl, body, { onProgress, signal: partSignal });
      if (!etag) throw new UploadError('status', 0);
      return etag;
    };
    /** The upload that started while the zip is written: parts signed and sent as the zip grows (decision 0365). */
    const streamed = async (stream: ImportZipStream) => {
      let session = lastStreamed && lastStreamed.stream === stream ? lastStreamed : null;
      const resuming = session !== null;
      if (!session) {
        const { data } = await callApi(IMAGING_API.startStreamedUpload, {
          body: { ...query(input.studyId), maxSize: stream.maxSize },
          signal,
        });
        session = { stream, importId: data.importId, partSize: data.partSize, done: new Map() };
        lastStreamed = session;
      }
      const { importId } = session;
      sendBack({ type: 'import.uploadCreated', importId });
      const { parts, size } = await uploadStreamedParts(
        stream,
        session.partSize,
        {
          put,
          partUrl: async (partNumber, partBytes) =>
            (await callApi(IMAGING_API.uploadPartUrl, { body: { importId, partNumber, size: partBytes }, signal })).data
              .url,
          listUploaded: async () =>
            (await callApi(IMAGING_API.uploadedParts, { body: { importId }, signal })).data.parts,
          wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
        },
        { signal, onProgress: progress, done: session.done, resumeFirst: resuming },
      );
      await callApi(IMAGING_API.completeUpload, { body: { importId, parts, size }, signal });
      lastStreamed = null;
      sendBack({ type: 'import.uploaded', importId });
    };
    const run = async () => {
      if (input.stream && (input.zip === null || lastStreamed?.stream === input.stream)) return streamed(input.stream);
      if (!input.zip) throw new Error('no zip to upload');
      const zip = input.zip;
      let importId: string;
      let plan: PartPlan | null;
      let url: string | null = null;
      if (lastUpload && lastUpload.zip === zip) {
        ({ importId, plan } = lastUpload);
      } else {
        const { data } = await callApi(IMAGING_API.presignedUrl, {
          body: { ...query(input.studyId), size: zip.size },
          signal,
        });
        importId = data.importId;
        plan = data.parts;
        url = data.presignedUrl;
        lastUpload = plan ? { zip: zip, importId, plan } : null;
      }
      sendBack({ type: 'import.uploadCreated', importId });
      if (plan) {
        const resuming = url === null;
        const parts = await uploadParts(
          zip,
          plan,
          {
            put,
            listUploaded: async () =>
              (await callApi(IMAGING_API.uploadedParts, { body: { importId }, signal })).data.parts,
            wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
          },
          { signal, onProgress: progress, ...(resuming ? { resumeFirst: true } : {}) },
        );
        await callApi(IMAGING_API.completeUpload, { body: { importId, parts }, signal });
      } else if (url) {
        await presignedPut(url, zip, {
          contentType: 'application/zip',
          signal,
          onProgress: (loaded) => progress(loaded, zip.size),
        });
      }
      lastUpload = null;
      sendBack({ type: 'import.uploaded', importId });
    };
    run().catch((error: unknown) => {
      if (signal.aborted || aborted(error)) return;
      sendBack({ type: 'import.uploadFailed', failure: failureOf(error) });
    });
    return () => controller.abort();
  });

  const trigger = fromPromise<unknown, ImportTriggerInput>(async ({ input, signal }) => {
    try {
      return (
        await callApi(IMAGING_API.initDownloadZip, {
          body: { ...query(input.studyId), importId: input.importId },
          signal,
        })
      ).data;
    } catch (error) {
      throw Object.assign(new Error(IMPORT_MESSAGES.importFailed), { failure: failureOf(error) });
    }
  });

  /** Cancel after the server made an import: abandon it (its upload is removed); a failure here changes nothing. */
  const abandon = (importId: string | null) => {
    lastUpload = null;
    lastStreamed = null;
    if (importId) void callApi(IMAGING_API.cancelImport, { body: { importId } }).catch(() => undefined);
  };

  return { actors: { validate, zip, upload, trigger }, abandon };
}
