import { UnauthorizedException } from '@nestjs/common';
import { decodeProtectedHeader, errors, jwtVerify, SignJWT } from 'jose';
import {
  AUTH_MESSAGES,
  STUDY_TOKEN_AUDIENCE,
  STUDY_TOKEN_ISSUER,
  STUDY_TOKEN_SCOPE,
  STUDY_TOKEN_TTL_SECONDS,
  STUDY_TOKEN_TYPE,
  studyTokenClaimsSchema,
  VIEWER_MESSAGES,
  WORKLIST,
  type StudyTokenClaims,
} from '@rayworks/contracts';
import { ConfigError } from '../config/env.js';
import type { Principal } from './principal.js';
import type { RequestAccess } from './request-access.js';

/**
 * Study tokens (docs/decisions/0164-study-token.md): short-lived read-only JWTs, HS256 with the shared secret
 * VIEWER_TOKEN_SECRET, that the cases service signs when a user opens a case in a viewer and imaging's DICOMweb read
 * routes accept as `Authorization: Bearer <token>`. One place for both sides: signing, verifying, telling one from an
 * access token (its header's `typ`), and the request access it gives (the case's company, only its studies).
 */
export const STUDY_TOKEN_ALGORITHM = 'HS256';
/** The shortest secret accepted, in bytes (HS256's key should be at least its output size). */
export const STUDY_TOKEN_SECRET_MIN_BYTES = 32;

/** Why a study token was refused: both answer 401, an expired one with the message that the viewer link expired. */
export class StudyTokenError extends Error {
  constructor(
    readonly kind: 'expired' | 'invalid',
    readonly reason: string,
  ) {
    super(`study token ${kind}: ${reason}`);
    this.name = 'StudyTokenError';
  }

  toHttpException(): UnauthorizedException {
    return new UnauthorizedException(
      this.kind === 'expired' ? VIEWER_MESSAGES.linkExpired : AUTH_MESSAGES.unauthorized,
    );
  }
}

export interface StudyTokenSubject {
  userId: string;
  loginName: string;
  /** The case's company. */
  tenantId: string;
  caseId: string;
  studies: readonly string[];
}

export interface SignedStudyToken {
  token: string;
  expiresAt: Date;
}

/** Whether a bearer token says it is a study token (its protected header's typ); no verification. */
export function isStudyToken(token: string): boolean {
  try {
    return decodeProtectedHeader(token).typ === STUDY_TOKEN_TYPE;
  } catch {
    return false;
  }
}

export class StudyTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    readonly ttlSeconds: number = STUDY_TOKEN_TTL_SECONDS,
  ) {
    this.key = new TextEncoder().encode(secret);
    if (this.key.length < STUDY_TOKEN_SECRET_MIN_BYTES)
      throw new ConfigError([`VIEWER_TOKEN_SECRET: must be at least ${STUDY_TOKEN_SECRET_MIN_BYTES} bytes`]);
  }

  async sign(subject: StudyTokenSubject, now: Date = new Date()): Promise<SignedStudyToken> {
    const studies = [...new Set(subject.studies)];
    const iat = Math.floor(now.getTime() / 1000);
    const exp = iat + this.ttlSeconds;
    const token = await new SignJWT({
      ln: subject.loginName,
      tid: subject.tenantId,
      cid: subject.caseId,
      studies,
      scope: STUDY_TOKEN_SCOPE,
    })
      .setProtectedHeader({ alg: STUDY_TOKEN_ALGORITHM, typ: STUDY_TOKEN_TYPE })
      .setSubject(subject.userId)
      .setIssuer(STUDY_TOKEN_ISSUER)
      .setAudience(STUDY_TOKEN_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(exp)
      .sign(this.key);
    return { token, expiresAt: new Date(exp * 1000) };
  }

  /** The claims of a valid token; StudyTokenError('expired') past its exp, StudyTokenError('invalid') otherwise. */
  async verify(token: string, now: Date = new Date()): Promise<StudyTokenClaims> {
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(token, this.key, {
        issuer: STUDY_TOKEN_ISSUER,
        audience: STUDY_TOKEN_AUDIENCE,
        algorithms: [STUDY_TOKEN_ALGORITHM],
        typ: STUDY_TOKEN_TYPE,
        currentDate: now,
        requiredClaims: ['exp', 'iat', 'sub'],
      }));
    } catch (error) {
      if (error instanceof errors.JWTExpired) throw new StudyTokenError('expired', 'past its exp');
      throw new StudyTokenError('invalid', (error as Error).message);
    }
    const claims = studyTokenClaimsSchema.safeParse(payload);
    if (!claims.success) throw new StudyTokenError('invalid', 'malformed claims');
    return claims.data;
  }
}

/**
 * What a request with a study token may reach: the token's company, read only (WORKLIST › VIEW and nothing else), as
 * its user (the audit entries name them), limited to the token's studies (`studies`: imaging's archive queries add it
 * to the reach, so anything else reads as absent). No group or centre limit: the case was in the user's reach when
 * the token was made, and its studies are named one by one.
 */
export function studyTokenAccess(claims: StudyTokenClaims): RequestAccess {
  const principal: Principal = {
    userId: claims.sub,
    tenantId: claims.tid,
    loginName: claims.ln,
    roleCodes: [],
    groupId: null,
    centreIds: [],
    grants: { WORKLIST: [WORKLIST.VIEW] },
    // a study token belongs to no session: it lives its own short life (docs/decisions/0164)
    sessionId: '00000000-0000-0000-0000-000000000000',
    level: 'tenant',
    resetPassword: false,
    principalVersion: 0,
  };
  return {
    principal,
    groupFilter: null,
    centreFilter: null,
    empty: false,
    submoduleType: null,
    subscriptionType: null,
    sessionEnabled: false,
    studies: [...claims.studies],
  };
}

/** Whether a request may reach a study by its reach's study limit (none: any study its other limits allow). */
export const reachesStudy = (access: Pick<RequestAccess, 'studies'>, studyInstanceUid: string): boolean =>
  access.studies === undefined || access.studies === null || access.studies.includes(studyInstanceUid);
