import { once } from 'node:events';
import {
  BadRequestException,
  Controller,
  Get,
  HttpException,
  HttpStatus,
  Inject,
  Param,
  Post,
  Query,
  Req,
  Res,
  applyDecorators,
} from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { requirement, WORKLIST } from '@rayworks/contracts';
import {
  AcceptBearerAlone,
  AcceptStudyToken,
  CurrentAccess,
  ERROR_DESCRIPTIONS,
  RequirePrivilege,
  type RequestAccess,
} from '@rayworks/nest-kit';
import { FilterError } from '../studies/study-query.js';
import { EncapsulatedDataError } from './encapsulated-frames.js';
import { acceptsDicomJson, multipartChoices, parseAccept, pickSingle } from './media-types.js';
import { parseQidoQuery, QidoParameterError, type QidoLevel, type RawQuery } from './qido-params.js';
import { QidoService, type QidoAnswer } from './qido.service.js';
import { NotRenderableError, type RenderedType } from './rendering.js';
import { StowService, StowRequestError } from './stow.service.js';
import { dicomwebUrls } from './dicomweb-paths.js';
import { BadFrameError, NotAcceptableError, WadoService, type WritableAnswer } from './wado.service.js';

const UID = /^[0-9]+(\.[0-9]+)*$/;
const uid = (value: string, what: string): string => {
  if (value.length > 64 || !UID.test(value)) throw new BadRequestException(`${what}: ${value} is not a UID`);
  return value;
};

const DICOM_JSON = 'application/dicom+json';
const VIEW = requirement('WORKLIST', WORKLIST.VIEW);
const IMPORT = requirement('WORKLIST', WORKLIST.IMPORT);
/**
 * A read: WORKLIST › VIEW, with the access token or with a viewer's study token (docs/decisions/0164: the request
 * then reaches the token's studies alone; STOW takes no study token).
 */
const DicomwebRead = () => applyDecorators(RequirePrivilege(VIEW), AcceptStudyToken());

/** OpenAPI: the statuses a DICOMweb route answers, besides its success. */
function DicomwebRoute(summary: string, success: Record<number, string>, errors: number[], produces: string[]) {
  return applyDecorators(
    ApiOperation({
      summary,
      description:
        'DICOMweb (PS3.18). Authorization: Bearer <access token> alone is enough (docs/decisions/0102); the session ' +
        'the token names must be alive. The read routes also take a study token of a viewer (docs/decisions/0164): ' +
        'then only its studies are reached (any other reads as absent, 404), and one past its lifetime answers 401.',
    }),
    ApiBearerAuth(),
    ApiProduces(...produces),
    ...Object.entries(success).map(([status, description]) => ApiResponse({ status: Number(status), description })),
    ...[...new Set([400, 401, 403, 440, 500, 503, ...errors])]
      .sort((a, b) => a - b)
      .map((status) =>
        ApiResponse({
          status,
          description:
            status === 406
              ? 'Nothing the Accept header allows can be given (media type or transfer syntax).'
              : status === 413
                ? 'The request body passes the size limit.'
                : status === 415
                  ? 'The body is not multipart/related; type="application/dicom".'
                  : (ERROR_DESCRIPTIONS[status as keyof typeof ERROR_DESCRIPTIONS] ?? ''),
        }),
      ),
  );
}

/** The QIDO-RS query parameters (any other attribute by keyword or tag is matched or ignored with a Warning). */
const QIDO_PARAMETERS: [string, string][] = [
  ['PatientName', 'Person name; * and ? wildcards; case-insensitive'],
  ['PatientID', 'Exact, or with * and ? wildcards'],
  ['StudyDate', 'YYYYMMDD, or a range YYYYMMDD-YYYYMMDD with either end open'],
  ['AccessionNumber', 'Exact, or with wildcards'],
  ['ModalitiesInStudy', 'Any of these modalities (comma-separated)'],
  ['StudyInstanceUID', 'UIDs, comma-separated or repeated'],
  ['includefield', 'More attributes by keyword or tag (comma-separated or repeated), or all'],
  ['limit', 'At most this many matches (1–1000, default 100)'],
  ['offset', 'Skip this many matches'],
  ['fuzzymatching', 'Accepted and ignored'],
];
const QIDO_DOC = (summary: string) =>
  applyDecorators(
    DicomwebRoute(summary, { 200: 'The matches as DICOM JSON (an empty array when none match).' }, [406], [DICOM_JSON]),
    ...QIDO_PARAMETERS.map(([name, description]) =>
      ApiQuery({ name, required: false, description, schema: { type: 'string' } }),
    ),
  );
