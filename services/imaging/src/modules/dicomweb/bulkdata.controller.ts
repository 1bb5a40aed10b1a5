import { HttpException, HttpStatus, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { FrameSource } from '../studies/studies.repository.js';
import { streamed, writeParts } from './dicomweb-answers.js';
import { dicomwebUrls } from './dicomweb-paths.js';
import {
  Dicomweb,
  DicomwebController,
  DicomwebGet,
  frameList,
  instanceList,
  resourceOf,
  SERIES_FRAMES_MAX_INSTANCES,
  type DicomwebCall,
} from './dicomweb-routes.js';
import type { MediaRange } from './media-types.js';
import { bulkDataPlan, framesPlan } from './negotiation.js';
import { WadoService, type SeriesFrameSource } from './wado.service.js';

const OCTETS = 'application/octet-stream';

/**
 * WADO-RS frames and bulk data (PS3.18 10.4.1.1.4, 10.4.1.1.5): ranged reads of the stored file — the pixel data's
 * frames (stored, or native in an uncompressed syntax) and any other element /metadata gives a BulkDataURI.
 */
@DicomwebController()
export class BulkdataController {
  constructor(@Inject(WadoService) private readonly wado: WadoService) {}

  @DicomwebGet('studies/:study/series/:series/instances/:instance/frames/:frames', {
    summary: 'WADO-RS: frames (1-based, comma-separated)',
    success: {
      200:
        'multipart/related; type="application/octet-stream" (native, in the transfer syntax asked: default explicit VR ' +
        'little endian, decoded from a compressed instance) or the stored compressed type (image/jpeg …, or any with ' +
        'transfer-syntax=*); one frame may also be asked as a single part (the bare media type).',
    },
    errors: [404, 406],
    produces: ['multipart/related', OCTETS],
  })
  async frames(@Dicomweb() call: DicomwebCall, @Res() res: Response) {
    const numbers = frameList(call.params['frames'] ?? '');
    const what = resourceOf(call.params) as Required<ReturnType<typeof resourceOf>>;
    const target = await this.wado.locateFrames(call.access, what);
    await this.sendFrames(call.accept, res, target, numbers, `${this.locationOf(call)}/frames`);
  }

  @DicomwebGet('studies/:study/series/:series/pixeldata', {
    summary: "WADO-RS: the frames of many instances of a series in one answer (a series' pixel data)",
    success: {
      200:
        'multipart/related: every frame of each instance `instances` names, in that order (absent: every instance ' +
        "of the series, by instance number), one part each, its Content-Location the frame's URL; each part as the " +
        'frames route gives it for the Accept header (the stored frames with transfer-syntax=*).',
    },
    errors: [404, 406],
    produces: ['multipart/related'],
    query: [
      [
        'instances',
        `SOP Instance UIDs of the series, comma-separated, each once, at most ${SERIES_FRAMES_MAX_INSTANCES} (400 ` +
          'otherwise); one not in the series in reach is 404.',
      ],
    ],
  })
  async seriesFrames(@Dicomweb() call: DicomwebCall, @Res() res: Response) {
    const what = resourceOf(call.params) as Required<Omit<ReturnType<typeof resourceOf>, 'instance'>>;
    const sopUids = instanceList(call.query['instances']);
    const instances = await this.wado.locateSeriesFrames(call.access, what, sopUids);
    const bare = instances.find((instance) => instance.pixelDataOffset === null);
    if (bare) throw new HttpException(`Instance ${bare.sopInstanceUid} has no pixel data.`, HttpStatus.NOT_FOUND);
    const plans = new Map(
      instances.map((instance) => {
        const stored = this.wado.frameMediaType(instance);
        const plan = framesPlan(call.accept, {
          stored,
          transferSyntaxUid: instance.transferSyntaxUid,
          pixelDataEncapsulated: instance.pixelDataEncapsulated,
          one: false,
        });
        const contentType = plan.native
          ? `${OCTETS}; transfer-syntax=${plan.native}`
          : `${stored}; transfer-syntax=${instance.transferSyntaxUid}`;
        return [instance, { native: plan.native, partType: plan.native ? OCTETS : stored, contentType }] as const;
      }),
    );
    const read = async (instance: SeriesFrameSource) => {
      const plan = plans.get(instance)!;
      const frames = plan.native
        ? await this.wado.nativeFrames(instance, 'all', plan.native)
        : await this.wado.frames(instance, 'all');
      return { frames, contentType: plan.contentType };
    };
    await streamed(res, (out) =>
      this.wado.writeSeriesFrames(instances, read, out, plans.get(instances[0]!)!.partType, (instance) =>
        dicomwebUrls.instance(what.study, what.series, instance.sopInstanceUid).concat('/frames'),
      ),
    );
  }

  @DicomwebGet('studies/:study/series/:series/instances/:instance/bulkdata/:path', {
    summary:
      'WADO-RS: bulk data — the pixel data (7FE00010: its frames, as the frames route answers them) or any other ' +
      "element /metadata gives a BulkDataURI (a tag, or in a sequence's item: tag.item.tag)",
    success: {
      200:
        'multipart/related; type="application/octet-stream" (or application/octet-stream alone: one part), little ' +
        'endian.',
    },
    errors: [404, 406],
    produces: ['multipart/related', OCTETS],
  })
  async bulkdata(@Dicomweb() call: DicomwebCall, @Res() res: Response) {
    const what = resourceOf(call.params) as Required<ReturnType<typeof resourceOf>>;
    const path = call.params['path'] ?? '';
    if (path.toUpperCase() === '7FE00010') {
      const target = await this.wado.locateFrames(call.access, what);
      await this.sendFrames(call.accept, res, target, 'all', `${this.locationOf(call)}/frames`);
      return;
    }
    const plan = bulkDataPlan(call.accept);
    const located = await this.wado.locate(call.access, what, 'retrieve');
    const bytes = await this.wado.bulkData(located.instances[0]!, path);
    if (!bytes) throw new HttpException('No such bulk data.', HttpStatus.NOT_FOUND);
    const part = {
      headers: { 'Content-Type': OCTETS, 'Content-Location': `${this.locationOf(call)}/bulkdata/${path}` },
      body: bytes,
    };
    await streamed(res, (out) => writeParts(out, OCTETS, [part], plan.single));
  }

  /** The instance's address as clients see it (the UIDs as the path gives them). */
  private locationOf(call: DicomwebCall): string {
    const { study, series, instance } = call.params;
    return dicomwebUrls.instance(study!, series!, instance!);
  }

  /**
   * Frames as the Accept header allows (negotiation.ts framesPlan): the stored frames, or native ones transcoded
   * where the stored syntax differs (WadoService.nativeFrames).
   */
  private async sendFrames(
    accept: MediaRange[],
    res: Response,
    target: FrameSource,
    numbers: number[] | 'all',
    location: string,
  ): Promise<void> {
    const stored = this.wado.frameMediaType(target);
    const plan = framesPlan(accept, {
      stored,
      transferSyntaxUid: target.transferSyntaxUid,
      pixelDataEncapsulated: target.pixelDataEncapsulated,
      one: numbers !== 'all' ? numbers.length === 1 : Math.max(1, target.numberOfFrames) === 1,
    });
    const bytes = plan.native
      ? await this.wado.nativeFrames(target, numbers, plan.native)
      : await this.wado.frames(target, numbers);
    await streamed(res, (out) =>
      this.wado.writeFrames(target, bytes, out, location, {
        partType: plan.native ? OCTETS : stored,
        transferSyntax: plan.native ?? target.transferSyntaxUid,
        single: plan.single,
      }),
    );
  }
}
