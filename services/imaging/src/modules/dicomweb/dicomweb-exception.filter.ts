import { Catch, HttpException, HttpStatus, type ArgumentsHost } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ApiExceptionFilter } from '@rayworks/nest-kit';

/**
 * The DICOMweb routes' errors: as every route's (ApiExceptionFilter), and a 401 says how to authenticate —
 * `WWW-Authenticate: Bearer realm="dicomweb"` (RFC 7235 3.1: a 401 must carry it; RFC 6750 3: with
 * `error="invalid_token"` when a token was sent), so DICOMweb clients know to send their access token.
 */
@Catch()
export class DicomwebExceptionFilter extends ApiExceptionFilter {
  override catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() === 'http' && exception instanceof HttpException) {
      if (exception.getStatus() === HttpStatus.UNAUTHORIZED) {
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
    super.catch(exception, host);
  }
}
