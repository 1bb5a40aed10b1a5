import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { Inject, Injectable } from '@nestjs/common';
import {
  MaxFileSizeExceededError,
  MaxPartsExceededError,
  MaxTotalSizeExceededError,
  MultipartParseError,
  parseMultipartStream,
} from '@remix-run/multipart-parser/node';
import type { DicomJsonObject } from '@rayworks/contracts';
import type { Logger } from 'pino';
import { companyOf, LOGGER, type RequestAccess } from '@rayworks/nest-kit';
import { IngestPlacement } from '../directory/ingest-placement.js';
import { IMAGING_ENV, type ImagingEnv } from '../../config/env.js';
import { ArchiveIngestService, type Ingested, type IngestScope } from '../studies/archive-ingest.service.js';
import { dicomwebUrls } from './dicomweb-paths.js';
import { fromFirstDelimiter, MultipartPreambleError, multipartRelatedOf } from './multipart.js';
import { TAGS } from './qido-params.js';

/** STOW-RS limits: one instance (one part) and one request; parts beyond are refused as the body arrives. */
export const STOW_LIMITS = {
  maxInstanceBytes: 1024 ** 3,
  maxRequestBytes: 20 * 1024 ** 3,
  maxParts: 100_000,
  maxPartHeaderBytes: 8 * 1024,
} as const;

/** A batch of parts closes at this many bytes (or INGEST_BATCH_INSTANCES parts), whichever comes first. */
const BATCH_BYTES = 32 * 1024 ** 2;

/** FailureReason (0008,1197) codes of a STOW-RS answer (PS3.18 10.5.3, PS3.4 Annex B.2.3). */
export const FAILURE_REASONS = {
  /** Processing failure. */
  processingFailure: 0x0110,
  /** Refused: not authorized (the study is another centre's). */
  notAuthorized: 0x0124,
  /** Error: data set does not match SOP Class — used for an instance of another study than the target. */
  studyMismatch: 0xa900,
  /** Error: cannot understand (not DICOM, a header that does not parse). */
  cannotUnderstand: 0xc000,
  /** Refused: out of resources (a part over the size limit). */
  outOfResources: 0xa700,
} as const;

export class StowRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

interface Stored {
  sopClassUid: string;
  sopInstanceUid: string;
  studyUid: string;
  seriesUid: string;
}
interface Failed {
  sopClassUid: string | null;
  sopInstanceUid: string | null;
  reason: number;
  /** Why, in words: logged (DICOM JSON has no standard place for it beside FailureReason). */
  why: string;
}

/**
 * STOW-RS (PS3.18 10.5): the body (multipart/related; type="application/dicom") is read as a stream, one part at a
 * time (never the whole request in memory); each part goes through the archive's one way in, with the import's
 * checks and its one rule (ArchiveIngestService.ingest: DICM marker, header parsed in a thread with a time limit, an
 * existing study or instance only in the caller's reach — else 0124, naming nothing of it —, preamble zeroed), after
 * a check that its study is the target (`/studies/{uid}`); then `finish` marks the studies imported with one
 * StudyImported event each. The answer lists what was stored and what failed and why.
 */
@Injectable()
export class StowService {
  constructor(
    @Inject(IngestPlacement) private readonly placement: IngestPlacement,
    @Inject(ArchiveIngestService) private readonly ingest: ArchiveIngestService,
    @Inject(LOGGER) private readonly logger: Logger,
    @Inject(IMAGING_ENV) env: Pick<ImagingEnv, 'INGEST_BATCH_INSTANCES'>,
  ) {
    this.batchSize = env.INGEST_BATCH_INSTANCES;
  }

  private readonly batchSize: number;

