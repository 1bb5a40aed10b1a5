import { ForbiddenException, HttpException, UnauthorizedException } from '@nestjs/common';
import {
  AUTH_MESSAGES,
  SERVICE_UNAVAILABLE_STATUS,
  SESSION_EXPIRED_STATUS,
  serviceUnavailableMessage,
} from '@rayworks/contracts';

/**
 * Why a caller could not be authenticated: 'unauthorized' answers 401, 'session-expired' 440 (spec §8),
 * 'keys-unavailable' 503 (the auth service's public keys could not be fetched: nobody is signed out for that).
 */
export type AuthFailureKind = 'unauthorized' | 'session-expired' | 'keys-unavailable';

export class AuthFailure extends Error {
  constructor(
    readonly kind: AuthFailureKind,
    readonly reason: string,
  ) {
    super(`${kind}: ${reason}`);
    this.name = 'AuthFailure';
  }

  toHttpException(): HttpException {
    if (this.kind === 'session-expired') return new SessionExpiredException();
    if (this.kind === 'keys-unavailable')
      return new HttpException(serviceUnavailableMessage('auth'), SERVICE_UNAVAILABLE_STATUS);
    return new UnauthorizedException(AUTH_MESSAGES.unauthorized);
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
