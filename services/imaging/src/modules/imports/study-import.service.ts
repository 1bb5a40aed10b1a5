import { Inject, Injectable } from '@nestjs/common';
import type { Logger } from 'pino';
import type { SkippedFile } from '@rayworks/contracts';
import { checkImportPath, IMPORT_MESSAGES, isHiddenSystemPath } from '@rayworks/dicom';
import { LOGGER, RealtimeEmitter, StorageService, UnitOfWork, type TenantScope } from '@rayworks/nest-kit';
import { IMAGING_ENV, type ImagingEnv } from '../../config/env.js';
import { ArchiveIngestService, type IngestOutcome, type IngestScope } from '../studies/archive-ingest.service.js';
import { ArchiveRepository } from '../studies/archive.repository.js';
import type { ImportEntity } from './import.entity.js';
import { ImportProgress } from './import-progress.js';
import { IMPORT_CALL_MESSAGES } from './imports.errors.js';
import { ImportsRepository } from './imports.repository.js';
import { S3RangeReader } from './s3-range-reader.js';
import { HostileArchiveError, IN_MEMORY_ENTRY_BYTES, ZipArchive } from './zip-archive.js';

/** Why a hidden system file is not imported (spec §5: .DS_Store, __MACOSX, dot-files are skipped). */
export const HIDDEN_FILE_REASON = 'Hidden system file: skipped.';

const SYSTEM: TenantScope['actor'] = { type: 'service', id: 'imaging.study-import' };
/** A batch of entries closes at this many bytes (or INGEST_BATCH_INSTANCES entries), whichever comes first. */
const BATCH_BYTES = 32 * 1024 * 1024;
/** Batches stored and indexed while the next is read from the zip. */
const BATCHES_IN_FLIGHT = 2;

/** How one run of the import ended. */
export type ImportRunResult = 'completed' | 'failed' | 'skipped';

/**
 * The import job (`imaging.study-import`; docs/decisions/0098-zip-import.md, 0099-hostile-archives.md): reads the
 * uploaded zip from the store entry by entry (ranged reads, never the whole archive), refuses a hostile archive as
 * a whole (nothing of it stays: what it stored is discarded), skips hidden files, paths that break the import
 * rule, non-DICOM and unreadable files and files of another centre's study (each reported with its reason), ingests
 * every other instance through the ArchiveIngestService in batches — at most BATCHES_IN_FLIGHT batches of
 * INGEST_BATCH_INSTANCES entries or BATCH_BYTES held, beside the one being read, a larger entry streamed to the
 * store alone (memory bounded by those sizes, not by the study or the instance) —,
 * then finishes the import (totals, IMPORTED, one StudyImported per study gained) and removes the upload.
 * Idempotent: a retried or resumed run ingests only what is missing and ends with the same result.
 */
