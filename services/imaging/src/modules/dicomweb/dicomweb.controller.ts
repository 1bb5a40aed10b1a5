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
  UseFilters,
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
import { acceptChoices, acceptsDicomJson, parseAccept, pickSingle } from './media-types.js';
import { MultipartWriter } from './multipart.js';
import { parseQidoQuery, QidoParameterError, type QidoLevel, type RawQuery } from './qido-params.js';
import { QidoService, type QidoAnswer } from './qido.service.js';
import { NotRenderableError, type RenderedType } from './rendering.js';
import type { FrameSource } from '../studies/studies.repository.js';
import { StowService, StowRequestError } from './stow.service.js';
import { dicomwebUrls } from './dicomweb-paths.js';
import { DicomwebExceptionFilter } from './dicomweb-exception.filter.js';
import { canTranscode, UNCOMPRESSED_SYNTAXES } from './transcoder.js';
import {
  BadFrameError,
  EXPLICIT_LE,
  NotAcceptableError,
  WadoService,
  type Located,
  type WritableAnswer,
} from './wado.service.js';

const UID = /^[0-9]+(\.[0-9]+)*$/;
const uid = (value: string, what: string): string => {
  if (value.length > 64 || !UID.test(value)) throw new BadRequestException(`${what}: ${value} is not a UID`);
  return value;
};

const DICOM_JSON = 'application/dicom+json';

/**
 * A DICOM JSON answer with exactly `Content-Type: application/dicom+json` (express's send() would add
 * `; charset=utf-8`, which dicomweb-client's STOW compares against and then discards the answer; JSON is UTF-8 by
 * definition, RFC 8259).
 */