/** The rendering parameters (PS3.18 8.3.5.1). */
const RENDER_PARAMETERS = applyDecorators(
  ApiQuery({ name: 'viewport', required: false, description: 'width,height to fit in', schema: { type: 'string' } }),
  ApiQuery({ name: 'quality', required: false, description: 'JPEG quality 1–100', schema: { type: 'string' } }),
  ApiQuery({ name: 'window', required: false, description: 'center,width[,function]', schema: { type: 'string' } }),
);
const RETRIEVE_DOC = (summary: string) =>
  DicomwebRoute(
    summary,
    { 200: 'multipart/related; type="application/dicom": the instances as stored, streamed.' },
    [404, 406],
    ['multipart/related'],
  );
const METADATA_DOC = (summary: string) =>
  DicomwebRoute(summary, { 200: "The instances' headers as DICOM JSON with BulkDataURIs." }, [404, 406], [DICOM_JSON]);

/** Wraps an express response for streaming with back-pressure. */
function answer(res: Response): WritableAnswer {
  return {
    stream: res,
    start(status, headers) {
      res.status(status);
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    },
    async write(chunk) {
      if (!res.write(chunk)) await once(res, 'drain');
    },
  };
}

/**
 * DICOMweb under /api/imaging/dicomweb (PS3.18): QIDO-RS, WADO-RS, STOW-RS. Every route needs WORKLIST › VIEW
 * (STOW: WORKLIST › IMPORT), takes the access token alone as DICOMweb clients send it, and sees only the studies of
 * the caller's company (row-level security) within its reach (group / centres).
 */
@ApiTags('dicomweb')
@Controller('dicomweb')
@AcceptBearerAlone()
export class DicomwebController {
  constructor(
    @Inject(QidoService) private readonly qido: QidoService,
    @Inject(WadoService) private readonly wado: WadoService,
    @Inject(StowService) private readonly stow: StowService,
  ) {}

  // ---- QIDO-RS ----

  @Get('studies')
  @DicomwebRead()
  @QIDO_DOC('QIDO-RS: search for studies')
  async searchStudies(
    @CurrentAccess() access: RequestAccess,
    @Query() q: RawQuery,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await this.search(req, res, 'studies', q, (query) => this.qido.studies(access, query));
  }

  @Get('series')
  @DicomwebRead()
  @QIDO_DOC('QIDO-RS: search for series of any study')
  async searchAllSeries(
    @CurrentAccess() access: RequestAccess,
    @Query() q: RawQuery,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await this.search(req, res, 'series', q, (query) => this.qido.series(access, query, true));
  }

  @Get('instances')
  @DicomwebRead()
  @QIDO_DOC('QIDO-RS: search for instances of any study')
  async searchAllInstances(
    @CurrentAccess() access: RequestAccess,
    @Query() q: RawQuery,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await this.search(req, res, 'instances', q, (query) => this.qido.instances(access, query));
  }

  @Get('studies/:study/series')
  @DicomwebRead()
  @QIDO_DOC("QIDO-RS: search for a study's series")
  async searchSeries(
    @CurrentAccess() access: RequestAccess,
    @Param('study') study: string,
    @Query() q: RawQuery,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    uid(study, 'StudyInstanceUID');
    await this.search(req, res, 'series', q, (query) =>
      this.qido.series(access, { ...query, study: { ...query.study, studyInstanceUids: [study] } }, false),
    );
  }

  @Get('studies/:study/instances')
  @DicomwebRead()
  @QIDO_DOC("QIDO-RS: search for a study's instances")
  async searchStudyInstances(
    @CurrentAccess() access: RequestAccess,
    @Param('study') study: string,
    @Query() q: RawQuery,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    uid(study, 'StudyInstanceUID');
    await this.search(req, res, 'instances', q, (query) =>
      this.qido.instances(access, { ...query, study: { ...query.study, studyInstanceUids: [study] } }),
    );
  }