@Injectable()
export class StudyImportService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(RealtimeEmitter) private readonly realtime: RealtimeEmitter,
    @Inject(ImportsRepository) private readonly imports: ImportsRepository,
    @Inject(ArchiveRepository) private readonly archive: ArchiveRepository,
    @Inject(ArchiveIngestService) private readonly ingest: ArchiveIngestService,
    @Inject(IMAGING_ENV) private readonly env: ImagingEnv,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** Runs the import; `lastAttempt`: an unexpected failure then fails the import instead of leaving it to a retry. */
  async run(tenantId: string, importId: string, lastAttempt: boolean): Promise<ImportRunResult> {
    const started = await this.uow.change({ tenantId, actor: SYSTEM }, async (tx) =>
      (await this.imports.transition(tx, importId, ['QUEUED', 'PROCESSING'], 'PROCESSING'))
        ? this.imports.find(tx, importId)
        : null,
    );
    if (!started) return 'skipped'; // cancelled, or already finished by an earlier run
    this.logger.info({ importId }, 'import started');
    const scope: IngestScope = {
      tenantId,
      groupId: started.groupId,
      centreId: started.centreId,
      reach: { empty: started.reachEmpty, groupFilter: started.reachGroupId, centreFilter: started.reachCentreIds },
      importId,
      userId: started.userId,
    };
    const progress = new ImportProgress(this.realtime, started.userId, importId);
    progress.update({});
    try {
      const outcome = await this.read(started, scope, progress);
      if (outcome.studyInstanceUids.length === 0) {
        await this.fail(scope, started, IMPORT_CALL_MESSAGES.noValidInstances, outcome.skipped, progress);
        return 'failed';
      }
      await this.ingest.finish(scope, outcome.studyInstanceUids);
      const added = await this.uow.read({ tenantId }, (tx) => this.archive.addedByImport(tx, importId));
      const instancesStored = [...added.values()].reduce((sum, n) => sum + n, 0);
      const result = {
        studyInstanceUids: outcome.studyInstanceUids,
        instancesStored,
        instancesExisting: outcome.valid - instancesStored,
        skipped: outcome.skipped,
      };
      await this.uow.change(this.unitScope(scope), (tx) => this.imports.complete(tx, importId, result));
      await this.storage.delete(started.uploadKey);
      progress.finish('COMPLETED', { ...result, skipped: result.skipped.length });
      this.logger.info({ importId, ...result, skipped: result.skipped.length }, 'import completed');
      return 'completed';
    } catch (error) {
      if (error instanceof HostileArchiveError) {
        await this.fail(scope, started, error.message, [], progress);
        return 'failed';
      }
      if (lastAttempt) await this.fail(scope, started, IMPORT_MESSAGES.importFailed, [], progress);
      throw error;
    }
  }

  private async read(imp: ImportEntity, scope: IngestScope, progress: ImportProgress) {
    const size = await this.storage.size(imp.uploadKey);
    if (size === null) throw new HostileArchiveError(IMPORT_CALL_MESSAGES.uploadMissing);
    const archive = await ZipArchive.open(new S3RangeReader(this.storage, imp.uploadKey, size), size, {
      maxEntries: this.env.IMPORT_MAX_ENTRIES,
      maxInflatedBytes: this.env.IMPORT_MAX_INFLATED_BYTES,
      maxRatio: this.env.IMPORT_MAX_RATIO,
    });
    const skipped: SkippedFile[] = [];
    const studies = new Set<string>();
    let valid = 0;
    let read = 0;
    let stored = 0;
    let existing = 0;
    const record = (path: string, outcome: IngestOutcome) => {
      if (outcome.kind === 'failed') throw outcome.error;
      if (outcome.kind === 'refused' || outcome.kind === 'outOfReach' || outcome.kind === 'otherStudy')
        skipped.push({ path, reason: outcome.reason });
      else {
        valid++;
        studies.add(outcome.studyInstanceUid);
        if (outcome.kind === 'stored') stored++;
        else existing++;
      }
      progress.update({
        entriesRead: ++read,
        instancesStored: stored,
        instancesExisting: existing,
        skipped: skipped.length,
        studyInstanceUids: [...studies].sort(),
      });
    };
    // Entries are ingested in batches (ArchiveIngestService.ingestMany; docs/decisions/0326-batched-ingest.md): a
    // batch closes at INGEST_BATCH_INSTANCES entries or BATCH_BYTES, and the next is read from the zip while at most
    // BATCHES_IN_FLIGHT are stored and indexed — memory bounded by those sizes, not by the study.
    const inFlight = new Set<Promise<void>>();
    let batch: { name: string; bytes: Uint8Array }[] = [];
    let batchBytes = 0;
    const dispatch = async () => {
      const files = batch;
      batch = [];
      batchBytes = 0;
      if (files.length === 0) return;
      const task = this.ingest
        .ingestMany(
          scope,
          files.map((f) => f.bytes),
        )
        // the object store failed (record throws): the run fails, and its retry ingests what is missing
        .then((outcomes) => outcomes.forEach((outcome, k) => record(files[k]!.name, outcome)));
      inFlight.add(task);
      void task.finally(() => inFlight.delete(task)).catch(() => undefined);
      if (inFlight.size >= BATCHES_IN_FLIGHT) await Promise.race(inFlight);
    };
    try {
      const entries = await archive.entries();
      progress.update({ entriesTotal: entries.length });
      for (const entry of entries) {
        const reason = isHiddenSystemPath(entry.name)
          ? HIDDEN_FILE_REASON
          : checkImportPath(entry.name).ok
            ? null
            : IMPORT_MESSAGES.invalidPath;
        if (reason) {
          record(entry.name, { kind: 'refused', reason });
          continue;
        }
        if (entry.declaredSize > IN_MEMORY_ENTRY_BYTES) {
          // too large to hold: streamed to the store, one at a time (docs/decisions/0205-streamed-instances.md)
          record(entry.name, await this.ingest.ingestStream(scope, archive.stream(entry)));
          continue;
        }
        const bytes = await archive.read(entry);
        batch.push({ name: entry.name, bytes });
        batchBytes += bytes.byteLength;
        if (batch.length >= this.env.INGEST_BATCH_INSTANCES || batchBytes >= BATCH_BYTES) await dispatch();
      }
      await dispatch();
      await Promise.all(inFlight);
    } catch (error) {
      await Promise.allSettled(inFlight);
      throw error;
    } finally {
      archive.close();
    }
    return { studyInstanceUids: [...studies].sort(), skipped, valid };
  }

  /** The import fails as a whole: what it stored is discarded, its upload removed, the reason recorded. */
  private async fail(
    scope: IngestScope,
    imp: ImportEntity,
    error: string,
    skipped: SkippedFile[],
    progress: ImportProgress,
  ): Promise<void> {
    await this.ingest.discard(scope);
    await this.uow.change(this.unitScope(scope), (tx) =>
      this.imports.transition(tx, imp.id, ['PROCESSING'], 'FAILED', {
        error,
        skipped,
        studyInstanceUids: [],
        instancesStored: 0,
        instancesExisting: 0,
      }),
    );
    await this.storage.delete(imp.uploadKey);
    progress.finish('FAILED', { error, instancesStored: 0, instancesExisting: 0, studyInstanceUids: [] });
    this.logger.warn({ importId: imp.id, error }, 'import failed');
  }

  private unitScope(scope: IngestScope): TenantScope {
    return { tenantId: scope.tenantId, actor: scope.userId ? { type: 'user', id: scope.userId } : SYSTEM };
  }
}
