import { BadRequestException, HttpException, HttpStatus, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { PartStream, streamed } from './dicomweb-answers.js';
import { NotAcceptableError } from './dicomweb.errors.js';
import { dicomwebUrls } from './dicomweb-paths.js';
import {
  Dicomweb,
  DicomwebController,
  DicomwebGet,
  frameList,
  resourceOf,
  type DicomwebCall,
  type DicomwebDoc,
} from './dicomweb-routes.js';
import { renderedPartType, renderedType } from './negotiation.js';
import type { RawQuery } from './qido-params.js';
import { NotRenderableError, type RenderOptions } from './rendering.js';
import { WadoService } from './wado.service.js';

/** The rendering parameters (PS3.18 8.3.5.1). */
const RENDER_PARAMETERS = [
  ['viewport', 'width,height to fit in'],
  ['quality', 'JPEG quality 1–100'],
  ['window', 'center,width[,function]'],
] as const;

/** One rendered image (of an instance or a frame, or a thumbnail). */
const imageDoc = (summary: string): DicomwebDoc => ({
  summary,
  success: { 200: 'image/jpeg or image/png' },
  errors: [404, 406],
  produces: ['image/jpeg', 'image/png'],
  query: RENDER_PARAMETERS,
});

/** A study or series rendered: one image per instance. */
const imagesDoc = (summary: string, order: string): DicomwebDoc => ({
  summary,
  success: { 200: `multipart/related; type="image/jpeg" (or image/png): one rendered image per instance, in ${order}` },
  errors: [404, 406],
  produces: ['multipart/related'],
  query: RENDER_PARAMETERS,
});

/**
 * WADO-RS rendered resources and thumbnails (PS3.18 10.4.1.1.3, 8.3.5): an instance's frame as JPEG or PNG, a
 * series' or study's instances as multipart/related images, a thumbnail of an instance, a series (its middle
 * instance) or a study (its first series' middle instance).
 */
@DicomwebController()
export class RenderedController {
  constructor(@Inject(WadoService) private readonly wado: WadoService) {}

  @DicomwebGet(
    'studies/:study/series/:series/instances/:instance/rendered',
    imageDoc('WADO-RS: the instance rendered (its first frame)'),
  )
  renderedInstance(@Dicomweb() call: DicomwebCall, @Res() res: Response) {
    return this.rendered(call, res, 1, false);
  }

  @DicomwebGet(
    'studies/:study/series/:series/instances/:instance/frames/:frames/rendered',
    imageDoc('WADO-RS: a frame rendered'),
  )
  renderedFrame(@Dicomweb() call: DicomwebCall, @Res() res: Response) {
    const numbers = frameList(call.params['frames'] ?? '');
    if (numbers.length !== 1) throw new BadRequestException('frames: render one frame at a time');
    return this.rendered(call, res, numbers[0]!, false);
  }

  @DicomwebGet(
    'studies/:study/series/:series/rendered',
    imagesDoc('WADO-RS: the series rendered (the first frame of each instance)', 'instance order'),
  )
  renderedSeries(@Dicomweb() call: DicomwebCall, @Res() res: Response) {
    return this.renderedMany(call, res);
  }

  @DicomwebGet(
    'studies/:study/rendered',
    imagesDoc('WADO-RS: the study rendered (the first frame of each instance)', 'series and instance order'),
  )
  renderedStudy(@Dicomweb() call: DicomwebCall, @Res() res: Response) {
    return this.renderedMany(call, res);
  }

  @DicomwebGet(
    'studies/:study/series/:series/instances/:instance/thumbnail',
    imageDoc('WADO-RS: a thumbnail of the instance'),
  )
  thumbnail(@Dicomweb() call: DicomwebCall, @Res() res: Response) {
    return this.rendered(call, res, 1, true);
  }

  @DicomwebGet(
    'studies/:study/series/:series/thumbnail',
    imageDoc('WADO-RS: a thumbnail of the series (its middle instance)'),
  )
  seriesThumbnail(@Dicomweb() call: DicomwebCall, @Res() res: Response) {
    return this.rendered(call, res, 1, true);
  }

  @DicomwebGet(
    'studies/:study/thumbnail',
    imageDoc("WADO-RS: a thumbnail of the study (its first series' middle instance)"),
  )
  studyThumbnail(@Dicomweb() call: DicomwebCall, @Res() res: Response) {
    return this.rendered(call, res, 1, true);
  }

  /** One image: the instance's frame, or (a series or study) its first series' middle instance's. */
  private async rendered(call: DicomwebCall, res: Response, frame: number, thumbnail: boolean) {
    const type = renderedType(call.accept);
    const what = resourceOf(call.params);
    const located = await this.wado.locate(call.access, what, 'metadata');
    const first = located.instances.filter((i) => i.seriesId === (located.instances[0]?.seriesId ?? ''));
    const target = what.instance ? located.instances[0] : first[Math.floor(first.length / 2)];
    if (!target) throw new HttpException('No such instance.', HttpStatus.NOT_FOUND);
    const image = await this.wado.render(target, frame, { type, ...renderParams(call.query, thumbnail) });
    res.status(200).type(type).send(image);
  }

  /**
   * A study or series rendered (PS3.18 10.4.1.1.3): each instance's first frame as a part; an instance that cannot
   * be rendered (no pixel data) is left out; none at all is 406.
   */
  private async renderedMany(call: DicomwebCall, res: Response) {
    const type = renderedPartType(call.accept);
    const located = await this.wado.locate(call.access, resourceOf(call.params), 'metadata');
    const options = { type, ...renderParams(call.query, false) };
    const seriesUid = new Map(located.series.map((s) => [s.id, s.seriesInstanceUid]));
    await streamed(res, async (out) => {
      const parts = new PartStream(out, type);
      for (const instance of located.instances) {
        if (instance.pixelDataOffset === null) continue;
        let image: Buffer;
        try {
          image = await this.wado.render(instance, 1, options);
        } catch (error) {
          if (error instanceof NotRenderableError || error instanceof NotAcceptableError) continue;
          throw error;
        }
        const location = dicomwebUrls.instance(
          located.study.studyInstanceUid,
          seriesUid.get(instance.seriesId)!,
          instance.sopInstanceUid,
        );
        await parts.part({ 'Content-Type': type, 'Content-Location': `${location}/rendered` }, image.length, image);
      }
      if (parts.count === 0) throw new NotRenderableError('No instance of it can be rendered.');
      await parts.end();
    });
  }
}

/** `viewport=w,h`, `quality`, `window=center,width,function` (PS3.18 8.3.5.1); a thumbnail fits 128×128 by default. */
function renderParams(q: RawQuery, thumbnail: boolean): Omit<RenderOptions, 'type'> {
  const out: Omit<RenderOptions, 'type'> = {};
  const text = (name: string) => (typeof q[name] === 'string' ? (q[name] as string) : undefined);
  const viewport = text('viewport');
  if (viewport) {
    const [w, h] = viewport.split(',').map(Number);
    if (!w || !h || w < 1 || h < 1 || w > 4096 || h > 4096) throw new BadRequestException('viewport: width,height');
    out.fit = { width: w, height: h };
  } else if (thumbnail) out.fit = { width: 128, height: 128 };
  const quality = text('quality');
  if (quality) {
    const n = Number(quality);
    if (!Number.isInteger(n) || n < 1 || n > 100) throw new BadRequestException('quality: 1–100');
    out.quality = n;
  }
  const window = text('window');
  if (window) {
    const [center, width] = window.split(',').map(Number);
    if (!Number.isFinite(center) || !Number.isFinite(width) || width! < 1)
      throw new BadRequestException('window: center,width[,function]');
    out.window = { center: center!, width: width! };
  }
  return out;
}
