import { pipeline } from 'node:stream/promises';
import type { Writable } from 'node:stream';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { DicomJsonObject } from '@rayworks/contracts';
import { KIT_AUDIT_ACTIONS, UnitOfWork, type RequestAccess } from '@rayworks/nest-kit';
import type { InstanceEntity } from '../studies/entities/instance.entity.js';
import type { SeriesEntity } from '../studies/entities/series.entity.js';
import type { StudyEntity } from '../studies/entities/study.entity.js';
import { StudiesRepository, type FrameSource } from '../studies/studies.repository.js';
import { dicomwebUrls } from './dicomweb-paths.js';
import { frameBytes, framesOf } from './encapsulated-frames.js';
import { InstanceFiles } from './instance-files.js';
import { FRAME_MEDIA_TYPES } from './media-types.js';
import { MultipartWriter } from './multipart.js';
import { TAGS } from './qido-params.js';
import { renderFrame, type RenderOptions } from './rendering.js';

/** What a WADO-RS request names: the instances in reach, with their series and study. */
export interface Located {
  study: StudyEntity;
  series: SeriesEntity[];
  instances: InstanceEntity[];
}

/** 406 Not Acceptable: nothing the Accept header allows can be given (PS3.18 8.7.4). */
export class NotAcceptableError extends Error {}

/** A frame number that the instance does not have: 400 (PS3.18 10.4.1.1.4? a bad frame list). */
export class BadFrameError extends Error {}

export const IMPLICIT_LE = '1.2.840.10008.1.2';
export const EXPLICIT_LE = '1.2.840.10008.1.2.1';
export const EXPLICIT_BE = '1.2.840.10008.1.2.2';

const num = (json: DicomJsonObject, tag: string): number | null => {
  const v = json[tag]?.Value?.[0];
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};

/**
 * WADO-RS (PS3.18 10.4): instances streamed from the object store as multipart/related parts, metadata as DICOM
 * JSON from the index with BulkDataURIs, frames and bulk data as ranged reads of the stored file, rendered frames.
 * Out of reach reads as absent (404). Every retrieve is an audited export, every metadata read an audited read.
 */
@Injectable()
export class WadoService {
  constructor(
    @Inject(UnitOfWork) private readonly uow: UnitOfWork,
    @Inject(StudiesRepository) private readonly archive: StudiesRepository,
    @Inject(InstanceFiles) private readonly files: InstanceFiles,
  ) {}

  async locate(
    access: RequestAccess,
    what: { study: string; series?: string; instance?: string },
    purpose: 'retrieve' | 'metadata',
  ): Promise<Located> {
    const found = await this.uow.read(
      access,
      (tx) =>
        this.archive.instancesOf(tx, access, what.study, what.series, what.instance ? [what.instance] : undefined),
      {
        audit: {
          action: purpose === 'retrieve' ? KIT_AUDIT_ACTIONS.export : KIT_AUDIT_ACTIONS.patientDataRead,
          target: (result) => {
            const r = result as Located | null;
            return r ? { type: 'study', id: r.study.id } : null;
          },
          details: { dicomweb: `wado ${purpose}`, ...what },
        },
      },
    );
    if (!found || (what.series && found.series.length === 0) || (what.instance && found.instances.length === 0))
      throw new NotFoundException('No such study, series or instance.');
    return found;
  }

  /**
   * The one instance a frame request names, with only what reading its frames needs: one query (the viewer asks
   * every frame of a series one request each; docs/decisions/0171), the same reach, row-level security, 404 and
   * audited export as locate(…, 'retrieve').
   */
  async locateFrames(
    access: RequestAccess,
    what: { study: string; series: string; instance: string },
  ): Promise<FrameSource> {
    const found = await this.uow.read(
      access,
      (tx) => this.archive.frameSource(tx, access, what.study, what.series, what.instance),
      {
        audit: {
          action: KIT_AUDIT_ACTIONS.export,
          target: (result) => {
            const r = result as { studyId: string } | null;
            return r ? { type: 'study', id: r.studyId } : null;
          },
          details: { dicomweb: 'wado retrieve', ...what },
        },
      },
    );
    if (!found) throw new NotFoundException('No such study, series or instance.');
    return found.instance;
  }

  /**
   * The instances as multipart/related; type="application/dicom", each streamed from storage in turn. Stored as
   * they were received: a request for a transfer syntax other than `*` or the stored one of every instance is 406
   * (the archive does not transcode; docs/decisions/0103).
   */
  async retrieve(located: Located, transferSyntax: string | null, out: WritableAnswer): Promise<void> {
    if (transferSyntax && transferSyntax !== '*')
      for (const instance of located.instances)
        if (instance.transferSyntaxUid !== transferSyntax)
          throw new NotAcceptableError(
            `instance ${instance.sopInstanceUid} is stored as ${instance.transferSyntaxUid}, not ${transferSyntax}`,
          );
    const writer = new MultipartWriter('application/dicom');
    out.start(200, { 'Content-Type': writer.contentType });
    const seriesUid = new Map(located.series.map((s) => [s.id, s.seriesInstanceUid]));
    for (const instance of located.instances) {
      const body = await this.files.stream(instance.storageKey);
      await out.write(
        writer.partHead({
          'Content-Type': `application/dicom; transfer-syntax=${instance.transferSyntaxUid}`,
          'Content-Length': String(instance.sizeBytes),
          'Content-Location': dicomwebUrls.instance(
            located.study.studyInstanceUid,
            seriesUid.get(instance.seriesId)!,
            instance.sopInstanceUid,
          ),
        }),
      );
      await pipeline(body, out.stream, { end: false });
    }
    await out.write(writer.end());
  }