  @Get('studies/:study/series/:series/instances')
  @DicomwebRead()
  @QIDO_DOC("QIDO-RS: search for a series' instances")
  async searchInstances(
    @CurrentAccess() access: RequestAccess,
    @Param('study') study: string,
    @Param('series') series: string,
    @Query() q: RawQuery,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    uid(study, 'StudyInstanceUID');
    uid(series, 'SeriesInstanceUID');
    await this.search(req, res, 'instances', q, (query) =>
      this.qido.instances(access, {
        ...query,
        study: { ...query.study, studyInstanceUids: [study] },
        series: { ...query.series, seriesInstanceUids: [series] },
      }),
    );
  }

  private async search(
    req: Request,
    res: Response,
    level: QidoLevel,
    raw: RawQuery,
    run: (query: ReturnType<typeof parseQidoQuery>) => Promise<QidoAnswer>,
  ) {
    if (!acceptsDicomJson(parseAccept(req.headers.accept)))
      throw new HttpException('QIDO-RS answers application/dicom+json only.', HttpStatus.NOT_ACCEPTABLE);
    let query;
    try {
      query = parseQidoQuery(level, raw);
    } catch (error) {
      if (error instanceof QidoParameterError || error instanceof FilterError)
        throw new BadRequestException(error.message);
      throw error;
    }
    const result = await run(query);
    const warnings: string[] = [];
    if (query.ignored.length)
      warnings.push(
        `299 Rayworks: The following attributes are not supported for matching: ${query.ignored.join(', ')}`,
      );
    if (result.more) warnings.push('299 Rayworks: There are additional results that can be requested');
    if (warnings.length) res.setHeader('Warning', warnings.join(', '));
    res.status(200).type(DICOM_JSON).send(JSON.stringify(result.matches));
  }

  // ---- WADO-RS: instances ----

  @Get('studies/:study')
  @DicomwebRead()
  @RETRIEVE_DOC('WADO-RS: retrieve a study')
  async retrieveStudy(
    @CurrentAccess() a: RequestAccess,
    @Param('study') study: string,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await this.retrieve(a, { study: uid(study, 'study') }, req, res);
  }

  @Get('studies/:study/series/:series')
  @DicomwebRead()
  @RETRIEVE_DOC('WADO-RS: retrieve a series')
  async retrieveSeries(
    @CurrentAccess() a: RequestAccess,
    @Param('study') study: string,
    @Param('series') series: string,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await this.retrieve(a, { study: uid(study, 'study'), series: uid(series, 'series') }, req, res);
  }

  @Get('studies/:study/series/:series/instances/:instance')
  @DicomwebRead()
  @RETRIEVE_DOC('WADO-RS: retrieve an instance')
  async retrieveInstance(
    @CurrentAccess() a: RequestAccess,
    @Param('study') study: string,
    @Param('series') series: string,
    @Param('instance') instance: string,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await this.retrieve(
      a,
      { study: uid(study, 'study'), series: uid(series, 'series'), instance: uid(instance, 'instance') },
      req,
      res,
    );
  }

  private async retrieve(
    access: RequestAccess,
    what: { study: string; series?: string; instance?: string },
    req: Request,
    res: Response,
  ) {
    const choices = multipartChoices(parseAccept(req.headers.accept), ['application/dicom']);
    if (choices.length === 0)
      throw new HttpException(
        'WADO-RS retrieves multipart/related; type="application/dicom".',
        HttpStatus.NOT_ACCEPTABLE,
      );
    const located = await this.wado.locate(access, what, 'retrieve');
    // the first choice every instance can be given in (any transfer syntax, or the one all are stored in)
    const choice = choices.find(
      (c) =>
        !c.transferSyntax ||
        c.transferSyntax === '*' ||
        located.instances.every((i) => i.transferSyntaxUid === c.transferSyntax),
    );
    if (!choice)
      throw new HttpException(
        'The instances are not stored in the transfer syntax asked for.',
        HttpStatus.NOT_ACCEPTABLE,
      );
    await this.streamed(res, () => this.wado.retrieve(located, choice.transferSyntax, answer(res)));
  }

  // ---- WADO-RS: metadata ----

