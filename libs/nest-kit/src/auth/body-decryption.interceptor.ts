import {
  BadRequestException,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import { AUTH_HEADERS, AUTH_MESSAGES, decryptBody } from '@rayworks/contracts';
import { verifiedSessionToken } from './request-state.js';

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Encrypted bodies (spec §7): with `x-encrypted: true` the body is `{ data }`, AES-256-GCM under a key derived from
 * the caller's session token (libs/contracts body-encryption). Runs after the guard, so the session token it uses
 * has been verified; the handler and its validation see the decrypted body. A body that does not decrypt (not
 * { data }, tampered, another session's, or a route without a session) answers 400 and reaches no handler.
 * Without the flag the body is taken as plain JSON.
 */
@Injectable()
export class BodyDecryptionInterceptor implements NestInterceptor {
  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<Request>();
    const flag = req.headers[AUTH_HEADERS.encrypted];
    if (String(Array.isArray(flag) ? flag[0] : flag).toLowerCase() !== 'true' || !WITH_BODY.has(req.method))
      return next.handle();
    const sessionToken = verifiedSessionToken(req);
    if (!sessionToken) throw new BadRequestException(AUTH_MESSAGES.invalidEncryptedBody);
    try {
      req.body = await decryptBody(sessionToken, req.body);
    } catch {
      throw new BadRequestException(AUTH_MESSAGES.invalidEncryptedBody);
    }
    return next.handle();
  }
}
