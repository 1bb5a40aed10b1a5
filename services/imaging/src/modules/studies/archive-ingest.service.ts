import { Readable } from 'node:stream';
import { Upload } from '@aws-sdk/lib-storage';
import { Inject, Injectable } from '@nestjs/common';
import { IMPORT_CALL_MESSAGES, imagingStorageKeys, StudyImportedV1, type EventActor } from '@rayworks/contracts';
import { hasDicmMarker, IMPORT_MESSAGES, zeroPreamble } from '@rayworks/dicom';
import { StorageService, UnitOfWork, type ChangeTx, type TenantScope } from '@rayworks/nest-kit';
import { ArchiveRepository, type IndexedInstance, type IngestReach } from './archive.repository.js';
import { HeaderParser } from './header-parser.js';
import type { HeaderParseResult } from './header-parse.worker.js';
import type { ParsedInstance } from './parsed-instance.js';
import { EncapsulatedExtent } from './pixel-extent.js';
import { IMAGING_ENV, type ImagingEnv } from '../../config/env.js';

/**
 * Whom an ingest works for: the tenant, the group and centre new studies are imported for, the sender's reach (the
 * studies it may add instances to), the import, the user.
 */
export interface IngestScope {
  tenantId: string;
  groupId: string | null;
  centreId: string | null;
  /** The sender's reach: a STOW-RS caller's request, or the reach of the user who asked for a zip's upload. */
  reach: IngestReach;
  /** The import (imaging.imports.id, or a STOW-RS request's own id): what it added is known by it. */
  importId: string;
  userId: string | null;
  /** STOW-RS to `/studies/{uid}`: an instance of another study is not stored ('otherStudy'). */
  targetStudy?: string | null;
}

/**
 * What became of one file: stored now, already in the archive (nothing written), refused with a clear reason, or
 * refused because its study (or the instance itself) is another centre's — which names nothing of that study.
 */
export type IngestOutcome =
  | ({ kind: 'stored' } & IndexedInstance)
  | ({ kind: 'existing' } & IndexedInstance)
  | { kind: 'refused'; reason: string }
  | { kind: 'outOfReach'; reason: string }
  /** Of another study than the scope's target (STOW-RS to `/studies/{uid}`): nothing stored. */
  | { kind: 'otherStudy'; reason: string }
  /** Not stored for a reason of the platform (the object store failed): the caller retries or reports it. */
  | { kind: 'failed'; reason: string; error: unknown };

/** One file ingested: its outcome, and its parsed header (null when it did not parse). */
export interface Ingested {
  outcome: IngestOutcome;
  header: ParsedInstance | null;
}

interface Lane {
  scope: IngestScope;
  /** Batches of the lane being ingested now (at most LANE_DRAINS). */
  running: number;
  queue: { bytes: Uint8Array; importId: string; resolve: (done: Ingested) => void; reject: (error: unknown) => void }[];
}

const OUT_OF_REACH: IngestOutcome = { kind: 'outOfReach', reason: IMPORT_CALL_MESSAGES.studyOutOfReach };
const SWEEPER: EventActor = { type: 'service', id: 'imaging.upload-sweeper' };
const MiB = 1024 * 1024;
/** The head of a streamed instance that is parsed: its header (up to its Pixel Data element) must end within it. */
export const STREAMED_HEAD_BYTES = 16 * MiB;
/** A streamed instance is uploaded in parts of this size, at most UPLOAD_QUEUE at once. */
const UPLOAD_PART_BYTES = 8 * MiB;
const UPLOAD_QUEUE = 2;
/** Batches of one sender's lane ingested side by side (one's objects written while another's are indexed). */
const LANE_DRAINS = 4;
/** The head of a held file sent to the parse thread first (parseFile): the header of a typical image ends in it. */
export const PARSE_HEAD_BYTES = 64 * 1024;
/** Objects of one batch written at once (ingestMany): the store's round trips overlap, memory is the batch's. */
export const PUT_CONCURRENCY = 8;
const asBuffer = (chunk: Uint8Array): Buffer =>
  Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);