  @Get('studies/:study/metadata')
  @DicomwebRead()
  @METADATA_DOC("WADO-RS: a study's metadata")
  async studyMetadata(
    @CurrentAccess() a: RequestAccess,
    @Param('study') study: string,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await this.metadata(a, { study: uid(study, 'study') }, req, res);
  }

  @Get('studies/:study/series/:series/metadata')
  @DicomwebRead()
  @METADATA_DOC("WADO-RS: a series' metadata")
  async seriesMetadata(
    @CurrentAccess() a: RequestAccess,
    @Param('study') study: string,
    @Param('series') series: string,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await this.metadata(a, { study: uid(study, 'study'), series: uid(series, 'series') }, req, res);
  }

  @Get('studies/:study/series/:series/instances/:instance/metadata')
  @DicomwebRead()
  @METADATA_DOC("WADO-RS: an instance's metadata")
  async instanceMetadata(
    @CurrentAccess() a: RequestAccess,
    @Param('study') study: string,
    @Param('series') series: string,
    @Param('instance') instance: string,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await this.metadata(
      a,
      { study: uid(study, 'study'), series: uid(series, 'series'), instance: uid(instance, 'instance') },
      req,
      res,
    );
  }

  private async metadata(
    access: RequestAccess,
    what: { study: string; series?: string; instance?: string },
    req: Request,
    res: Response,
  ) {
    if (!acceptsDicomJson(parseAccept(req.headers.accept)))
      throw new HttpException('Metadata is application/dicom+json.', HttpStatus.NOT_ACCEPTABLE);
    const located = await this.wado.locate(access, what, 'metadata');
    res
      .status(200)
      .type(DICOM_JSON)
      .send(JSON.stringify(this.wado.metadata(located)));
  }

  // ---- WADO-RS: frames, bulk data, rendered, thumbnail ----

  @Get('studies/:study/series/:series/instances/:instance/frames/:frames')
  @DicomwebRead()
  @DicomwebRoute(
    'WADO-RS: frames (1-based, comma-separated) as stored',
    { 200: 'multipart/related; type="application/octet-stream" (native) or the compressed type (image/jpeg …)' },
    [404, 406],
    ['multipart/related'],
  )
  async frames(
    @CurrentAccess() a: RequestAccess,
    @Param('study') study: string,
    @Param('series') series: string,
    @Param('instance') instance: string,
    @Param('frames') frames: string,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const numbers = frameList(frames);
    const target = await this.wado.locateFrames(a, {
      study: uid(study, 'study'),
      series: uid(series, 'series'),
      instance: uid(instance, 'instance'),
    });
    this.checkFrameAccept(req, target);
    const bytes = await this.guard(() => this.wado.frames(target, numbers));
    await this.streamed(res, () =>
      this.wado.writeFrames(target, bytes, answer(res), `${dicomwebUrls.instance(study, series, instance)}/frames`),
    );
  }

  @Get('studies/:study/series/:series/instances/:instance/bulkdata/:tag')
  @DicomwebRead()
  @DicomwebRoute(
    'WADO-RS: bulk data (the pixel data, 7FE00010: its frames as stored)',
    { 200: 'multipart/related; type="application/octet-stream"' },
    [404, 406],
    ['multipart/related'],
  )
  async bulkdata(
    @CurrentAccess() a: RequestAccess,
    @Param('study') study: string,
    @Param('series') series: string,
    @Param('instance') instance: string,
    @Param('tag') tag: string,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    if (tag.toUpperCase() !== '7FE00010') throw new HttpException('No such bulk data.', HttpStatus.NOT_FOUND);
    const target = await this.wado.locateFrames(a, {
      study: uid(study, 'study'),
      series: uid(series, 'series'),
      instance: uid(instance, 'instance'),
    });
    this.checkFrameAccept(req, target);
    const bytes = await this.guard(() => this.wado.frames(target, 'all'));
    await this.streamed(res, () =>
      this.wado.writeFrames(target, bytes, answer(res), `${dicomwebUrls.instance(study, series, instance)}/frames`),
    );
  }