  /** The instances' headers as DICOM JSON, the pixel data (and any other bulk data) as BulkDataURIs. */
  metadata(located: Located): DicomJsonObject[] {
    const seriesUid = new Map(located.series.map((s) => [s.id, s.seriesInstanceUid]));
    return located.instances.map((instance) => {
      const series = seriesUid.get(instance.seriesId)!;
      const json: DicomJsonObject = { ...instance.metadata };
      const base = dicomwebUrls.instance(located.study.studyInstanceUid, series, instance.sopInstanceUid);
      for (const [tag, value] of Object.entries(json))
        if (value.BulkDataURI && !/^(https?:)?\//.test(value.BulkDataURI))
          json[tag] = { vr: value.vr, BulkDataURI: `${base}/bulkdata/${tag}` };
      if (instance.pixelDataOffset !== null)
        json[TAGS.PixelData] = {
          vr: instance.pixelDataEncapsulated || (num(json, TAGS.BitsAllocated) ?? 16) <= 8 ? 'OB' : 'OW',
          BulkDataURI: dicomwebUrls.pixelData(located.study.studyInstanceUid, series, instance.sopInstanceUid),
        };
      return Object.fromEntries(Object.entries(json).sort(([a], [b]) => (a < b ? -1 : 1)));
    });
  }

  /** The media type a frame of this instance is served as, as stored (PS3.18 Table 8.7.3-5). */
  frameMediaType(instance: Pick<FrameSource, 'pixelDataEncapsulated' | 'transferSyntaxUid'>): string {
    return instance.pixelDataEncapsulated
      ? (FRAME_MEDIA_TYPES[instance.transferSyntaxUid] ?? 'application/octet-stream')
      : 'application/octet-stream';
  }

  /** Frames (1-based) as stored: native ones sliced from the pixel data, encapsulated ones joined from fragments. */
  async frames(instance: FrameSource, numbers: readonly number[] | 'all'): Promise<Buffer[]> {
    if (instance.pixelDataOffset === null || instance.pixelDataLength === null)
      throw new NotFoundException('The instance has no pixel data.');
    const count = Math.max(1, instance.numberOfFrames);
    const wanted = numbers === 'all' ? Array.from({ length: count }, (_, i) => i + 1) : numbers;
    for (const n of wanted)
      if (!Number.isInteger(n) || n < 1 || n > count)
        throw new BadFrameError(`frame ${n} is not a frame of this instance (it has ${count})`);
    const start = instance.pixelDataOffset;
    if (instance.pixelDataEncapsulated) {
      const value = await this.files.range(instance.storageKey, start, start + instance.pixelDataLength);
      const frames = framesOf(value, count);
      return wanted.map((n) => frameBytes(value, frames[n - 1]!));
    }
    const frameSize = Math.floor(instance.pixelDataLength / count);
    return Promise.all(
      wanted.map((n) => this.files.range(instance.storageKey, start + (n - 1) * frameSize, start + n * frameSize)),
    );
  }

  /** Frames as multipart/related parts of their stored media type. */
  async writeFrames(instance: FrameSource, frames: Buffer[], out: WritableAnswer, location: string): Promise<void> {
    const partType = this.frameMediaType(instance);
    const writer = new MultipartWriter(partType);
    const heads = frames.map((frame, index) =>
      writer.partHead({
        'Content-Type': `${partType}; transfer-syntax=${instance.transferSyntaxUid}`,
        'Content-Length': String(frame.length),
        'Content-Location': `${location}/${index + 1}`,
      }),
    );
    const end = writer.end();
    // the frames are in hand: the answer's length is known (no chunked encoding)
    const length = frames.reduce((sum, frame, index) => sum + frame.length + heads[index]!.length, end.length);
    out.start(200, { 'Content-Type': writer.contentType, 'Content-Length': String(length) });
    for (const [index, frame] of frames.entries()) {
      await out.write(heads[index]!);
      await out.write(frame);
    }
    await out.write(end);
  }

  async render(instance: InstanceEntity, frame: number, options: RenderOptions): Promise<Buffer> {
    const [bytes] = await this.frames(instance, [frame]);
    return renderFrame(bytes!, instance.transferSyntaxUid, instance.metadata, options);
  }
}

/** The answer being written: headers once, then chunks with back-pressure. */
export interface WritableAnswer {
  readonly stream: Writable;
  start(status: number, headers: Record<string, string>): void;
  write(chunk: Buffer): Promise<void>;
}