  /**
   * Whom the instances are imported for: the caller's group and first centre in reach (docs/decisions/0105), a
   * centre of the caller's company (IngestPlacement), and the request's reach — the studies its instances may join.
   */
  async scopeOf(access: RequestAccess): Promise<IngestScope> {
    const p = access.principal;
    const placement = await this.placement.forStow(access);
    return {
      tenantId: companyOf(p),
      ...placement,
      reach: { empty: access.empty, groupFilter: access.groupFilter, centreFilter: access.centreFilter },
      importId: randomUUID(),
      userId: p.userId,
    };
  }

  async store(
    access: RequestAccess,
    targetStudy: string | null,
    req: IncomingMessage,
  ): Promise<{ status: number; body: DicomJsonObject }> {
    const related = multipartRelatedOf(req.headers['content-type']);
    if (!related || (related.type !== null && related.type !== 'application/dicom'))
      throw new StowRequestError(
        415,
        `STOW-RS takes multipart/related; type="application/dicom", not ${String(req.headers['content-type']).slice(0, 100)}.`,
      );
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > STOW_LIMITS.maxRequestBytes)
      throw new StowRequestError(413, `The request passes ${STOW_LIMITS.maxRequestBytes} bytes.`);
    const scope = { ...(await this.scopeOf(access)), targetStudy };
    const stored: Stored[] = [];
    const failed: Failed[] = [];
    // each part joins the sender's shared batches as it arrives (ArchiveIngestService.ingestShared;
    // docs/decisions/0327-stow-shared-batches.md): the first goes at once, the parts that arrive while a batch is
    // stored go together as the next; at most INGEST_BATCH_INSTANCES parts (or BATCH_BYTES) of this request wait
    let waiting: { done: Promise<void>; bytes: number }[] = [];
    let waitingBytes = 0;
    const settle = async () => {
      const first = waiting.shift();
      if (!first) return;
      waitingBytes -= first.bytes;
      await first.done;
    };
    const send = (bytes: Uint8Array) => {
      const done = this.ingest.ingestShared(scope, [bytes]).then(
        (ingested) => this.record(ingested, stored, failed),
        (error: unknown) =>
          // the batch failed as a whole (the database): the part is a processing failure
          void failed.push({
            sopClassUid: null,
            sopInstanceUid: null,
            reason: FAILURE_REASONS.processingFailure,
            why: (error as Error).message,
          }),
      );
      waiting.push({ done, bytes: bytes.byteLength });
      waitingBytes += bytes.byteLength;
    };
    try {
      const body = Readable.from(fromFirstDelimiter(req, related.boundary), { objectMode: false });
      for await (const part of parseMultipartStream(body, {
        boundary: related.boundary,
        maxFileSize: STOW_LIMITS.maxInstanceBytes,
        maxTotalSize: STOW_LIMITS.maxRequestBytes,
        maxParts: STOW_LIMITS.maxParts,
        maxHeaderSize: STOW_LIMITS.maxPartHeaderBytes,
      })) {
        const type = (part.headers['content-type'] ?? 'application/dicom').split(';')[0]!.trim().toLowerCase();
        if (type !== 'application/dicom') {
          failed.push({
            sopClassUid: null,
            sopInstanceUid: null,
            reason: FAILURE_REASONS.cannotUnderstand,
            why: `a part of type ${type}`,
          });
          continue;
        }
        send(part.bytes);
        while (waiting.length >= this.batchSize || waitingBytes >= BATCH_BYTES) await settle();
      }
    } catch (error) {
      if (error instanceof MaxTotalSizeExceededError)
        throw new StowRequestError(413, `The request passes ${STOW_LIMITS.maxRequestBytes} bytes.`);
      if (error instanceof MaxFileSizeExceededError || error instanceof MaxPartsExceededError)
        throw new StowRequestError(413, error.message);
      if (error instanceof MultipartParseError || error instanceof MultipartPreambleError)
        throw new StowRequestError(400, `The multipart body: ${error.message}`);
      throw error;
    } finally {
      // what was sent is stored (or failed) before the finish, whatever ended the body
      await Promise.all(waiting.map((w) => w.done));
      waiting = [];
      const studies = [...new Set(stored.map((s) => s.studyUid))];
      if (studies.length) await this.ingest.finish(scope, studies);
    }
    if (failed.length)
      this.logger.warn(
        {
          importId: scope.importId,
          failed: failed.map((f) => ({ sop: f.sopInstanceUid, reason: f.reason, why: f.why })),
        },
        'STOW-RS: instances not stored',
      );
    if (stored.length === 0 && failed.length === 0)
      throw new StowRequestError(400, 'The multipart body holds no instance.');
    return {
      status: failed.length === 0 ? 200 : stored.length === 0 ? 409 : 202,
      body: answer(targetStudy, stored, failed),
    };
  }

  /** What became of each part: stored (or already there: the caller's), or failed with its FailureReason. */
  private record(done: Ingested[], stored: Stored[], failed: Failed[]): void {
    for (const { outcome, header } of done) {
      const ids = {
        sopClassUid: header?.sopClassUid ?? null,
        sopInstanceUid: header?.sopInstanceUid ?? null,
      };
      switch (outcome.kind) {
        case 'stored':
        case 'existing':
          stored.push({
            sopClassUid: outcome.sopClassUid,
            sopInstanceUid: outcome.sopInstanceUid,
            studyUid: outcome.studyInstanceUid,
            seriesUid: outcome.seriesInstanceUid,
          });
          break;
        case 'otherStudy':
          failed.push({ ...ids, reason: FAILURE_REASONS.studyMismatch, why: outcome.reason });
          break;
        case 'outOfReach':
          // the one ingest rule (docs/decisions/0203): another centre's study, or an instance of one, is not named
          failed.push({ ...ids, reason: FAILURE_REASONS.notAuthorized, why: outcome.reason });
          break;
        case 'refused':
          failed.push({ ...ids, reason: FAILURE_REASONS.cannotUnderstand, why: outcome.reason });
          break;
        case 'failed':
          failed.push({ ...ids, reason: FAILURE_REASONS.processingFailure, why: outcome.reason });
          break;
      }
    }
  }
}