  @Get('studies/:study/series/:series/instances/:instance/rendered')
  @DicomwebRead()
  @DicomwebRoute(
    'WADO-RS: the instance rendered (its first frame)',
    { 200: 'image/jpeg or image/png' },
    [404, 406],
    ['image/jpeg', 'image/png'],
  )
  @RENDER_PARAMETERS
  async renderedInstance(
    @CurrentAccess() a: RequestAccess,
    @Param('study') study: string,
    @Param('series') series: string,
    @Param('instance') instance: string,
    @Query() q: RawQuery,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await this.rendered(a, { study, series, instance }, 1, q, req, res, false);
  }

  @Get('studies/:study/series/:series/instances/:instance/frames/:frames/rendered')
  @DicomwebRead()
  @DicomwebRoute(
    'WADO-RS: a frame rendered',
    { 200: 'image/jpeg or image/png' },
    [404, 406],
    ['image/jpeg', 'image/png'],
  )
  @RENDER_PARAMETERS
  async renderedFrame(
    @CurrentAccess() a: RequestAccess,
    @Param('study') study: string,
    @Param('series') series: string,
    @Param('instance') instance: string,
    @Param('frames') frames: string,
    @Query() q: RawQuery,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const numbers = frameList(frames);
    if (numbers.length !== 1) throw new BadRequestException('frames: render one frame at a time');
    await this.rendered(a, { study, series, instance }, numbers[0]!, q, req, res, false);
  }

  @Get('studies/:study/series/:series/instances/:instance/thumbnail')
  @DicomwebRead()
  @DicomwebRoute(
    'WADO-RS: a thumbnail of the instance',
    { 200: 'image/jpeg or image/png' },
    [404, 406],
    ['image/jpeg', 'image/png'],
  )
  @RENDER_PARAMETERS
  async thumbnail(
    @CurrentAccess() a: RequestAccess,
    @Param('study') study: string,
    @Param('series') series: string,
    @Param('instance') instance: string,
    @Query() q: RawQuery,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await this.rendered(a, { study, series, instance }, 1, q, req, res, true);
  }

  @Get('studies/:study/series/:series/thumbnail')
  @DicomwebRead()
  @DicomwebRoute(
    'WADO-RS: a thumbnail of the series (its middle instance)',
    { 200: 'image/jpeg or image/png' },
    [404, 406],
    ['image/jpeg', 'image/png'],
  )
  @RENDER_PARAMETERS
  async seriesThumbnail(
    @CurrentAccess() a: RequestAccess,
    @Param('study') study: string,
    @Param('series') series: string,
    @Query() q: RawQuery,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await this.rendered(a, { study, series }, 1, q, req, res, true);
  }

  @Get('studies/:study/thumbnail')
  @DicomwebRead()
  @DicomwebRoute(
    "WADO-RS: a thumbnail of the study (its first series' middle instance)",
    { 200: 'image/jpeg or image/png' },
    [404, 406],
    ['image/jpeg', 'image/png'],
  )
  @RENDER_PARAMETERS
  async studyThumbnail(
    @CurrentAccess() a: RequestAccess,
    @Param('study') study: string,
    @Query() q: RawQuery,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await this.rendered(a, { study }, 1, q, req, res, true);
  }

  private async rendered(
    access: RequestAccess,
    what: { study: string; series?: string; instance?: string },
    frame: number,
    q: RawQuery,
    req: Request,
    res: Response,
    thumbnail: boolean,
  ) {
    const type = pickSingle(parseAccept(req.headers.accept), ['image/jpeg', 'image/png']) as RenderedType | null;
    if (!type) throw new HttpException('Rendered images are image/jpeg or image/png.', HttpStatus.NOT_ACCEPTABLE);
    const located = await this.wado.locate(
      access,
      {
        study: uid(what.study, 'study'),
        ...(what.series ? { series: uid(what.series, 'series') } : {}),
        ...(what.instance ? { instance: uid(what.instance, 'instance') } : {}),
      },
      'metadata',
    );
    const first = located.instances.filter((i) => i.seriesId === (located.instances[0]?.seriesId ?? ''));
    const target = what.instance ? located.instances[0] : first[Math.floor(first.length / 2)];
    if (!target) throw new HttpException('No such instance.', HttpStatus.NOT_FOUND);
    const viewport = renderParams(q, thumbnail);
    const image = await this.guard(() => this.wado.render(target, frame, { type, ...viewport }));
    res.status(200).type(type).send(image);
  }