/** Why a file without the DICM marker is refused (the spec's 'Error parsing DICOM file.' with what is wrong). */
export const NOT_DICOM_REASON = `${IMPORT_MESSAGES.parseError} Not a DICOM file: no DICM marker at byte 128.`;

const refused = (detail: string): IngestOutcome => ({
  kind: 'refused',
  reason: `${IMPORT_MESSAGES.parseError} ${detail}`,
});

/**
 * The one way an instance enters the archive (zip import and STOW-RS; docs/decisions/0098-zip-import.md,
 * 0203-one-ingest-rule.md, 0204-abandoned-uploads.md):
 * - `ingest`: the DICM marker, then the header parsed in a thread with a time limit; a valid UID set; THE ingest
 *   rule: an instance joins an existing study only when the sender reaches that study, and an instance already
 *   indexed counts as the sender's only when its study is in reach (else 'outOfReach', naming nothing of it);
 *   the 128-byte preamble zeroed (CVE-2019-11687); the object stored at
 *   `tenants/{t}/studies/{Study}/{Series}/{SOP}.dcm`; its study, series and instance rows indexed in one unit of
 *   work (the reach checked again there, on the locked row), the study CLOUD_UPLOADING. Idempotent by SOP Instance
 *   UID: an instance already indexed is neither stored nor indexed again ('existing'), so a retried or resumed
 *   import ends with the same archive. `ingestMany` does it for a batch with a few round trips for the whole batch
 *   (the import's zip entries), `ingestShared` for the parts of a sender's concurrent STOW-RS requests.
 * - `finish`: one unit of work: the studies locked, their totals recomputed, IMPORTED, and one StudyImported for
 *   each study with instances no StudyImported counted yet — whichever request stored them (a request retried
 *   after a crash publishes what the crashed one could not); a finish that runs twice publishes once.
 * - `finishAbandoned`: the sweeper's finish of a study whose upload stopped (CLOUD_UPLOADING, idle, no live import).
 * - `discard`: removes what an import added (objects and rows), for an import that must leave nothing behind.
 */
