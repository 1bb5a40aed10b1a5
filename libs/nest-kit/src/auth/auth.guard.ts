import { Inject, Injectable, Optional, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { AUTH_HEADERS, AUTH_MESSAGES, grantsAllow, isBackgroundRequest, PLATFORM_MODULE } from '@rayworks/contracts';
import { AccessDenialAudit } from './access-denial-audit.js';
import { bearerToken } from './access-token.js';
import { AuthFailure, forbidden } from './auth.errors.js';
import {
  ACCEPT_BEARER_ALONE,
  ACCEPT_STUDY_TOKEN,
  ACCESS_RULE,
  ALLOW_DURING_PASSWORD_RESET,
  type AccessRule,
} from './decorators.js';
import { CompanyMismatchError, narrowAccess, type RequestAccess } from './request-access.js';
import { RequestAuthenticator } from './request-authenticator.js';
import { setRequestAccess } from './request-state.js';
import { isPlatformOperator, type Principal } from './principal.js';
import { isStudyToken, StudyTokenError, StudyTokens, studyTokenAccess } from './study-token.js';

/** The decision for a verified principal on a rule: allowed, or why not. Pure, for the unit tests. */
export function decide(
  rule: AccessRule | undefined,
  access: RequestAccess,
  allowDuringReset: boolean,
): { allowed: true } | { allowed: false; message: string } {
  const principal: Principal = access.principal;
  if (!rule) return { allowed: false, message: AUTH_MESSAGES.forbidden };
  if (principal.resetPassword && !allowDuringReset) return { allowed: false, message: AUTH_MESSAGES.forbidden };
  switch (rule.kind) {
    case 'public':
    case 'authenticated':
      return { allowed: true };
    case 'privilege':
      // The platform module is the platform operators' alone, whatever grants a token carries (docs/decisions/0085).
      if (rule.need.module === PLATFORM_MODULE && !isPlatformOperator(principal))
        return { allowed: false, message: AUTH_MESSAGES.forbidden };
      return grantsAllow(principal.grants, rule.need)
        ? { allowed: true }
        : { allowed: false, message: AUTH_MESSAGES.forbidden };
    case 'roles':
      return principal.roleCodes.some((code) => rule.roles.includes(code))
        ? { allowed: true }
        : { allowed: false, message: AUTH_MESSAGES.forbidden };
  }
}

/**
 * The global guard of every Nest application of Rayworks. Default deny: a route without an access decorator is
 * refused. Otherwise it verifies the access token and the session (401 / 440), applies the request headers
 * (x-company-id of another tenant: 403; group and centre headers only narrow), and checks the route's rule (403).
 * Without an authenticator (workers, the gateway's own routes) only @Public routes are served.
 */
@Injectable()
export class AuthGuard implements CanActivate {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Optional() @Inject(RequestAuthenticator) private readonly authenticator: RequestAuthenticator | null,
    /** Records each 403 of a signed-in caller in the service's audit log (absent in workers). */
    @Optional() @Inject(AccessDenialAudit) private readonly denials: AccessDenialAudit | null = null,
    /** Verifies study tokens (a process configured with VIEWER_TOKEN_SECRET); absent: every study token is refused. */
    @Optional() @Inject(StudyTokens) private readonly studyTokens: StudyTokens | null = null,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    if (context.getType() !== 'http') return false;
    const targets = [context.getHandler(), context.getClass()];
    const rule = this.reflector.getAllAndOverride<AccessRule | undefined>(ACCESS_RULE, targets);
    if (!rule) throw forbidden();
    if (rule.kind === 'public') return true;

    const req = context.switchToHttp().getRequest<Request>();
    if (!this.authenticator) throw new AuthFailure('unauthorized', 'this process signs nobody in').toHttpException();
    const bearer = bearerToken(req.headers.authorization);
    if (bearer !== null && isStudyToken(bearer)) return this.studyTokenRequest(req, bearer, rule, targets);
    const sessionToken = req.headers[AUTH_HEADERS.sessionToken];
    const session = Array.isArray(sessionToken) ? sessionToken[0] : sessionToken;
    let principal: Principal;
    try {
      principal = await this.authenticator.authenticate(bearer, session, {
        background: isBackgroundRequest(req.headers),
        bearerAlone: this.reflector.getAllAndOverride<boolean | undefined>(ACCEPT_BEARER_ALONE, targets) ?? false,
      });
    } catch (error) {
      if (error instanceof AuthFailure) throw error.toHttpException();
      throw error;
    }
    let access: RequestAccess;
    try {
      access = narrowAccess(principal, req.headers);
    } catch (error) {
      if (error instanceof CompanyMismatchError) {
        await this.denials?.record(principal, req, { reason: 'x-company-id names another tenant' });
        throw forbidden();
      }
      throw error;
    }
    const allowDuringReset =
      this.reflector.getAllAndOverride<boolean | undefined>(ALLOW_DURING_PASSWORD_RESET, targets) ?? false;
    const decision = decide(rule, access, allowDuringReset);
    if (!decision.allowed) {
      await this.denials?.record(principal, req, {
        reason: principal.resetPassword ? 'password change pending' : 'access rule',
        rule,
      });
      throw forbidden(decision.message);
    }
    setRequestAccess(req, access, session ?? '');
    return true;
  }

  /**
   * A study token (docs/decisions/0164): accepted only on a route marked @AcceptStudyToken() and by a process that
   * holds the secret; expired → 401 with the viewer-link-expired message; anything else wrong → 401. The request then
   * reaches only the token's studies, in its company, with WORKLIST › VIEW alone (the route's rule still applies).
   */
  private async studyTokenRequest(
    req: Request,
    token: string,
    rule: AccessRule,
    targets: Parameters<Reflector['getAllAndOverride']>[1],
  ): Promise<boolean> {
    const accepted = this.reflector.getAllAndOverride<boolean | undefined>(ACCEPT_STUDY_TOKEN, targets) ?? false;
    if (!accepted || !this.studyTokens)
      throw new StudyTokenError('invalid', 'this route takes no study token').toHttpException();
    let access: RequestAccess;
    try {
      access = studyTokenAccess(await this.studyTokens.verify(token));
    } catch (error) {
      if (error instanceof StudyTokenError) throw error.toHttpException();
      throw error;
    }
    const decision = decide(rule, access, false);
    if (!decision.allowed) throw forbidden(decision.message);
    setRequestAccess(req, access, '');
    return true;
  }
}
