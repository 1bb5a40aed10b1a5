import { Catch, HttpException, HttpStatus, type ArgumentsHost } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiExceptionFilter } from '@rayworks/nest-kit';
import { FilterError } from '../studies/study-query.js';
import { BadFrameError, NotAcceptableError } from './dicomweb.errors.js';
import { EncapsulatedDataError } from './encapsulated-frames.js';
import { QidoParameterError } from './qido-params.js';
import { NotRenderableError } from './rendering.js';
import { StowRequestError } from './stow.service.js';

/** The DICOMweb modules' own errors and the status each answers (their message is the answer's). */
function statusOf(error: unknown): number | null {
  if (error instanceof StowRequestError) return error.status;
  if (error instanceof QidoParameterError || error instanceof FilterError || error instanceof BadFrameError)
    return HttpStatus.BAD_REQUEST;
  if (
    error instanceof NotAcceptableError ||
    error instanceof NotRenderableError ||
    error instanceof EncapsulatedDataError
  )
    return HttpStatus.NOT_ACCEPTABLE;
  return null;
}

/**
 * The DICOMweb routes' errors: as every route's (ApiExceptionFilter), with the DICOMweb modules' own errors as
 * their statuses (a bad query or frame list 400, nothing acceptable 406, STOW's as it says), and a 401 says how to
 * authenticate — `WWW-Authenticate: Bearer realm="dicomweb"` (RFC 7235 3.1: a 401 must carry it; RFC 6750 3: with
 * `error="invalid_token"` when a token was sent), so DICOMweb clients know to send their access token.
 */
@Catch()
export class DicomwebExceptionFilter extends ApiExceptionFilter {
  override catch(exception: unknown, host: ArgumentsHost): void {
    const status = statusOf(exception);
    const error = status === null ? exception : new HttpException((exception as Error).message, status);
    if (host.getType() === 'http' && error instanceof HttpException) {
      if (error.getStatus() === HttpStatus.UNAUTHORIZED) {
        const http = host.switchToHttp();
        const req = http.getRequest<Request>();
        const res = http.getResponse<Response>();
        const sent = /^Bearer\s+\S/i.test(req.headers.authorization ?? '');
        if (!res.headersSent)
          res.setHeader(
            'WWW-Authenticate',
            sent ? 'Bearer realm="dicomweb", error="invalid_token"' : 'Bearer realm="dicomweb"',
          );
      }
    }
    super.catch(error, host);
  }
}