@Injectable()
export class ArchiveIngestService {
  /** STOW-RS's shared batches, by sender (ingestShared). */
  private readonly lanes = new Map<string, Lane>();
  private readonly batchSize: number;

  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(ArchiveRepository) private readonly archive: ArchiveRepository,
    @Inject(HeaderParser) private readonly parser: HeaderParser,
    @Inject(IMAGING_ENV) env: Pick<ImagingEnv, 'INGEST_BATCH_INSTANCES'>,
  ) {
    this.batchSize = env.INGEST_BATCH_INSTANCES;
  }

  async ingest(scope: IngestScope, bytes: Uint8Array): Promise<IngestOutcome> {
    const [outcome] = await this.ingestMany(scope, [bytes]);
    return outcome!;
  }

  /**
   * Ingests a batch of files held in memory with a few round trips for the whole batch
   * (docs/decisions/0326-batched-ingest.md): headers parsed in the thread pool side by side, one read for what is
   * already indexed and where the studies stand, the objects written PUT_CONCURRENCY at a time, one unit of work
   * indexing every stored object (a multi-row INSERT, ON CONFLICT on the SOP Instance UID). The outcome of each
   * file, in order — a corrupt file is refused and the others go on. A file whose SOP Instance UID an earlier file
   * of the batch has is ingested after it (as if sent after it): 'existing' when that one was kept.
   */
  async ingestMany(scope: IngestScope, files: Uint8Array[]): Promise<IngestOutcome[]> {
    const done = await this.ingestBatch(
      scope,
      files.map((bytes) => ({ bytes, importId: scope.importId })),
    );
    return done.map((d) => d.outcome);
  }

  /**
   * STOW-RS's way in: the same batches, shared by the requests of one sender that arrive together
   * (docs/decisions/0327-stow-shared-batches.md). Files of concurrent calls with the same scope (company, user,
   * placement, reach, target; each keeps its own import id) are ingested as one batch: while one batch is stored,
   * the files that arrive wait and go as the next (LANE_DRAINS batches at once) — a lone request waits for nobody. The outcome and the parsed
   * identity (null when the header did not parse) of each file.
   */
  async ingestShared(scope: IngestScope, files: Uint8Array[]): Promise<Ingested[]> {
    const key = JSON.stringify([
      scope.tenantId,
      scope.userId,
      scope.groupId,
      scope.centreId,
      scope.reach,
      scope.targetStudy ?? null,
    ]);
    let lane = this.lanes.get(key);
    if (!lane) this.lanes.set(key, (lane = { scope, running: 0, queue: [] }));
    const waiting = files.map(
      (bytes) =>
        new Promise<Ingested>((resolve, reject) =>
          lane.queue.push({ bytes, importId: scope.importId, resolve, reject }),
        ),
    );
    if (lane.running < LANE_DRAINS) void this.drain(key, lane);
    return Promise.all(waiting);
  }

  private async drain(key: string, lane: Lane): Promise<void> {
    lane.running++;
    try {
      while (lane.queue.length > 0) {
        const batch = lane.queue.splice(0, this.batchSize);
        try {
          const done = await this.ingestBatch(lane.scope, batch);
          batch.forEach((item, k) => item.resolve(done[k]!));
        } catch (error) {
          for (const item of batch) item.reject(error);
        }
      }
    } finally {
      if (--lane.running === 0) this.lanes.delete(key);
    }
  }

  private async ingestBatch(scope: IngestScope, batch: { bytes: Uint8Array; importId: string }[]): Promise<Ingested[]> {
    const files = batch.map((b) => b.bytes);
    const outcomes: (IngestOutcome | undefined)[] = files.map(() => undefined);
    const headers = await Promise.all(
      files.map(async (bytes, i) => {
        if (!hasDicmMarker(bytes)) {
          outcomes[i] = { kind: 'refused', reason: NOT_DICOM_REASON };
          return null;
        }
        const parsed = await this.parseFile(bytes);
        if (!parsed.ok) {
          outcomes[i] = refused(parsed.detail);
          return null;
        }
        const study = parsed.instance.studyInstanceUid;
        if (scope.targetStudy && study !== scope.targetStudy)
          outcomes[i] = { kind: 'otherStudy', reason: `of study ${study}, not ${scope.targetStudy}` };
        return parsed.instance;
      }),
    );
    const seen = new Set<string>();
    const later: number[] = [];
    const now: number[] = [];
    headers.forEach((header, i) => {
      if (!header || outcomes[i]) return;
      if (seen.has(header.sopInstanceUid)) later.push(i);
      else {
        seen.add(header.sopInstanceUid);
        now.push(i);
      }
    });
    const decided = await this.admit(
      scope,
      now.map((i) => headers[i]!),
    );
    const toStore = now.filter((_, k) => {
      const outcome = decided[k];
      if (outcome) outcomes[now[k]!] = outcome;
      return !outcome;
    });
    const keys = new Map<number, string>();
    await eachLimited(toStore, PUT_CONCURRENCY, async (i) => {
      const bytes = files[i]!;
      zeroPreamble(bytes);
      const key = this.keyOf(scope, headers[i]!);
      try {
        await this.storage.put(key, Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'application/dicom');
        keys.set(i, key);
      } catch (error) {
        outcomes[i] = { kind: 'failed', reason: (error as Error).message, error };
      }
    });
    const written = toStore.filter((i) => keys.has(i));
    const indexed = await this.index(
      scope,
      written.map((i) => ({
        header: headers[i]!,
        storageKey: keys.get(i)!,
        sizeBytes: files[i]!.byteLength,
        importId: batch[i]!.importId,
      })),
    );
    written.forEach((i, k) => (outcomes[i] = indexed[k]));
    if (later.length) {
      const again = await this.ingestBatch(
        scope,
        later.map((i) => batch[i]!),
      );
      later.forEach((i, k) => (outcomes[i] = again[k]!.outcome));
    }
    return outcomes.map((outcome, i) => ({ outcome: outcome!, header: headers[i] ?? null }));
  }

  /**
   * A held file's header, parsed in the thread pool (docs/decisions/0369-one-shot-inflate.md): a copy of its first
   * PARSE_HEAD_BYTES is sent to the thread rather than the whole file (a structured clone of every byte), and its
   * answer is kept when the file's native pixel data was found there and ends the file — then the whole file holds
   * nothing the head did not (the same description, the pixel data's extent checked against the file's length).
   * Anything else (encapsulated pixel data, elements after it, a longer header, no pixel data) is parsed whole.
   */
  private async parseFile(bytes: Uint8Array): Promise<HeaderParseResult> {
    if (bytes.byteLength > PARSE_HEAD_BYTES) {
      const head = await this.parser.parse(bytes.slice(0, PARSE_HEAD_BYTES), { headerOnly: true });
      const pixels = head.ok ? head.instance.pixelData : null;
      if (pixels && !pixels.encapsulated && pixels.offset + pixels.length === bytes.byteLength) return head;
    }
    return this.parser.parse(bytes);
  }

  /**
   * The same ingest for an instance too large to hold (docs/decisions/0205-streamed-instances.md): its first
   * STREAMED_HEAD_BYTES are read and parsed up to the pixel data (the header must end there); after the same checks
   * and rule, the object is written as the bytes stream by (preamble zeroed, S3 multipart upload in 8 MiB parts), the
   * pixel data's extent checked on the way (native: its length; encapsulated: its items up to the delimiter) — a file
   * cut short is removed and refused. Memory: the head and the upload's parts, whatever the instance's size. An
   * error of the source (a hostile archive found while inflating) is thrown as it is, and nothing is kept.
   */
  async ingestStream(scope: IngestScope, source: AsyncIterable<Uint8Array>): Promise<IngestOutcome> {
    const iterator = source[Symbol.asyncIterator]();
    const close = async () => void (await iterator.return?.(undefined));
    const chunks: Buffer[] = [];
    let headLength = 0;
    let ended = false;
    try {
      while (headLength < STREAMED_HEAD_BYTES) {
        const next = await iterator.next();
        if (next.done) {
          ended = true;
          break;
        }
        chunks.push(asBuffer(next.value));
        headLength += next.value.byteLength;
      }
    } catch (error) {
      await close().catch(() => undefined);
      throw error;
    }
    const head = Buffer.concat(chunks, headLength);
    if (ended) return this.ingest(scope, head);
    if (!hasDicmMarker(head)) {
      await close();
      return { kind: 'refused', reason: NOT_DICOM_REASON };
    }
    const parsed = await this.parser.parse(head, { headerOnly: true });
    const header = parsed.ok ? parsed.instance : null;
    const decided = !parsed.ok
      ? refused(parsed.detail)
      : !header!.pixelData
        ? refused(`its header does not end within its first ${STREAMED_HEAD_BYTES / MiB} MiB`)
        : (await this.admit(scope, [header!]))[0];
    if (decided) {
      await close();
      return decided;
    }
    const instance = header!;
    const pixels = instance.pixelData!;
    zeroPreamble(head);
    const storageKey = this.keyOf(scope, instance);
    const extent = pixels.encapsulated ? new EncapsulatedExtent(pixels.offset) : null;
    let size = 0;
    let sourceError: unknown = null;
    async function* body() {
      extent?.push(head, 0);
      size = head.length;
      yield head;
      try {
        for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
          extent?.push(next.value, size);
          size += next.value.byteLength;
          yield asBuffer(next.value);
        }
      } catch (error) {
        sourceError = error;
        throw error;
      }
    }
    try {
      await this.upload(storageKey, Readable.from(body(), { objectMode: false }));
    } catch (error) {
      await close().catch(() => undefined);
      throw sourceError ?? error;
    }
    const measured = extent?.result() ?? { ok: true as const, length: pixels.length };
    const problem = !measured.ok
      ? measured.detail
      : pixels.offset + measured.length > size
        ? 'pixel data runs past the end of the file (truncated)'
        : null;
    if (problem) {
      await this.removeUnindexed(scope, [{ sopInstanceUid: instance.sopInstanceUid, storageKey }]);
      return refused(problem);
    }
    const described = measured.ok ? { ...instance, pixelData: { ...pixels, length: measured.length } } : instance;
    const [outcome] = await this.index(scope, [
      { header: described, storageKey, sizeBytes: size, importId: scope.importId },
    ]);
    return outcome!;
  }

  /**
   * THE rule before anything is written, for each header (one read for the batch): an instance already indexed is
   * the sender's ('existing') only when its study is in the sender's reach, and a file joins an existing study only
   * in reach ('outOfReach' otherwise, naming nothing of the other study). Undefined: store it.
   */
  private async admit(scope: IngestScope, headers: ParsedInstance[]): Promise<(IngestOutcome | undefined)[]> {
    if (headers.length === 0) return [];
    const prior = await this.uow.read({ tenantId: scope.tenantId }, async (tx) => ({
      known: await this.archive.findInstances(
        tx,
        headers.map((h) => h.sopInstanceUid),
        scope.reach,
      ),
      standing: await this.archive.studyStandings(
        tx,
        [...new Set(headers.map((h) => h.studyInstanceUid))],
        scope.reach,
      ),
    }));
    return headers.map((header) => {
      const known = prior.known.get(header.sopInstanceUid);
      if (known) {
        const { inReach, ...identity } = known;
        return inReach ? { kind: 'existing', ...identity } : OUT_OF_REACH;
      }
      return prior.standing.get(header.studyInstanceUid) === 'outOfReach' ? OUT_OF_REACH : undefined;
    });
  }

  /**
   * Indexes stored objects in one unit of work; the reach is checked again on the locked study rows (a race with
   * another sender): an object whose study turned out of reach is removed, unless indexed by someone else.
   */
  private async index(
    scope: IngestScope,
    items: { header: ParsedInstance; storageKey: string; sizeBytes: number; importId: string }[],
  ): Promise<IngestOutcome[]> {
    if (items.length === 0) return [];
    const results = await this.uow.change(this.unitScope(scope), (tx) =>
      this.archive.indexInstances(tx, {
        tenantId: scope.tenantId,
        reach: scope.reach,
        groupId: scope.groupId,
        centreId: scope.centreId,
        items,
      }),
    );
    const lost = items.filter((_, k) => results[k] === 'outOfReach');
    if (lost.length)
      await this.removeUnindexed(
        scope,
        lost.map((item) => ({ sopInstanceUid: item.header.sopInstanceUid, storageKey: item.storageKey })),
      );
    return items.map(({ header }, k): IngestOutcome => {
      const result = results[k]!;
      if (result === 'outOfReach') return OUT_OF_REACH;
      if (typeof result === 'object') return refused(result.refused);
      // 'existing': lost a race with another import of the same instance; the object written is that instance's
      return {
        kind: result,
        studyInstanceUid: header.studyInstanceUid,
        seriesInstanceUid: header.seriesInstanceUid,
        sopInstanceUid: header.sopInstanceUid,
        sopClassUid: header.sopClassUid,
      };
    });
  }

  private keyOf(scope: IngestScope, header: ParsedInstance): string {
    return imagingStorageKeys.instance(
      scope.tenantId,
      header.studyInstanceUid,
      header.seriesInstanceUid,
      header.sopInstanceUid,
    );
  }

  /** Writes an object from a stream in parts: at most UPLOAD_QUEUE parts of UPLOAD_PART_BYTES are held. */
  private async upload(key: string, body: Readable): Promise<void> {
    const upload = new Upload({
      client: this.storage.client,
      params: { Bucket: this.storage.bucket, Key: key, Body: body, ContentType: 'application/dicom' },
      partSize: UPLOAD_PART_BYTES,
      queueSize: UPLOAD_QUEUE,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async finish(scope: IngestScope, studyInstanceUids: string[]): Promise<void> {
    const uids = [...new Set(studyInstanceUids)].sort();
    await this.uow.change(this.unitScope(scope), (tx) => this.finishStudies(tx, uids, scope.importId));
  }

  /**
   * Finishes a study whose upload was abandoned (the sweeper, in the study's company): only when it is still
   * CLOUD_UPLOADING, nothing was indexed into it for `idleSeconds` and no queued or running import holds
   * instances of it. True when it was finished now.
   */
  async finishAbandoned(tenantId: string, studyInstanceUid: string, idleSeconds: number): Promise<boolean> {
    return this.uow.change({ tenantId, actor: SWEEPER }, async (tx) => {
      if (!(await this.archive.lockAbandoned(tx, studyInstanceUid, idleSeconds))) return false;
      await this.finishStudies(tx, [studyInstanceUid], null);
      return true;
    });
  }

  /**
   * The studies locked (an ingest into them waits), their totals recomputed and IMPORTED; one StudyImported for
   * each with instances no StudyImported counted yet; the import's own share recorded (import_studies).
   */
  private async finishStudies(tx: ChangeTx, uids: string[], importId: string | null): Promise<void> {
    await this.archive.lockStudies(tx, uids);
    await this.archive.completeStudies(tx, uids);
    const own = importId ? await this.archive.addedByImport(tx, importId) : new Map<string, number>();
    for (const study of await this.archive.finishedStudies(tx, uids)) {
      const ownAdded = own.get(study.studyInstanceUid) ?? 0;
      if (importId && ownAdded > 0) await this.archive.markFinished(tx, importId, study.studyInstanceUid, ownAdded);
      const instancesAdded = await this.archive.announce(tx, study.id);
      if (instancesAdded === 0) continue;
      await tx.publish(StudyImportedV1, study.studyInstanceUid, {
        studyInstanceUid: study.studyInstanceUid,
        groupId: study.groupId,
        centreId: study.centreId,
        patientName: study.patientName,
        patientId: study.patientId,
        accessionNumber: study.accessionNumber,
        studyId: study.studyId,
        modality: await this.archive.firstModality(tx, study.id),
        modalities: study.modalities,
        studyDate: study.studyDate,
        studyDescription: study.studyDescription,
        patientSex: study.patientSex,
        patientBirthDate: study.patientBirthDate,
        bodyPart: await this.archive.firstBodyPart(tx, study.id),
        referringPhysicianName: study.referringPhysicianName,
        seriesCount: study.seriesCount,
        instanceCount: study.instanceCount,
        instancesAdded,
      });
    }
  }

  /**
   * Removes everything this import added to the archive: its objects, its instance rows, and the series and
   * studies left empty (instances other imports stored stay). Objects go first; a failure leaves rows that a
   * second discard removes.
   */
  async discard(scope: IngestScope): Promise<void> {
    const keys = await this.uow.read({ tenantId: scope.tenantId }, (tx) =>
      this.archive.storageKeysOfImport(tx, scope.importId),
    );
    for (const key of keys) await this.storage.delete(key);
    await this.uow.change(this.unitScope(scope), (tx) => this.archive.removeImport(tx, scope.importId));
  }

  /** Removes objects written for instances that were not indexed (no row names them). */
  private async removeUnindexed(
    scope: IngestScope,
    objects: { sopInstanceUid: string; storageKey: string }[],
  ): Promise<void> {
    const indexed = await this.uow.read({ tenantId: scope.tenantId }, (tx) =>
      this.archive.findInstances(
        tx,
        objects.map((o) => o.sopInstanceUid),
        scope.reach,
      ),
    );
    for (const o of objects) if (!indexed.has(o.sopInstanceUid)) await this.storage.delete(o.storageKey);
  }

  private unitScope(scope: IngestScope): TenantScope {
    const actor: EventActor = scope.userId
      ? { type: 'user', id: scope.userId }
      : { type: 'service', id: 'imaging.ingest' };
    return { tenantId: scope.tenantId, actor };
  }
}

/** Runs `work` on every item, at most `limit` at once. */
async function eachLimited<T>(items: T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]!);
  });
  await Promise.all(lanes);
}
