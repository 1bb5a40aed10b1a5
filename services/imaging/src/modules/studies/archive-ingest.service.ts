import { Readable } from 'node:stream';
import { Upload } from '@aws-sdk/lib-storage';
import { Inject, Injectable } from '@nestjs/common';
import { IMPORT_CALL_MESSAGES, imagingStorageKeys, StudyImportedV1, type EventActor } from '@rayworks/contracts';
import { hasDicmMarker, IMPORT_MESSAGES, zeroPreamble } from '@rayworks/dicom';
import { StorageService, UnitOfWork, type ChangeTx, type TenantScope } from '@rayworks/nest-kit';
import {
  ArchiveRepository,
  SeriesOfAnotherStudyError,
  StudyOutOfReachError,
  type IndexedInstance,
  type IngestReach,
} from './archive.repository.js';
import { HeaderParser } from './header-parser.js';
import type { ParsedInstance } from './parsed-instance.js';
import { EncapsulatedExtent } from './pixel-extent.js';

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
}

/**
 * What became of one file: stored now, already in the archive (nothing written), refused with a clear reason, or
 * refused because its study (or the instance itself) is another centre's — which names nothing of that study.
 */
export type IngestOutcome =
  | ({ kind: 'stored' } & IndexedInstance)
  | ({ kind: 'existing' } & IndexedInstance)
  | { kind: 'refused'; reason: string }
  | { kind: 'outOfReach'; reason: string };

const OUT_OF_REACH: IngestOutcome = { kind: 'outOfReach', reason: IMPORT_CALL_MESSAGES.studyOutOfReach };
const SWEEPER: EventActor = { type: 'service', id: 'imaging.upload-sweeper' };
const MiB = 1024 * 1024;
/** The head of a streamed instance that is parsed: its header (up to its Pixel Data element) must end within it. */
export const STREAMED_HEAD_BYTES = 16 * MiB;
/** A streamed instance is uploaded in parts of this size, at most UPLOAD_QUEUE at once. */
const UPLOAD_PART_BYTES = 8 * MiB;
const UPLOAD_QUEUE = 2;
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
 *   import ends with the same archive.
 * - `finish`: one unit of work: the studies locked, their totals recomputed, IMPORTED, and one StudyImported for
 *   each study with instances no StudyImported counted yet — whichever request stored them (a request retried
 *   after a crash publishes what the crashed one could not); a finish that runs twice publishes once.
 * - `finishAbandoned`: the sweeper's finish of a study whose upload stopped (CLOUD_UPLOADING, idle, no live import).
 * - `discard`: removes what an import added (objects and rows), for an import that must leave nothing behind.
 */
@Injectable()
export class ArchiveIngestService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(ArchiveRepository) private readonly archive: ArchiveRepository,
    @Inject(HeaderParser) private readonly parser: HeaderParser,
  ) {}

  async ingest(scope: IngestScope, bytes: Uint8Array, sourceName?: string): Promise<IngestOutcome> {
    void sourceName; // named in the caller's report of a refused file
    if (!hasDicmMarker(bytes)) return { kind: 'refused', reason: NOT_DICOM_REASON };
    const parsed = await this.parser.parse(bytes);
    if (!parsed.ok) return refused(parsed.detail);
    const header = parsed.instance;
    const decided = await this.admit(scope, header);
    if (decided) return decided;
    zeroPreamble(bytes);
    const storageKey = this.keyOf(scope, header);
    await this.storage.put(
      storageKey,
      Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
      'application/dicom',
    );
    return this.index(scope, header, storageKey, bytes.byteLength);
  }

  /**
   * The same ingest for an instance too large to hold (docs/decisions/0205-streamed-instances.md): its first
   * STREAMED_HEAD_BYTES are read and parsed up to the pixel data (the header must end there); after the same checks
   * and rule, the object is written as the bytes stream by (preamble zeroed, S3 multipart upload in 8 MiB parts), the
   * pixel data's extent checked on the way (native: its length; encapsulated: its items up to the delimiter) — a file
   * cut short is removed and refused. Memory: the head and the upload's parts, whatever the instance's size. An
   * error of the source (a hostile archive found while inflating) is thrown as it is, and nothing is kept.
   */
  async ingestStream(
    scope: IngestScope,
    source: AsyncIterable<Uint8Array>,
    sourceName?: string,
  ): Promise<IngestOutcome> {
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
    if (ended) return this.ingest(scope, head, sourceName);
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
        : await this.admit(scope, header!);
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
      await this.removeUnindexed(scope, instance.sopInstanceUid, storageKey);
      return refused(problem);
    }
    const described = measured.ok ? { ...instance, pixelData: { ...pixels, length: measured.length } } : instance;
    return this.index(scope, described, storageKey, size);
  }

  /**
   * THE rule before anything is written: an instance already indexed is the sender's ('existing') only when its
   * study is in the sender's reach, and a file joins an existing study only in reach ('outOfReach' otherwise,
   * naming nothing of the other study). Null: store it.
   */
  private async admit(scope: IngestScope, header: ParsedInstance): Promise<IngestOutcome | null> {
    const prior = await this.uow.read({ tenantId: scope.tenantId }, async (tx) => ({
      known: await this.archive.findInstance(tx, header.sopInstanceUid, scope.reach),
      standing: await this.archive.studyStanding(tx, header.studyInstanceUid, scope.reach),
    }));
    if (prior.known) {
      const { inReach, ...known } = prior.known;
      return inReach ? { kind: 'existing', ...known } : OUT_OF_REACH;
    }
    return prior.standing === 'outOfReach' ? OUT_OF_REACH : null;
  }

  /** Indexes a stored object; the reach is checked again on the locked study row (a race with another sender). */
  private async index(
    scope: IngestScope,
    header: ParsedInstance,
    storageKey: string,
    sizeBytes: number,
  ): Promise<IngestOutcome> {
    const identity: IndexedInstance = {
      studyInstanceUid: header.studyInstanceUid,
      seriesInstanceUid: header.seriesInstanceUid,
      sopInstanceUid: header.sopInstanceUid,
      sopClassUid: header.sopClassUid,
    };
    try {
      const stored = await this.uow.change(this.unitScope(scope), (tx) =>
        this.archive.indexInstance(tx, {
          tenantId: scope.tenantId,
          reach: scope.reach,
          groupId: scope.groupId,
          centreId: scope.centreId,
          importId: scope.importId,
          storageKey,
          sizeBytes,
          header,
        }),
      );
      // Lost a race with another import of the same instance: the object written is the same instance's.
      return { kind: stored ? 'stored' : 'existing', ...identity };
    } catch (error) {
      if (error instanceof SeriesOfAnotherStudyError) return refused(error.message);
      if (error instanceof StudyOutOfReachError) {
        // another centre's sender made the study meanwhile: the object this one wrote goes, unless indexed by it
        await this.removeUnindexed(scope, header.sopInstanceUid, storageKey);
        return OUT_OF_REACH;
      }
      throw error;
    }
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

  /** Removes an object written for an instance that was not indexed (no row names it). */
  private async removeUnindexed(scope: IngestScope, sopInstanceUid: string, storageKey: string): Promise<void> {
    const indexed = await this.uow.read({ tenantId: scope.tenantId }, (tx) =>
      this.archive.findInstance(tx, sopInstanceUid, scope.reach),
    );
    if (!indexed) await this.storage.delete(storageKey);
  }

  private unitScope(scope: IngestScope): TenantScope {
    const actor: EventActor = scope.userId
      ? { type: 'user', id: scope.userId }
      : { type: 'service', id: 'imaging.ingest' };
    return { tenantId: scope.tenantId, actor };
  }
}
