import {
  Catch,
  HttpException,
  HttpStatus,
  Inject,
  Optional,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import type { Response } from 'express';
import type { Logger } from 'pino';
import { AUTH_MESSAGES, SESSION_EXPIRED_STATUS, type ApiResponse } from '@rayworks/contracts';
import { LOGGER } from '../app/tokens.js';

/** Nest's own default messages, replaced by the product's wording. */
const DEFAULT_MESSAGES: Record<number, string> = {
  [HttpStatus.UNAUTHORIZED]: AUTH_MESSAGES.unauthorized,
  [HttpStatus.FORBIDDEN]: AUTH_MESSAGES.forbidden,
  [HttpStatus.NOT_FOUND]: AUTH_MESSAGES.notFound,
  [HttpStatus.TOO_MANY_REQUESTS]: AUTH_MESSAGES.tooManyAttempts,
  [SESSION_EXPIRED_STATUS]: AUTH_MESSAGES.sessionExpired,
};
const NEST_DEFAULTS =
  /^(Forbidden|Forbidden resource|Unauthorized|Not Found|Cannot (GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) .*|ThrottlerException.*|Too Many Requests|Bad Request|Internal Server Error)$/;

/** The message of an HttpException: its own words, or the product's for Nest's defaults. */
export function messageOf(exception: HttpException): string {
  const status = exception.getStatus();
  const response = exception.getResponse();
  let message: string | undefined;
  if (typeof response === 'string') message = response;
  else if (response && typeof response === 'object' && 'message' in response) {
    const m = (response as { message: unknown }).message;
    message = Array.isArray(m) ? String(m[0] ?? '') : typeof m === 'string' ? m : undefined;
  }
  if (!message || NEST_DEFAULTS.test(message)) return DEFAULT_MESSAGES[status] ?? message ?? AUTH_MESSAGES.genericError;
  return message;
}

/**
 * Every error answer is `{ status: 'error', data: null, message }` (spec §7): 400 with the first validation
 * message, 401, 403, 404, 429, 440 with the product's messages; anything unexpected is 500 with a generic
 * message (the details go to the log, not to the caller).
 */
@Catch()
export class ApiExceptionFilter implements ExceptionFilter {
  constructor(@Optional() @Inject(LOGGER) private readonly logger?: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    if (host.getType() !== 'http') throw exception;
    const res = host.switchToHttp().getResponse<Response>();
    let status: number = HttpStatus.INTERNAL_SERVER_ERROR;
    let message: string = AUTH_MESSAGES.genericError;
    if (exception instanceof HttpException) {
      status = exception.getStatus();
      message = status >= 500 ? AUTH_MESSAGES.genericError : messageOf(exception);
      if (status >= 500) this.logger?.error({ err: exception }, 'request failed');
    } else if (isBodyParserError(exception)) {
      status = HttpStatus.BAD_REQUEST;
      message = 'The request body is not valid JSON.';
    } else {
      this.logger?.error({ err: exception }, 'request failed');
    }
    if (res.headersSent) return;
    const body: ApiResponse<null> = { status: 'error', data: null, message };
    res.status(status).json(body);
  }
}

function isBodyParserError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { type?: string }).type === 'entity.parse.failed';
}
