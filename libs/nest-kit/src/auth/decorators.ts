import { createParamDecorator, SetMetadata, type ExecutionContext } from '@nestjs/common';
import type { Access, PrivilegeRequirement, RoleCode } from '@rayworks/contracts';
import { requestAccessOf } from './request-state.js';
import type { RequestAccess } from './request-access.js';

/**
 * Every route says who may call it; the global guard denies a route that says nothing (default deny).
 * - @Public(): anyone (health, metrics, login, forgot/reset password);
 * - @Authenticated(): any signed-in user with a live session;
 * - @RequirePrivilege(requirement('GROUP', 'VIEW')): module + type + any one of the codes (case-insensitive);
 * - @RequireRole(...codes): one of these role codes (operator endpoints).
 */
export type AccessRule =
  | { kind: 'public' }
  | { kind: 'authenticated' }
  | { kind: 'privilege'; need: PrivilegeRequirement }
  | { kind: 'roles'; roles: readonly string[] };

export const ACCESS_RULE = 'rayworks:access-rule';
export const ALLOW_DURING_PASSWORD_RESET = 'rayworks:allow-during-password-reset';
export const ACCEPT_BEARER_ALONE = 'rayworks:accept-bearer-alone';
export const ACCEPT_STUDY_TOKEN = 'rayworks:accept-study-token';

export const Public = () => SetMetadata(ACCESS_RULE, { kind: 'public' } satisfies AccessRule);
export const Authenticated = () => SetMetadata(ACCESS_RULE, { kind: 'authenticated' } satisfies AccessRule);
export const RequirePrivilege = (need: PrivilegeRequirement) =>
  SetMetadata(ACCESS_RULE, { kind: 'privilege', need } satisfies AccessRule);
export const RequireRole = (...roles: RoleCode[]) =>
  SetMetadata(ACCESS_RULE, { kind: 'roles', roles } satisfies AccessRule);

/** The access rule for a contract's `access` (libs/contracts AUTH_API). */
export function accessRuleOf(access: Access): AccessRule {
  if (access === 'public') return { kind: 'public' };
  if (access === 'authenticated') return { kind: 'authenticated' };
  return { kind: 'privilege', need: access };
}

/**
 * A user whose password must be changed (resetPassword) may call only routes marked with this
 * (change password, logout, the configuration); anything else answers 403 until the password is changed.
 */
export const AllowDuringPasswordReset = () => SetMetadata(ALLOW_DURING_PASSWORD_RESET, true);

/**
 * The caller narrowed by the request headers: what this request may reach. For routes outside the contracts
 * (DICOMweb); a contract handler reads it from its call (`call.access`, contract-call.ts).
 */
export const CurrentAccess = createParamDecorator((_: unknown, ctx: ExecutionContext): RequestAccess => {
  return requestAccessOf(ctx.switchToHttp().getRequest());
});

/**
 * The routes of a standard protocol whose clients send `Authorization: Bearer <access token>` and nothing else
 * (DICOMweb: viewers, PACS, dicomweb-client): the guard accepts the request without the console's session header
 * and checks the session the signed token names instead (alive, the token's user and tenant, not revoked; its idle
 * timeout slides). Everything else is as on any route: the token's signature and lifetime, the principal version,
 * the access rule. docs/decisions/0102-dicomweb-bearer-token.md.
 */
export const AcceptBearerAlone = () => SetMetadata(ACCEPT_BEARER_ALONE, true);

/**
 * A read route that also takes a study token (`Authorization: Bearer <study token>`, docs/decisions/0164): the
 * request then runs in the token's company as its user, read only, limited to the token's studies. A study token on
 * any other route is refused (401). Imaging's DICOMweb reads (QIDO, WADO, metadata, frames, rendered, bulk data).
 */
export const AcceptStudyToken = () => SetMetadata(ACCEPT_STUDY_TOKEN, true);
