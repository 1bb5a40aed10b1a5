import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { z } from 'zod';
import { ACCESS_LEVELS, type Principal } from './principal.js';
import { AuthFailure } from './auth.errors.js';
import { decodeGrants, encodeGrants, GRANTS_CATALOGUE_VERSION } from './grants-codec.js';

const ISSUER = 'rayworks-auth';
const AUDIENCE = 'rayworks';
const MIN_SECRET_LENGTH = 32;

/** The claims beside the registered ones (sub = user id, iat, exp, iss, aud). Short names keep the token small. */
const claimsSchema = z
  .object({
    sub: z.uuid(),
    /** null: a platform operator (lv 'platform'), who belongs to no tenant. */
    tid: z.uuid().nullable(),
    sid: z.uuid(),
    ln: z.string().min(1),
    rc: z.array(z.string()),
    gid: z.uuid().nullable(),
    cid: z.array(z.uuid()),
    lv: z.enum(ACCESS_LEVELS),
    g: z.record(z.string(), z.number().int()),
    gv: z.literal(GRANTS_CATALOGUE_VERSION),
    rp: z.boolean(),
    pv: z.number().int().min(0),
  })
  .refine((c) => (c.tid === null) === (c.lv === 'platform'), 'only a platform principal has no tenant');

export interface SignedAccessToken {
  token: string;
  /** Seconds until it expires. */
  expiresIn: number;
}

/**
 * Access tokens: short-lived JWTs (HS256, jose) that carry the principal. Every service verifies them itself
 * with the shared AUTH_TOKEN_SECRET; only the auth service signs them.
 */
export class AccessTokens {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    readonly ttlSeconds: number,
  ) {
    if (secret.length < MIN_SECRET_LENGTH)
      throw new Error(`AUTH_TOKEN_SECRET must be at least ${MIN_SECRET_LENGTH} characters`);
    this.key = new TextEncoder().encode(secret);
  }

  async sign(principal: Principal, now: Date = new Date()): Promise<SignedAccessToken> {
    const iat = Math.floor(now.getTime() / 1000);
    const token = await new SignJWT({
      tid: principal.tenantId,
      sid: principal.sessionId,
      ln: principal.loginName,
      rc: [...principal.roleCodes],
      gid: principal.groupId,
      cid: [...principal.centreIds],
      lv: principal.level,
      g: encodeGrants(principal.grants),
      gv: GRANTS_CATALOGUE_VERSION,
      rp: principal.resetPassword,
      pv: principal.principalVersion,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(principal.userId)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(this.key);
    return { token, expiresIn: this.ttlSeconds };
  }

  /**
   * The principal of a valid token; AuthFailure('unauthorized') for anything else. With allowExpired, a token
   * whose signature is good but whose lifetime is over is accepted (only the refresh endpoint does that).
   */
  async verify(token: string, { allowExpired = false }: { allowExpired?: boolean } = {}): Promise<Principal> {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] }));
    } catch (error) {
      if (allowExpired && error instanceof errors.JWTExpired) payload = error.payload;
      else
        throw new AuthFailure(
          'unauthorized',
          error instanceof errors.JWTExpired ? 'access token expired' : 'invalid access token',
        );
    }
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success)
      throw new AuthFailure('unauthorized', 'access token claims are malformed or from another catalogue');
    const c = claims.data;
    return {
      userId: c.sub,
      tenantId: c.tid,
      sessionId: c.sid,
      loginName: c.ln,
      roleCodes: c.rc,
      groupId: c.gid,
      centreIds: c.cid,
      level: c.lv,
      grants: decodeGrants(c.g),
      resetPassword: c.rp,
      principalVersion: c.pv,
    };
  }
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value ? /^Bearer\s+([A-Za-z0-9._-]+)$/i.exec(value.trim()) : null;
  return match ? match[1]! : null;
}
