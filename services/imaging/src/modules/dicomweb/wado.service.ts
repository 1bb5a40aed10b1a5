import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import type { DicomJsonObject } from '@rayworks/contracts';
import { parseInstanceHeader, type InstanceHeader } from '@rayworks/dicom';
import { KIT_AUDIT_ACTIONS, UnitOfWork, type RequestAccess } from '@rayworks/nest-kit';
import type { InstanceEntity } from '../studies/entities/instance.entity.js';
import type { SeriesEntity } from '../studies/entities/series.entity.js';
import type { StudyEntity } from '../studies/entities/study.entity.js';
import { bulkAt, withPublicBulkDataUris } from '../studies/bulk-locator.js';
import { StudiesRepository, type FrameSource } from '../studies/studies.repository.js';
import { PartStream, writeParts, type WritableAnswer } from './dicomweb-answers.js';
import { BadFrameError, NotAcceptableError } from './dicomweb.errors.js';
import { dicomwebUrls } from './dicomweb-paths.js';
import { frameBytes, framesOf } from './encapsulated-frames.js';
import { InstanceFiles } from './instance-files.js';
import { FRAME_MEDIA_TYPES } from './media-types.js';
import { TAGS } from './qido-params.js';
import { canRender, NotRenderableError, renderFrame, type RenderOptions } from './rendering.js';
import { canTranscode, TranscodeError, Transcoder } from './transcoder.js';

/** One instance of a batched frames retrieve: what reading its frames needs, its study and SOP Instance UID. */
export type SeriesFrameSource = FrameSource & { studyId: string; sopInstanceUid: string };

/** How many instances' frames a batched retrieve reads from the object store ahead of the one it writes. */
export const SERIES_READ_AHEAD = 4;