  /** A frame request's Accept: the stored frame's media type (or octet-stream with `*` / the stored syntax). */
  private checkFrameAccept(req: Request, instance: Parameters<WadoService['frameMediaType']>[0]) {
    const stored = this.wado.frameMediaType(instance);
    const offered = [...new Set([stored, 'application/octet-stream'])];
    const choices = multipartChoices(parseAccept(req.headers.accept), offered);
    const ok = choices.some(
      (c) =>
        c.transferSyntax === '*' ||
        c.transferSyntax === instance.transferSyntaxUid ||
        // without a transfer-syntax: octet-stream is native data, a compressed type its own syntax family
        (c.transferSyntax === null && (c.partType !== 'application/octet-stream' || !instance.pixelDataEncapsulated)),
    );
    if (!ok)
      throw new HttpException(
        `Frames of this instance are ${stored}; transfer-syntax=${instance.transferSyntaxUid} (not transcoded).`,
        HttpStatus.NOT_ACCEPTABLE,
      );
  }

  // ---- STOW-RS ----

  @Post('studies')
  @RequirePrivilege(IMPORT)
  @DicomwebRoute(
    'STOW-RS: store instances',
    {
      200: 'Every instance stored: DICOM JSON with ReferencedSOPSequence.',
      202: 'Some stored, some failed: FailedSOPSequence with FailureReason.',
    },
    [406, 409, 413, 415],
    [DICOM_JSON],
  )
  async store(@CurrentAccess() a: RequestAccess, @Req() req: Request, @Res() res: Response) {
    await this.storeInto(a, null, req, res);
  }

  @Post('studies/:study')
  @RequirePrivilege(IMPORT)
  @DicomwebRoute(
    'STOW-RS: store instances of one study (an instance of another study fails)',
    {
      200: 'Every instance stored: DICOM JSON with ReferencedSOPSequence.',
      202: 'Some stored, some failed: FailedSOPSequence with FailureReason.',
    },
    [406, 409, 413, 415],
    [DICOM_JSON],
  )
  async storeStudy(
    @CurrentAccess() a: RequestAccess,
    @Param('study') study: string,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await this.storeInto(a, uid(study, 'study'), req, res);
  }

  private async storeInto(access: RequestAccess, study: string | null, req: Request, res: Response) {
    if (!acceptsDicomJson(parseAccept(req.headers.accept)))
      throw new HttpException('STOW-RS answers application/dicom+json.', HttpStatus.NOT_ACCEPTABLE);
    try {
      const result = await this.stow.store(access, study, req);
      res.status(result.status).type(DICOM_JSON).send(JSON.stringify(result.body));
    } catch (error) {
      if (error instanceof StowRequestError) throw new HttpException(error.message, error.status);
      throw error;
    }
  }

  // ---- plumbing ----

  private async guard<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof BadFrameError) throw new BadRequestException(error.message);
      if (error instanceof NotAcceptableError || error instanceof NotRenderableError)
        throw new HttpException(error.message, HttpStatus.NOT_ACCEPTABLE);
      if (error instanceof EncapsulatedDataError) throw new HttpException(error.message, HttpStatus.NOT_ACCEPTABLE);
      throw error;
    }
  }

  /** Runs a streamed answer; once its headers are out a failure can only cut the connection. */
  private async streamed(res: Response, work: () => Promise<void>): Promise<void> {
    try {
      await this.guard(work);
      res.end();
    } catch (error) {
      if (!res.headersSent) throw error;
      res.destroy(error as Error);
    }
  }
}

function frameList(text: string): number[] {
  const parts = text.split(',').map((s) => s.trim());
  if (parts.length === 0 || parts.length > 1000 || !parts.every((p) => /^[1-9]\d{0,8}$/.test(p)))
    throw new BadRequestException(`frames: ${text} is not a list of frame numbers`);
  return parts.map(Number);
}

/** `viewport=w,h`, `quality`, `window=center,width,function` (PS3.18 8.3.5.1); a thumbnail fits 128×128 by default. */
function renderParams(q: RawQuery, thumbnail: boolean) {
  const out: { fit?: { width: number; height: number }; quality?: number; window?: { center: number; width: number } } =
    {};
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