/** The STOW-RS answer (PS3.18 Table 10.5.3-1): RetrieveURL, ReferencedSOPSequence, FailedSOPSequence. */
function answer(targetStudy: string | null, stored: Stored[], failed: Failed[]): DicomJsonObject {
  const body: DicomJsonObject = {};
  const studies = [...new Set(stored.map((s) => s.studyUid))];
  const study = targetStudy ?? (studies.length === 1 ? studies[0]! : null);
  if (study) body[TAGS.RetrieveURL] = { vr: 'UR', Value: [dicomwebUrls.study(study)] };
  if (failed.length)
    body[TAGS.FailedSOPSequence] = {
      vr: 'SQ',
      Value: failed.map((f) => ({
        [TAGS.ReferencedSOPClassUID]: f.sopClassUid ? { vr: 'UI', Value: [f.sopClassUid] } : { vr: 'UI' },
        [TAGS.ReferencedSOPInstanceUID]: f.sopInstanceUid ? { vr: 'UI', Value: [f.sopInstanceUid] } : { vr: 'UI' },
        [TAGS.FailureReason]: { vr: 'US', Value: [f.reason] },
      })),
    };
  if (stored.length)
    body[TAGS.ReferencedSOPSequence] = {
      vr: 'SQ',
      Value: stored.map((s) => ({
        [TAGS.ReferencedSOPClassUID]: { vr: 'UI', Value: [s.sopClassUid] },
        [TAGS.ReferencedSOPInstanceUID]: { vr: 'UI', Value: [s.sopInstanceUid] },
        [TAGS.RetrieveURL]: { vr: 'UR', Value: [dicomwebUrls.instance(s.studyUid, s.seriesUid, s.sopInstanceUid)] },
      })),
    };
  return body;
}
