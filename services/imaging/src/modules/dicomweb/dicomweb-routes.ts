import {
  applyDecorators,
  BadRequestException,
  Controller,
  createParamDecorator,
  Get,
  Post,
  UseFilters,
  type ExecutionContext,
} from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiParam, ApiProduces, ApiQuery, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { requirement, WORKLIST } from '@rayworks/contracts';
import {
  AcceptBearerAlone,
  AcceptStudyToken,
  ERROR_DESCRIPTIONS,
  RequirePrivilege,
  requestAccessOf,
  type RequestAccess,
} from '@rayworks/nest-kit';
import { DicomwebExceptionFilter } from './dicomweb-exception.filter.js';
import { parseAccept, type MediaRange } from './media-types.js';
import type { RawQuery } from './qido-params.js';

/** What every DICOMweb handler reads of its request. */
export interface DicomwebCall {
  access: RequestAccess;
  /** The Accept header's ranges, best first (absent: anything). */
  accept: MediaRange[];
  /** The route's path parameters, as sent (resourceOf checks them). */
  params: Record<string, string>;
  query: RawQuery;
}

/** The request as a DicomwebCall (the caller's access, its Accept header, path and query). */
export const Dicomweb = createParamDecorator((_: unknown, ctx: ExecutionContext): DicomwebCall => {
  const req = ctx.switchToHttp().getRequest<Request>();
  return {
    access: requestAccessOf(req),
    accept: parseAccept(req.headers.accept),
    params: req.params as Record<string, string>,
    query: req.query,
  };
});

/** A study, series or instance a route names by its UIDs. */
export interface Resource {
  study: string;
  series?: string;
  instance?: string;
}

const UID = /^[0-9]+(\.[0-9]+)*$/;
export const uid = (value: string, what: string): string => {
  if (value.length > 64 || !UID.test(value)) throw new BadRequestException(`${what}: ${value} is not a UID`);
  return value;
};

/**
 * The resource a route's path names (`:study`, `:series`, `:instance`), each a UID (400 naming it otherwise, as
 * `names` calls it).
 */
export function resourceOf(
  params: Record<string, string>,
  names: { study: string; series: string; instance: string } = {
    study: 'study',
    series: 'series',
    instance: 'instance',
  },
): Resource {
  return {
    study: uid(params['study'] ?? '', names.study),
    ...(params['series'] !== undefined ? { series: uid(params['series'], names.series) } : {}),
    ...(params['instance'] !== undefined ? { instance: uid(params['instance'], names.instance) } : {}),
  };
}

/** A frame list (`1,3,5`, 1-based), 400 otherwise. */
export function frameList(text: string): number[] {
  const parts = text.split(',').map((s) => s.trim());
  if (parts.length === 0 || parts.length > 1000 || !parts.every((p) => /^[1-9]\d{0,8}$/.test(p)))
    throw new BadRequestException(`frames: ${text} is not a list of frame numbers`);
  return parts.map(Number);
}

/** The most instances one batched frames retrieve may name (decision 0330): its URL stays under 8 KB. */
export const SERIES_FRAMES_MAX_INSTANCES = 100;

/**
 * A batched frames retrieve's `instances` (SOP Instance UIDs, comma-separated or repeated, each once, at most
 * SERIES_FRAMES_MAX_INSTANCES): null when absent (the whole series), 400 naming the parameter otherwise.
 */
export function instanceList(raw: unknown): string[] | null {
  if (raw === undefined) return null;
  const texts = (Array.isArray(raw) ? raw : [raw]).map((v) => (typeof v === 'string' ? v : ''));
  const uids = texts.flatMap((t) => t.split(',')).map((t) => t.trim());
  if (uids.length === 0 || uids.length > SERIES_FRAMES_MAX_INSTANCES)
    throw new BadRequestException(`instances: 1 to ${SERIES_FRAMES_MAX_INSTANCES} SOP Instance UIDs`);
  for (const value of uids) uid(value, 'instances');
  if (new Set(uids).size !== uids.length) throw new BadRequestException('instances: each instance once');
  return uids;
}

/** A route's OpenAPI description: its success answers, the errors it adds, what it produces, its query. */
export interface DicomwebDoc {
  summary: string;
  success: Record<number, string>;
  errors: number[];
  produces: string[];
  query?: readonly (readonly [name: string, description: string])[];
}

const DESCRIPTION =
  'DICOMweb (PS3.18). Authorization: Bearer <access token> alone is enough (docs/decisions/0102); the session ' +
  'the token names must be alive. The read routes also take a study token of a viewer (docs/decisions/0164): ' +
  'then only its studies are reached (any other reads as absent, 404), and one past its lifetime answers 401.';

const ERROR_TEXT: Record<number, string> = {
  406: 'Nothing the Accept header allows can be given (media type or transfer syntax).',
  413: 'The request body passes the size limit.',
  415: 'The body is not multipart/related; type="application/dicom".',
  401: `${ERROR_DESCRIPTIONS[401]} With WWW-Authenticate: Bearer realm="dicomweb" (RFC 6750).`,
};

/** OpenAPI: the path's parameters, the statuses the route answers besides its success, its query. */
function documented(path: string, doc: DicomwebDoc) {
  return applyDecorators(
    ApiOperation({ summary: doc.summary, description: DESCRIPTION }),
    ApiBearerAuth(),
    ApiProduces(...doc.produces),
    ...[...path.matchAll(/:(\w+)/g)].map(([, name]) => ApiParam({ name: name!, required: true, type: String })),
    ...Object.entries(doc.success).map(([status, description]) => ApiResponse({ status: Number(status), description })),
    ...[...new Set([400, 401, 403, 440, 500, 503, ...doc.errors])]
      .sort((a, b) => a - b)
      .map((status) =>
        ApiResponse({
          status,
          description: ERROR_TEXT[status] ?? ERROR_DESCRIPTIONS[status as keyof typeof ERROR_DESCRIPTIONS] ?? '',
        }),
      ),
    ...(doc.query ?? []).map(([name, description]) =>
      ApiQuery({ name, required: false, description, schema: { type: 'string' } }),
    ),
  );
}

/**
 * A read route: GET, WORKLIST › VIEW, with the access token or with a viewer's study token (docs/decisions/0164:
 * the request then reaches the token's studies alone).
 */
export const DicomwebGet = (path: string, doc: DicomwebDoc) =>
  applyDecorators(
    Get(path),
    RequirePrivilege(requirement('WORKLIST', WORKLIST.VIEW)),
    AcceptStudyToken(),
    documented(path, doc),
  );

/** A store route: POST, WORKLIST › IMPORT, with the access token (STOW takes no study token). */
export const DicomwebPost = (path: string, doc: DicomwebDoc) =>
  applyDecorators(Post(path), RequirePrivilege(requirement('WORKLIST', WORKLIST.IMPORT)), documented(path, doc));

/**
 * A DICOMweb controller under /dicomweb (PS3.18): the access token alone as DICOMweb clients send it (docs/decisions/0102),
 * the DICOMweb errors (DicomwebExceptionFilter), one OpenAPI tag.
 */
export const DicomwebController = () =>
  applyDecorators(
    ApiTags('dicomweb'),
    Controller('dicomweb'),
    AcceptBearerAlone(),
    UseFilters(DicomwebExceptionFilter),
  );
