import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { IMAGING_API, imagingStorageKeys, type StudyImport, type BodyOf } from '@rayworks/contracts';
import { companyOf, StorageService, UnitOfWork, type RequestAccess } from '@rayworks/nest-kit';
import { IngestPlacement } from '../directory/ingest-placement.js';
import type { ImportEntity } from './import.entity.js';
import { IMPORT_CALL_MESSAGES, importConflict, importNotFound } from './imports.errors.js';
import { ImportsRepository } from './imports.repository.js';

const MiB = 1024 * 1024;
/** The smallest part of a multipart upload (S3 allows 5 MiB; larger parts mean fewer requests). */
export const MIN_PART_BYTES = 16 * MiB;
/** S3's most parts per upload. */
const MAX_PARTS = 10_000;
/** How long the upload URLs may be used (a large study on a slow line takes a while; each is signed for its size). */
const SINGLE_PUT_SECONDS = 3600;
const PART_URL_SECONDS = 6 * 3600;

/** The part size of a zip of `size` bytes: 16 MiB, or more (whole MiB) when 10,000 parts would not hold it. */
export const partSizeFor = (size: number): number => Math.max(MIN_PART_BYTES, Math.ceil(size / MAX_PARTS / MiB) * MiB);

const isS3Error = (error: unknown, ...names: string[]) =>
  typeof error === 'object' && error !== null && names.includes((error as { name?: string }).name ?? '');

/**
 * The import screen's calls (spec §7; docs/decisions/0098-zip-import.md): the upload of the zip straight to the
 * object store (one presigned PUT, or S3 multipart with presigned part URLs for a zip larger than one part, which
 * resumes after a dropped connection), the processing trigger (queues the import job in the same unit of work),
 * the import's state and its cancellation. The caller must hold the group and centre it imports for (a centre of its
 * company: IngestPlacement); the import keeps the caller's reach, the studies its instances may join
 * (docs/decisions/0203-one-ingest-rule.md).
 */