/** What a WADO-RS request names: the instances in reach, with their series and study. */
export interface Located {
  study: StudyEntity;
  series: SeriesEntity[];
  instances: InstanceEntity[];
}

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
    @Inject(Transcoder) private readonly transcoder: Transcoder,
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
   * The instances of one series whose frames a batched retrieve names (decision 0330), in the order asked (the
   * series' instance-number order when `sopUids` is null): one query for all, the same reach, row-level security and
   * audited export as one frame request; any asked instance not in that series in reach makes the whole request 404.
   */
  async locateSeriesFrames(
    access: RequestAccess,
    what: { study: string; series: string },
    sopUids: readonly string[] | null,
  ): Promise<SeriesFrameSource[]> {
    const found = await this.uow.read(
      access,
      (tx) => this.archive.frameSources(tx, access, what.study, what.series, sopUids),
      {
        audit: {
          action: KIT_AUDIT_ACTIONS.export,
          target: (result) => {
            const first = (result as SeriesFrameSource[])[0];
            return first ? { type: 'study', id: first.studyId } : null;
          },
          details: { dicomweb: 'wado retrieve', ...what, instances: sopUids?.length ?? 'all' },
        },
      },
    );
    if (found.length === 0) throw new NotFoundException('No such study or series.');
    if (!sopUids) return found;
    const bySop = new Map(found.map((source) => [source.sopInstanceUid, source]));
    const missing = sopUids.find((sop) => !bySop.has(sop));
    if (missing) throw new NotFoundException(`No such instance in this series: ${missing}.`);
    return sopUids.map((sop) => bySop.get(sop)!);
  }

  /**
   * Many instances' frames as one multipart/related answer, streamed part by part (decision 0330): each instance's
   * frames are read from the object store (`read`) up to SERIES_READ_AHEAD instances ahead of the one being written,
   * so the store's latency overlaps the socket's writes and the answer holds at most that many instances' frames.
   */
  async writeSeriesFrames(
    instances: readonly SeriesFrameSource[],
    read: (instance: SeriesFrameSource) => Promise<{ frames: Buffer[]; contentType: string }>,
    out: WritableAnswer,
    partType: string,
    location: (instance: SeriesFrameSource) => string,
  ): Promise<void> {
    const parts = new PartStream(out, partType);
    const reads: (Promise<{ frames: Buffer[]; contentType: string }> | null)[] = instances.map(() => null);
    const start = (k: number) => {
      if (k >= instances.length || reads[k]) return;
      const pending = read(instances[k]!);
      pending.catch(() => undefined); // awaited in turn below; a failure ahead must not be unhandled meanwhile
      reads[k] = pending;
    };
    for (let k = 0; k < instances.length; k++) {
      for (let ahead = k; ahead < k + SERIES_READ_AHEAD; ahead++) start(ahead);
      const { frames, contentType } = await reads[k]!;
      reads[k] = null;
      const at = location(instances[k]!);
      for (const [index, body] of frames.entries())
        await parts.part({ 'Content-Type': contentType, 'Content-Location': `${at}/${index + 1}` }, body.length, body);
    }
    await parts.end();
  }

  /**
   * The instances as multipart/related; type="application/dicom" (or, `single`, the one instance as application/dicom),
   * each streamed from storage in turn: as stored when `transferSyntax` is null or the stored one (byte for byte),
   * else transcoded (transcoder.ts; docs/decisions/0208). A syntax some instance cannot be given in is 406.
   */
  async retrieve(located: Located, transferSyntax: string | null, out: WritableAnswer, single = false): Promise<void> {
    for (const instance of located.instances)
      if (transferSyntax && !canTranscode(instance.transferSyntaxUid, transferSyntax))
        throw new NotAcceptableError(
          `instance ${instance.sopInstanceUid} is stored as ${instance.transferSyntaxUid} and cannot be given as ${transferSyntax}`,
        );
    const parts = new PartStream(out, 'application/dicom', single);
    const seriesUid = new Map(located.series.map((s) => [s.id, s.seriesInstanceUid]));
    for (const instance of located.instances) {
      const syntax = transferSyntax ?? instance.transferSyntaxUid;
      const transcoded =
        syntax === instance.transferSyntaxUid
          ? null
          : await this.transcoder
              .transcode(await this.files.stream(instance.storageKey), instance.transferSyntaxUid, syntax)
              .catch((error: unknown) => {
                if (error instanceof TranscodeError) throw new NotAcceptableError(error.message);
                throw error;
              });
      try {
        const location = dicomwebUrls.instance(
          located.study.studyInstanceUid,
          seriesUid.get(instance.seriesId)!,
          instance.sopInstanceUid,
        );
        await parts.part(
          { 'Content-Type': `application/dicom; transfer-syntax=${syntax}`, 'Content-Location': location },
          transcoded ? transcoded.size : instance.sizeBytes,
          transcoded ? createReadStream(transcoded.path) : await this.files.stream(instance.storageKey),
        );
      } finally {
        await transcoded?.dispose();
      }
    }
    await parts.end();
  }

  /** The instances' headers as DICOM JSON, the pixel data and every other bulk data element as BulkDataURIs. */
  metadata(located: Located): DicomJsonObject[] {
    const seriesUid = new Map(located.series.map((s) => [s.id, s.seriesInstanceUid]));
    return located.instances.map((instance) => {
      const series = seriesUid.get(instance.seriesId)!;
      const base = dicomwebUrls.instance(located.study.studyInstanceUid, series, instance.sopInstanceUid);
      const json = withPublicBulkDataUris(instance.metadata, (path) => `${base}/bulkdata/${path}`);
      if (instance.pixelDataOffset !== null)
        json[TAGS.PixelData] = {
          vr: instance.pixelDataEncapsulated || (num(json, TAGS.BitsAllocated) ?? 16) <= 8 ? 'OB' : 'OW',
          BulkDataURI: dicomwebUrls.pixelData(located.study.studyInstanceUid, series, instance.sopInstanceUid),
        };
      return Object.fromEntries(Object.entries(json).sort(([a], [b]) => (a < b ? -1 : 1)));
    });
  }

  /**
   * A bulk data element other than the pixel data (its path as /metadata's BulkDataURI gives it): its bytes from the
   * stored file, little endian (PS3.18 8.7.3.3: uncompressed bulk data is little endian; a big endian file's words
   * are swapped), or null when the instance has no such element.
   */
  async bulkData(instance: InstanceEntity, path: string): Promise<Buffer | null> {
    const where = bulkAt(instance.metadata, path);
    if (!where) return null;
    const bytes = await this.files.range(instance.storageKey, where.offset, where.offset + where.length);
    const width = WORD_WIDTH[where.vr];
    if (instance.transferSyntaxUid === EXPLICIT_BE && width) swapWords(bytes, width);
    return bytes;
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

  /**
   * Frames as multipart/related parts (or, `single`, the one frame alone) of the media type and transfer syntax
   * given: the stored ones by default.
   */
  async writeFrames(
    instance: FrameSource,
    frames: Buffer[],
    out: WritableAnswer,
    location: string,
    as: { partType?: string; transferSyntax?: string; single?: boolean } = {},
  ): Promise<void> {
    const partType = as.partType ?? this.frameMediaType(instance);
    const contentType = `${partType}; transfer-syntax=${as.transferSyntax ?? instance.transferSyntaxUid}`;
    const parts = frames.map((body, index) => ({
      headers: { 'Content-Type': contentType, 'Content-Location': `${location}/${index + 1}` },
      body,
    }));
    await writeParts(out, partType, parts, as.single ?? false);
  }

  /**
   * Native frames in an uncompressed syntax (`to`): the stored bytes when both are little endian (implicit and
   * explicit VR frames are the same bytes), else the instance transcoded (big endian, compressed) and its frames
   * sliced from the result.
   */
  async nativeFrames(instance: FrameSource, numbers: readonly number[] | 'all', to: string): Promise<Buffer[]> {
    const from = instance.transferSyntaxUid;
    if (!instance.pixelDataEncapsulated && LITTLE_ENDIAN_NATIVE.has(from) && LITTLE_ENDIAN_NATIVE.has(to))
      return this.frames(instance, numbers);
    if (!canTranscode(from, to)) throw new NotAcceptableError(`frames stored as ${from} cannot be given as ${to}`);
    const { header, bytes } = await this.decoded(instance, to);
    return nativeSlices(header, bytes, instance.numberOfFrames, numbers);
  }

  /** The instance transcoded to an uncompressed syntax, read whole, with its parsed header. */
  private async decoded(instance: FrameSource, to: string): Promise<{ header: InstanceHeader; bytes: Buffer }> {
    const file = await this.transcoder
      .transcode(await this.files.stream(instance.storageKey), instance.transferSyntaxUid, to)
      .catch((error: unknown) => {
        if (error instanceof TranscodeError) throw new NotAcceptableError(error.message);
        throw error;
      });
    try {
      const bytes = await readFile(file.path);
      return { header: parseInstanceHeader(bytes), bytes };
    } finally {
      await file.dispose();
    }
  }

  /**
   * One frame rendered: native frames and the JPEG sharp decodes directly; anything else (JPEG 2000, JPEG-LS, RLE,
   * 12-bit JPEG that libvips refuses) decoded to explicit VR little endian first (transcoder.ts), then rendered as
   * native data with the decoded header (its photometric interpretation, e.g. RGB from YBR).
   */
  async render(instance: InstanceEntity, frame: number, options: RenderOptions): Promise<Buffer> {
    const syntax = instance.transferSyntaxUid;
    if (canRender(syntax)) {
      try {
        const [bytes] = await this.frames(instance, [frame]);
        return await renderFrame(bytes!, syntax, instance.metadata, options);
      } catch (error) {
        if (!(error instanceof NotRenderableError) || !instance.pixelDataEncapsulated) throw error;
      }
    }
    if (!canTranscode(syntax, EXPLICIT_LE))
      throw new NotRenderableError(`frames of transfer syntax ${syntax} cannot be rendered`);
    if (instance.pixelDataOffset === null) throw new NotFoundException('The instance has no pixel data.');
    const { header, bytes } = await this.decoded(instance, EXPLICIT_LE);
    const [decoded] = nativeSlices(header, bytes, instance.numberOfFrames, [frame]);
    return renderFrame(decoded!, EXPLICIT_LE, header.dicomJson, options);
  }
}

/** Frames (1-based) of a decoded instance's native pixel data. */
function nativeSlices(
  header: InstanceHeader,
  bytes: Buffer,
  numberOfFrames: number,
  numbers: readonly number[] | 'all',
): Buffer[] {
  const pixels = header.pixelData;
  if (!pixels || pixels.encapsulated) throw new NotAcceptableError('the transcoded instance has no native pixel data');
  const count = Math.max(1, numberOfFrames);
  const wanted = numbers === 'all' ? Array.from({ length: count }, (_, i) => i + 1) : numbers;
  for (const n of wanted)
    if (!Number.isInteger(n) || n < 1 || n > count)
      throw new BadFrameError(`frame ${n} is not a frame of this instance (it has ${count})`);
  const frameSize = Math.floor(pixels.length / count);
  return wanted.map((n) =>
    Buffer.from(bytes.subarray(pixels.offset + (n - 1) * frameSize, pixels.offset + n * frameSize)),
  );
}

/** The width of one word of a binary VR, for byte swapping (OB and UN are bytes). */
const WORD_WIDTH: Record<string, number> = { OW: 2, OF: 4, OL: 4, OD: 8, OV: 8 };

function swapWords(bytes: Buffer, width: number): void {
  if (width === 2) bytes.swap16();
  else if (width === 4) bytes.swap32();
  else bytes.swap64();
}

const LITTLE_ENDIAN_NATIVE: ReadonlySet<string> = new Set([IMPLICIT_LE, EXPLICIT_LE]);
