import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { z } from 'zod';
import { ACCESS_LEVELS, type Principal } from './principal.js';
import { AuthFailure } from './auth.errors.js';
import { decodeGrants, encodeGrants, GRANTS_CATALOGUE_VERSION } from './grants-codec.js';
import { TOKEN_ALGORITHM, type TokenKeys } from './token-keys.js';

export const TOKEN_ISSUER = 'rayworks-auth';
export const TOKEN_AUDIENCE = 'rayworks';

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
  .refine(
    (c) => (c.tid === null) === (c.lv === 'platform' || c.lv === 'marketplace'),
    'only a platform or marketplace principal has no tenant',
  );

export interface SignedAccessToken {
  token: string;
  /** Seconds until it expires. */
  expiresIn: number;
}

/**
 * Access tokens: short-lived JWTs (EdDSA over Ed25519, jose) that carry the principal. Only the auth service holds
 * a private key and signs them; every process verifies them itself with the auth service's public keys (its JWKS),
 * choosing the key by the token's `kid` (docs/decisions/0060-asymmetric-access-tokens.md).
 */
export class AccessTokens {
  /**
   * Tokens verified already, by their text, until they expire: the text is signed, so the same text verifies to the
   * same principal, and every request of a session carries the same token — its signature is checked once, not on
   * each request (issue 10: a third of a millisecond per request in every service). Revocation is not cached here:
   * the session store is asked on every request (RequestAuthenticator).
   */
  private readonly verified = new Map<string, { principal: Principal; expiresAtMs: number }>();

  constructor(
    private readonly keys: TokenKeys,
    readonly ttlSeconds: number,
    /** The clock tokens are checked against (tests move it). */
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether this process can sign (the auth service). */
  get canSign(): boolean {
    return this.keys.signing !== null;
  }

  /** The public keys this process publishes (the auth service), or null. */
  get publicKeys() {
    return this.keys.jwks;
  }

  async sign(principal: Principal, now: Date = new Date()): Promise<SignedAccessToken> {
    const signing = this.keys.signing;
    if (!signing) throw new Error('this process holds no signing key: only the auth service signs access tokens');
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
      .setProtectedHeader({ alg: TOKEN_ALGORITHM, typ: 'JWT', kid: signing.kid })
      .setSubject(principal.userId)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(TOKEN_AUDIENCE)
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .sign(signing.key);
    return { token, expiresIn: this.ttlSeconds };
  }

  /**
   * The principal of a valid token; AuthFailure('unauthorized') for anything else. With allowExpired, a token
   * whose signature is good but whose lifetime is over is accepted (only the refresh endpoint does that).
   */
  async verify(token: string, { allowExpired = false }: { allowExpired?: boolean } = {}): Promise<Principal> {
    const now = this.now();
    const known = this.verified.get(token);
    if (known && known.expiresAtMs > now) return known.principal;
    if (known) this.verified.delete(token);
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.keys.verify, {
        issuer: TOKEN_ISSUER,
        audience: TOKEN_AUDIENCE,
        algorithms: [TOKEN_ALGORITHM],
        currentDate: new Date(now),
      }));
    } catch (error) {
      if (allowExpired && error instanceof errors.JWTExpired) payload = error.payload;
      else if (keysUnreachable(error))
        throw new AuthFailure('keys-unavailable', `the auth service's public keys: ${(error as Error).message}`);
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
    const principal: Principal = {
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
    const expiresAtMs = (payload.exp ?? 0) * 1000;
    if (expiresAtMs > now) this.remember(token, principal, expiresAtMs);
    return principal;
  }

  private remember(token: string, principal: Principal, expiresAtMs: number): void {
    if (this.verified.size >= VERIFIED_TOKENS_KEPT) {
      // the oldest first (a Map keeps insertion order); expired ones go when they are next asked for
      this.verified.delete(this.verified.keys().next().value!);
    }
    this.verified.set(token, { principal, expiresAtMs });
  }
}

/** How many verified tokens a process keeps (a few hundred bytes each). */
export const VERIFIED_TOKENS_KEPT = 10_000;

/**
 * Whether verification failed because the auth service's JWKS could not be fetched (down, timeout, not a JWKS),
 * not because of the token: that is a 503, never a 401 that would sign the user out.
 */
function keysUnreachable(error: unknown): boolean {
  if (error instanceof errors.JWKSTimeout || error instanceof errors.JWKSInvalid) return true;
  if (!(error instanceof errors.JOSEError)) return true;
  // the remote set's own failures are plain JOSEErrors ("Expected 200 OK ...", "Failed to parse ...")
  return error.constructor === errors.JOSEError;
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  const match = value ? /^Bearer\s+([A-Za-z0-9._-]+)$/i.exec(value.trim()) : null;
  return match ? match[1]! : null;
}
