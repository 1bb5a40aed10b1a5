import { describe, expect, it } from '@jest/globals';
import { SignJWT } from 'jose';
import { STUDY_TOKEN_TTL_SECONDS, VIEWER_MESSAGES } from '@rayworks/contracts';
import { isStudyToken, reachesStudy, StudyTokenError, StudyTokens, studyTokenAccess } from './study-token.js';

const SECRET = 'a-test-secret-of-the-study-tokens-0123456789';
const subject = {
  userId: '11111111-1111-4111-8111-111111111111',
  loginName: 'rad@example.com',
  tenantId: '22222222-2222-4222-8222-222222222222',
  caseId: '33333333-3333-4333-8333-333333333333',
  studies: ['1.2.3', '1.2.4', '1.2.3'],
};
const now = new Date('2026-11-26T12:00:00Z');

async function refusal(work: Promise<unknown>): Promise<StudyTokenError> {
  try {
    await work;
  } catch (error) {
    if (error instanceof StudyTokenError) return error;
    throw error;
  }
  throw new Error('accepted');
}

describe('study tokens', () => {
  const tokens = new StudyTokens(SECRET);

  it('signs and verifies: the user, the company, the case, its studies (once each), read only, 900 s', async () => {
    const { token, expiresAt } = await tokens.sign(subject, now);
    expect(expiresAt.getTime() - now.getTime()).toBe(STUDY_TOKEN_TTL_SECONDS * 1000);
    expect(isStudyToken(token)).toBe(true);
    const claims = await tokens.verify(token, new Date(now.getTime() + 60_000));
    expect(claims).toMatchObject({
      sub: subject.userId,
      ln: subject.loginName,
      tid: subject.tenantId,
      cid: subject.caseId,
      studies: ['1.2.3', '1.2.4'],
      scope: 'read',
    });
  });

  it('refuses a token of another secret', async () => {
    const { token } = await new StudyTokens(`${SECRET}-other`).sign(subject, now);
    expect((await refusal(tokens.verify(token, now))).kind).toBe('invalid');
  });

  it('refuses a token past its exp, with the viewer-link-expired message', async () => {
    const { token } = await tokens.sign(subject, now);
    const error = await refusal(tokens.verify(token, new Date(now.getTime() + (STUDY_TOKEN_TTL_SECONDS + 1) * 1000)));
    expect(error.kind).toBe('expired');
    expect(error.toHttpException().getStatus()).toBe(401);
    expect(error.toHttpException().message).toBe(VIEWER_MESSAGES.linkExpired);
  });

  it('refuses a tampered token (another study written into the payload)', async () => {
    const { token } = await tokens.sign(subject, now);
    const [head, body, sig] = token.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { studies: string[] };
    claims.studies = ['9.9.9'];
    const forged = `${head}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${sig}`;
    expect((await refusal(tokens.verify(forged, now))).kind).toBe('invalid');
  });

  it('refuses a token with the right secret but not a study token (another typ, issuer or scope)', async () => {
    const key = new TextEncoder().encode(SECRET);
    const base = { ln: 'x', tid: subject.tenantId, cid: subject.caseId, studies: ['1.2.3'], scope: 'read' };
    const make = (typ: string, iss: string, extra: object = {}) =>
      new SignJWT({ ...base, ...extra })
        .setProtectedHeader({ alg: 'HS256', typ })
        .setSubject(subject.userId)
        .setIssuer(iss)
        .setAudience('rayworks-dicomweb')
        .setIssuedAt(Math.floor(now.getTime() / 1000))
        .setExpirationTime(Math.floor(now.getTime() / 1000) + 60)
        .sign(key);
    expect((await refusal(tokens.verify(await make('JWT', 'rayworks-cases'), now))).kind).toBe('invalid');
    expect((await refusal(tokens.verify(await make('rayworks-study+jwt', 'rayworks-auth'), now))).kind).toBe('invalid');
    expect(
      (await refusal(tokens.verify(await make('rayworks-study+jwt', 'rayworks-cases', { scope: 'write' }), now))).kind,
    ).toBe('invalid');
  });

  it('refuses a token signed with "none" or another algorithm', async () => {
    const { token } = await tokens.sign(subject, now);
    const [, body] = token.split('.') as [string, string];
    const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'rayworks-study+jwt' })).toString('base64url')}.${body}.`;
    expect((await refusal(tokens.verify(none, now))).kind).toBe('invalid');
  });

  it('gives access to the token studies alone, in its company, read only', async () => {
    const { token } = await tokens.sign(subject, now);
    const access = studyTokenAccess(await tokens.verify(token, now));
    expect(access.principal.tenantId).toBe(subject.tenantId);
    expect(access.principal.grants).toEqual({ WORKLIST: ['VIEW'] });
    expect(reachesStudy(access, '1.2.3')).toBe(true);
    expect(reachesStudy(access, '1.2.4')).toBe(true);
    expect(reachesStudy(access, '1.2.5')).toBe(false);
    expect(reachesStudy({}, '1.2.5')).toBe(true);
  });

  it('tells a study token from an access token or garbage', () => {
    expect(isStudyToken('not-a-jwt')).toBe(false);
    const accessLike = `${Buffer.from(JSON.stringify({ alg: 'EdDSA', typ: 'JWT', kid: 'k' })).toString('base64url')}.e30.x`;
    expect(isStudyToken(accessLike)).toBe(false);
  });

  it('needs a secret of at least 32 bytes', () => {
    expect(() => new StudyTokens('short')).toThrow(/VIEWER_TOKEN_SECRET/);
  });
});
