import { ForbiddenException, HttpException, UnauthorizedException } from '@nestjs/common';
import { AUTH_MESSAGES, SESSION_EXPIRED_STATUS } from '@rayworks/contracts';

/** Why a caller could not be authenticated: 'unauthorized' answers 401, 'session-expired' 440 (spec §8). */
export type AuthFailureKind = 'unauthorized' | 'session-expired';

export class AuthFailure extends Error {
  constructor(
    readonly kind: AuthFailureKind,
    readonly reason: string,
  ) {
    super(`${kind}: ${reason}`);
    this.name = 'AuthFailure';
  }

  toHttpException(): HttpException {
    return this.kind === 'session-expired'
      ? new SessionExpiredException()
      : new UnauthorizedException(AUTH_MESSAGES.unauthorized);
  }
}

/** 440: the session was idle longer than the idle timeout; the console goes to /sessionexpired. */
export class SessionExpiredException extends HttpException {
  constructor() {
    super(AUTH_MESSAGES.sessionExpired, SESSION_EXPIRED_STATUS);
  }
}

/** 403 with the standard message. */
export const forbidden = (message: string = AUTH_MESSAGES.forbidden) => new ForbiddenException(message);