@Injectable()
export class ImportsService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(StorageService) private readonly storage: StorageService,
    @Inject(ImportsRepository) private readonly imports: ImportsRepository,
    @Inject(IngestPlacement) private readonly placement: IngestPlacement,
  ) {}

  async presignedUrl(access: RequestAccess, q: BodyOf<typeof IMAGING_API.presignedUrl>) {
    const { importId: id, uploadKey, multipartUploadId, partSize } = await this.createImport(access, q, false);
    if (!multipartUploadId)
      return {
        importId: id,
        presignedUrl: await this.storage.presignPut(uploadKey, 'application/zip', q.size, SINGLE_PUT_SECONDS),
        parts: null,
      };
    const count = Math.ceil(q.size / partSize!);
    const urls = [];
    for (let partNumber = 1; partNumber <= count; partNumber++) {
      const length = partNumber < count ? partSize! : q.size - partSize! * (count - 1);
      const url = await this.storage.presignUploadPart(
        uploadKey,
        multipartUploadId,
        partNumber,
        length,
        PART_URL_SECONDS,
      );
      urls.push({ partNumber, url });
    }
    return { importId: id, presignedUrl: null, parts: { partSize: partSize!, urls } };
  }

  /**
   * An upload that starts while the zip is being made (docs/decisions/0365): a multipart upload whose parts are
   * signed one by one as the zip grows (`partUrl`); `maxSize` bounds it, `completeUpload` names the final size.
   */
  async startStreamedUpload(access: RequestAccess, q: BodyOf<typeof IMAGING_API.startStreamedUpload>) {
    const { maxSize, ...query } = q;
    const { importId, partSize } = await this.createImport(access, { ...query, size: maxSize }, true);
    return { importId, partSize: partSize! };
  }

  /** The URL of one part, signed for its length: a part of at most `partSize` bytes inside the announced zip. */
  async partUrl(access: RequestAccess, body: BodyOf<typeof IMAGING_API.uploadPartUrl>) {
    const found = await this.awaitingMultipart(access, body.importId);
    const partSize = found.partSize!;
    if (body.size > partSize || (body.partNumber - 1) * partSize + body.size > found.uploadSize)
      throw importConflict(IMPORT_CALL_MESSAGES.partOutsidePlan);
    const url = await this.storage.presignUploadPart(
      found.uploadKey,
      found.multipartUploadId!,
      body.partNumber,
      body.size,
      PART_URL_SECONDS,
    );
    return { url };
  }

  /** The import row and, for an upload in parts, the store's multipart upload (always one when `streamed`). */
  private async createImport(
    access: RequestAccess,
    q: BodyOf<typeof IMAGING_API.presignedUrl>,
    streamed: boolean,
  ): Promise<{ importId: string; uploadKey: string; multipartUploadId: string | null; partSize: number | null }> {
    const tenantId = companyOf(access.principal);
    await this.placement.forUpload(access, q.groupId ?? null, q.centerId);
    const id = randomUUID();
    const uploadKey = imagingStorageKeys.upload(tenantId, id);
    const partSize = partSizeFor(q.size);
    const multipart = streamed || q.size > partSize;
    const multipartUploadId = multipart ? await this.storage.createMultipartUpload(uploadKey, 'application/zip') : null;
    await this.uow.change(access, async (tx) => {
      await this.imports.insert(tx, {
        id,
        tenantId,
        groupId: q.groupId ?? null,
        centreId: q.centerId,
        userId: access.principal.userId,
        source: q.source,
        studyId: q.studyId,
        uploadKey,
        uploadSize: q.size,
        multipartUploadId,
        partSize: multipart ? partSize : null,
        reachGroupId: access.groupFilter,
        reachCentreIds: access.centreFilter === null ? null : [...access.centreFilter],
        reachEmpty: access.empty,
      });
      await tx.audit({
        action: 'IMAGING_IMPORT_UPLOAD',
        target: { type: 'import', id },
        details: streamed ? { maxSize: q.size, streamed } : { size: q.size },
      });
    });
    return { importId: id, uploadKey, multipartUploadId, partSize: multipart ? partSize : null };
  }

  async uploadedParts(access: RequestAccess, importId: string) {
    const found = await this.awaitingMultipart(access, importId);
    try {
      return { parts: await this.storage.listParts(found.uploadKey, found.multipartUploadId!) };
    } catch (error) {
      if (isS3Error(error, 'NoSuchUpload')) throw importConflict(IMPORT_CALL_MESSAGES.notAwaitingUpload);
      throw error;
    }
  }

  async completeUpload(access: RequestAccess, body: BodyOf<typeof IMAGING_API.completeUpload>): Promise<null> {
    const found = await this.awaitingMultipart(access, body.importId);
    try {
      await this.storage.completeMultipartUpload(found.uploadKey, found.multipartUploadId!, body.parts);
    } catch (error) {
      if (isS3Error(error, 'NoSuchUpload')) throw importConflict(IMPORT_CALL_MESSAGES.notAwaitingUpload);
      if (isS3Error(error, 'InvalidPart', 'InvalidPartOrder', 'EntityTooSmall', 'InvalidRequest'))
        throw importConflict(IMPORT_CALL_MESSAGES.partsRefused);
      throw error;
    }
    // A streamed upload names its final size (at most the announced bound); the row keeps it for the trigger's check.
    const expected = body.size ?? found.uploadSize;
    if (expected > found.uploadSize || (await this.storage.size(found.uploadKey)) !== expected) {
      await this.storage.delete(found.uploadKey);
      throw importConflict(IMPORT_CALL_MESSAGES.uploadSizeDiffers);
    }
    if (expected !== found.uploadSize)
      await this.uow.change(access, (tx) => this.imports.setUploadSize(tx, found.id, expected));
    return null;
  }

  /**
   * The processing trigger: the zip must be in the store at its announced size; the import is QUEUED and its job
   * started in one unit of work. A second trigger of the same import starts nothing and answers the import as it is.
   */
  async initDownloadZip(access: RequestAccess, q: BodyOf<typeof IMAGING_API.initDownloadZip>): Promise<StudyImport> {
    const found = await this.visible(access, q.importId);
    if (found.groupId !== (q.groupId ?? null) || found.centreId !== q.centerId || found.studyId !== q.studyId)
      throw importConflict(IMPORT_CALL_MESSAGES.queryDiffers);
    if (found.state !== 'AWAITING_UPLOAD') return found.toImport();
    const size = await this.storage.size(found.uploadKey);
    if (size === null) throw importConflict(IMPORT_CALL_MESSAGES.uploadMissing);
    if (size !== found.uploadSize) throw importConflict(IMPORT_CALL_MESSAGES.uploadSizeDiffers);
    return this.uow.change(access, async (tx) => {
      if (await this.imports.transition(tx, found.id, ['AWAITING_UPLOAD'], 'QUEUED')) {
        await tx.enqueue('imagingStudyImport', { importId: found.id });
        await tx.audit({ action: 'IMAGING_IMPORT_START', target: { type: 'import', id: found.id } });
      }
      return (await this.imports.find(tx, found.id))!.toImport();
    });
  }

  async get(access: RequestAccess, importId: string): Promise<StudyImport> {
    return (await this.visible(access, importId)).toImport();
  }

  /** Abandons an import that has not started processing; its upload is removed. */
  async cancel(access: RequestAccess, importId: string): Promise<null> {
    const found = await this.visible(access, importId);
    const cancelled = await this.uow.change(access, async (tx) => {
      const done = await this.imports.transition(tx, found.id, ['AWAITING_UPLOAD', 'QUEUED'], 'FAILED', {
        error: IMPORT_CALL_MESSAGES.cancelled,
      });
      if (done) await tx.audit({ action: 'IMAGING_IMPORT_CANCEL', target: { type: 'import', id: found.id } });
      return done;
    });
    if (!cancelled) throw importConflict(IMPORT_CALL_MESSAGES.notCancellable);
    if (found.multipartUploadId)
      await this.storage.abortMultipartUpload(found.uploadKey, found.multipartUploadId).catch(() => undefined);
    await this.storage.delete(found.uploadKey);
    return null;
  }

  private async visible(access: RequestAccess, importId: string): Promise<ImportEntity> {
    const found = await this.uow.read(access, (tx) => this.imports.findVisible(tx, access.principal, importId));
    if (!found) throw importNotFound();
    return found;
  }

  private async awaitingMultipart(access: RequestAccess, importId: string): Promise<ImportEntity> {
    const found = await this.visible(access, importId);
    if (found.state !== 'AWAITING_UPLOAD') throw importConflict(IMPORT_CALL_MESSAGES.notAwaitingUpload);
    if (!found.multipartUploadId) throw importConflict(IMPORT_CALL_MESSAGES.notMultipart);
    return found;
  }
}
