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
  resourceOf,
  type DicomwebCall,
} from './dicomweb-routes.js';
import type { MediaRange } from './media-types.js';
import { bulkDataPlan, framesPlan } from './negotiation.js';
import { WadoService } from './wado.service.js';

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