function sendDicomJson(res: Response, status: number, body: unknown): void {
  const bytes = Buffer.from(JSON.stringify(body), 'utf8');
  res.status(status);
  res.setHeader('Content-Type', DICOM_JSON);
  res.setHeader('Content-Length', String(bytes.length));
  res.end(bytes);
}
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
                  : status === 401
                    ? `${ERROR_DESCRIPTIONS[401]} With WWW-Authenticate: Bearer realm="dicomweb" (RFC 6750).`
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
const RETRIEVE_DOC = (summary: string, single: boolean) =>
  DicomwebRoute(
    summary,
    {
      200:
        'multipart/related; type="application/dicom"' +
        (single ? ' (or application/dicom alone: one part, this one instance)' : '') +
        ': the instances as stored when transfer-syntax=* or the stored syntax is asked, else in the syntax asked ' +
        '(default explicit VR little endian), transcoded between uncompressed syntaxes and decoded from compressed ones.',
    },
    [404, 406],
    single ? ['multipart/related', 'application/dicom'] : ['multipart/related'],
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
@UseFilters(DicomwebExceptionFilter)
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
    sendDicomJson(res, 200, result.matches);
  }

  // ---- WADO-RS: instances ----

  @Get('studies/:study')
  @DicomwebRead()
  @RETRIEVE_DOC('WADO-RS: retrieve a study', false)
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
  @RETRIEVE_DOC('WADO-RS: retrieve a series', false)
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
  @RETRIEVE_DOC('WADO-RS: retrieve an instance', true)
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

  /**
   * Retrieve (PS3.18 10.4.1.1.1): the first Accept choice every instance can be given in. Multipart for any resource;
   * a single-part application/dicom only for an instance resource (one item). The transfer syntax: `*` as stored,
   * absent the default explicit VR little endian, else the one asked; as stored byte for byte where the instance
   * already is in it, else transcoded (WadoService.retrieve). Nothing acceptable: 406.
   */
  private async retrieve(
    access: RequestAccess,
    what: { study: string; series?: string; instance?: string },
    req: Request,
    res: Response,
  ) {
    const choices = acceptChoices(parseAccept(req.headers.accept), ['application/dicom']).filter(
      (c) => c.multipart || what.instance,
    );
    if (choices.length === 0)
      throw new HttpException(
        what.instance
          ? 'WADO-RS retrieves multipart/related; type="application/dicom" or application/dicom.'
          : 'WADO-RS retrieves a study or series as multipart/related; type="application/dicom" (a single part holds one instance).',
        HttpStatus.NOT_ACCEPTABLE,
      );
    const located = await this.wado.locate(access, what, 'retrieve');
    const syntaxOf = (asked: string | null) => (asked === '*' ? null : (asked ?? EXPLICIT_LE));
    const choice = choices.find((c) => {
      const syntax = syntaxOf(c.transferSyntax);
      return !syntax || located.instances.every((i) => canTranscode(i.transferSyntaxUid, syntax));
    });
    if (!choice)
      throw new HttpException(
        'The instances cannot be given in the transfer syntax asked for (transcoded to uncompressed syntaxes only).',
        HttpStatus.NOT_ACCEPTABLE,
      );
    await this.streamed(res, () =>
      this.wado.retrieve(located, syntaxOf(choice.transferSyntax), answer(res), !choice.multipart),
    );
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
    sendDicomJson(res, 200, this.wado.metadata(located));
  }

  // ---- WADO-RS: frames, bulk data, rendered, thumbnail ----

  @Get('studies/:study/series/:series/instances/:instance/frames/:frames')
  @DicomwebRead()
  @DicomwebRoute(
    'WADO-RS: frames (1-based, comma-separated)',
    {
      200:
        'multipart/related; type="application/octet-stream" (native, in the transfer syntax asked: default explicit VR ' +
        'little endian, decoded from a compressed instance) or the stored compressed type (image/jpeg …, or any with ' +
        'transfer-syntax=*); one frame may also be asked as a single part (the bare media type).',
    },
    [404, 406],
    ['multipart/related', 'application/octet-stream'],
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
    await this.sendFrames(req, res, target, numbers, `${dicomwebUrls.instance(study, series, instance)}/frames`);
  }

  @Get('studies/:study/series/:series/instances/:instance/bulkdata/:path')
  @DicomwebRead()
  @DicomwebRoute(
    'WADO-RS: bulk data — the pixel data (7FE00010: its frames, as the frames route answers them) or any other ' +
      "element /metadata gives a BulkDataURI (a tag, or in a sequence's item: tag.item.tag)",
    {
      200:
        'multipart/related; type="application/octet-stream" (or application/octet-stream alone: one part), little ' +
        'endian.',
    },
    [404, 406],
    ['multipart/related', 'application/octet-stream'],
  )
  async bulkdata(
    @CurrentAccess() a: RequestAccess,
    @Param('study') study: string,
    @Param('series') series: string,
    @Param('instance') instance: string,
    @Param('path') path: string,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    const what = { study: uid(study, 'study'), series: uid(series, 'series'), instance: uid(instance, 'instance') };
    const location = `${dicomwebUrls.instance(study, series, instance)}/bulkdata/${path}`;
    if (path.toUpperCase() === '7FE00010') {
      const target = await this.wado.locateFrames(a, what);
      await this.sendFrames(req, res, target, 'all', `${dicomwebUrls.instance(study, series, instance)}/frames`);
      return;
    }
    const choice = acceptChoices(parseAccept(req.headers.accept), ['application/octet-stream']).find(
      (c) => !c.transferSyntax || c.transferSyntax === '*' || c.transferSyntax === EXPLICIT_LE,
    );
    if (!choice)
      throw new HttpException(
        'Bulk data is application/octet-stream (little endian), single or multipart.',
        HttpStatus.NOT_ACCEPTABLE,
      );
    const located = await this.wado.locate(a, what, 'retrieve');
    const bytes = await this.wado.bulkData(located.instances[0]!, path);
    if (!bytes) throw new HttpException('No such bulk data.', HttpStatus.NOT_FOUND);
    if (!choice.multipart) {
      res.status(200);
      res.setHeader('Content-Type', 'application/octet-stream');
      res.setHeader('Content-Length', String(bytes.length));
      res.end(bytes);
      return;
    }
    const writer = new MultipartWriter('application/octet-stream');
    const head = writer.partHead({
      'Content-Type': 'application/octet-stream',
      'Content-Length': String(bytes.length),
      'Content-Location': location,
    });
    const end = writer.end();
    res.status(200);
    res.setHeader('Content-Type', writer.contentType);
    res.setHeader('Content-Length', String(head.length + bytes.length + end.length));
    res.end(Buffer.concat([head, bytes, end]));
  }

  /**
   * Frames as the Accept header allows (PS3.18 8.7.3): the first choice that can be given — the stored frames (their
   * compressed media type, any type with transfer-syntax=*, or native ones asked in their own syntax), or native
   * frames in an uncompressed syntax (octet-stream: default explicit VR little endian), transcoded where the stored
   * syntax differs (WadoService.nativeFrames). A single-part choice holds one frame only. Nothing acceptable: 406.
   */
  private async sendFrames(
    req: Request,
    res: Response,
    target: FrameSource,
    numbers: number[] | 'all',
    location: string,
  ): Promise<void> {
    const stored = this.wado.frameMediaType(target);
    const one = numbers !== 'all' ? numbers.length === 1 : Math.max(1, target.numberOfFrames) === 1;
    const syntax = target.transferSyntaxUid;
    let plan: { native: string | null; single: boolean } | null = null;
    for (const c of acceptChoices(parseAccept(req.headers.accept), [
      ...new Set([stored, 'application/octet-stream']),
    ])) {
      if (!c.multipart && !one) continue;
      const asked = c.transferSyntax;
      if (c.partType !== 'application/octet-stream' || asked === '*') {
        if (!asked || asked === '*' || asked === syntax) plan = { native: null, single: !c.multipart };
      } else {
        const wanted = asked ?? EXPLICIT_LE;
        if (wanted === syntax && !target.pixelDataEncapsulated) plan = { native: null, single: !c.multipart };
        else if (UNCOMPRESSED_SYNTAXES.has(wanted) && canTranscode(syntax, wanted))
          plan = { native: wanted, single: !c.multipart };
      }
      if (plan) break;
    }
    if (!plan)
      throw new HttpException(
        `Frames of this instance are ${stored}; transfer-syntax=${syntax}, or native frames in an uncompressed ` +
          'syntax (multipart unless one frame is asked).',
        HttpStatus.NOT_ACCEPTABLE,
      );
    const chosen = plan;
    const bytes = await this.guard(() =>
      chosen.native ? this.wado.nativeFrames(target, numbers, chosen.native) : this.wado.frames(target, numbers),
    );
    await this.streamed(res, () =>
      this.wado.writeFrames(target, bytes, answer(res), location, {
        partType: chosen.native ? 'application/octet-stream' : stored,
        transferSyntax: chosen.native ?? syntax,
        single: chosen.single,
      }),
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

  @Get('studies/:study/series/:series/rendered')
  @DicomwebRead()
  @DicomwebRoute(
    'WADO-RS: the series rendered (the first frame of each instance)',
    { 200: 'multipart/related; type="image/jpeg" (or image/png): one rendered image per instance, in instance order' },
    [404, 406],
    ['multipart/related'],
  )
  @RENDER_PARAMETERS
  async renderedSeries(
    @CurrentAccess() a: RequestAccess,
    @Param('study') study: string,
    @Param('series') series: string,
    @Query() q: RawQuery,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await this.renderedMany(a, { study, series }, q, req, res);
  }

  @Get('studies/:study/rendered')
  @DicomwebRead()
  @DicomwebRoute(
    'WADO-RS: the study rendered (the first frame of each instance)',
    {
      200:
        'multipart/related; type="image/jpeg" (or image/png): one rendered image per instance, in series and ' +
        'instance order',
    },
    [404, 406],
    ['multipart/related'],
  )
  @RENDER_PARAMETERS
  async renderedStudy(
    @CurrentAccess() a: RequestAccess,
    @Param('study') study: string,
    @Query() q: RawQuery,
    @Req() req: Request,
    @Res() res: Response,
  ) {
    await this.renderedMany(a, { study }, q, req, res);
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

  /**
   * A study or series rendered (PS3.18 10.4.1.1.3): many instances, so a multipart/related answer of rendered
   * images (a single-part image holds one instance: 406 for a bare image/jpeg), each instance's first frame; an
   * instance that cannot be rendered (no pixel data) is left out; none at all is 406.
   */
  private async renderedMany(
    access: RequestAccess,
    what: { study: string; series?: string },
    q: RawQuery,
    req: Request,
    res: Response,
  ) {
    const choice = acceptChoices(parseAccept(req.headers.accept), ['image/jpeg', 'image/png']).find((c) => c.multipart);
    if (!choice)
      throw new HttpException(
        'A rendered study or series is multipart/related; type="image/jpeg" or "image/png" (one image per instance).',
        HttpStatus.NOT_ACCEPTABLE,
      );
    const type = choice.partType as RenderedType;
    const located: Located = await this.wado.locate(
      access,
      { study: uid(what.study, 'study'), ...(what.series ? { series: uid(what.series, 'series') } : {}) },
      'metadata',
    );
    const options = { type, ...renderParams(q, false) };
    const writer = new MultipartWriter(type);
    const seriesUid = new Map(located.series.map((s) => [s.id, s.seriesInstanceUid]));
    let parts = 0;
    await this.streamed(res, async () => {
      for (const instance of located.instances) {
        if (instance.pixelDataOffset === null) continue;
        let image: Buffer;
        try {
          image = await this.wado.render(instance, 1, options);
        } catch (error) {
          if (error instanceof NotRenderableError || error instanceof NotAcceptableError) continue;
          throw error;
        }
        if (parts++ === 0) res.status(200).setHeader('Content-Type', writer.contentType);
        await answer(res).write(
          writer.partHead({
            'Content-Type': type,
            'Content-Length': String(image.length),
            'Content-Location': `${dicomwebUrls.instance(located.study.studyInstanceUid, seriesUid.get(instance.seriesId)!, instance.sopInstanceUid)}/rendered`,
          }),
        );
        await answer(res).write(image);
      }
      if (parts === 0) throw new NotRenderableError('No instance of it can be rendered.');
      await answer(res).write(writer.end());
    });
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
      sendDicomJson(res, result.status, result.body);
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
