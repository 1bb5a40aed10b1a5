import { describe, expect, it } from '@jest/globals';
import type { ExecutionContext, HttpException } from '@nestjs/common';
import type { Reflector } from '@nestjs/core';
import { AUTH_MESSAGES, ROLE_CODES, requirement, VIEWER_MESSAGES } from '@rayworks/contracts';
import { AuthGuard, decide } from './auth.guard.js';
import { ACCEPT_STUDY_TOKEN, ACCESS_RULE, accessRuleOf, type AccessRule } from './decorators.js';
import type { RequestAccess } from './request-access.js';
import type { RequestAuthenticator } from './request-authenticator.js';
import { requestAccessOf } from './request-state.js';
import { StudyTokens } from './study-token.js';

const access = (p: Partial<RequestAccess['principal']> = {}): RequestAccess => ({
  principal: {
    userId: 'u',
    tenantId: 't',
    sessionId: 's',
    loginName: 'l',
    roleCodes: [ROLE_CODES.CENTER_ADMIN],
    groupId: null,
    centreIds: [],
    grants: { GROUP: ['VIEW'], USER: ['VIEW', 'CREATE'] },
    level: 'centre',
    resetPassword: false,
    principalVersion: 3,
    ...p,
  },
  groupFilter: null,
  centreFilter: null,
  empty: false,
  submoduleType: null,
  subscriptionType: null,
  sessionEnabled: false,
});

describe('guard decisions', () => {
  it('lets only a platform operator (level platform, no tenant) through a PLATFORM module rule, whatever its grants', () => {
    const rule = accessRuleOf(requirement('COMPANIES', 'CREATE'));
    const grants = { COMPANIES: ['VIEW', 'CREATE', 'ISACTIVE'] };
    expect(decide(rule, access({ level: 'platform', tenantId: null, grants }), false).allowed).toBe(true);
    // a company's SUPER_ADMIN whose token somehow carried the grant is still refused
    expect(decide(rule, access({ level: 'tenant', roleCodes: [ROLE_CODES.SUPER_ADMIN], grants }), false).allowed).toBe(
      false,
    );
    expect(decide(rule, access({ level: 'platform', tenantId: null, grants: {} }), false).allowed).toBe(false);
  });

  it('denies a route without an access rule (default deny)', () => {
    expect(decide(undefined, access(), false)).toEqual({ allowed: false, message: AUTH_MESSAGES.forbidden });
  });

  it('allows authenticated routes to any verified caller', () => {
    expect(decide({ kind: 'authenticated' }, access({ grants: {} }), false).allowed).toBe(true);
  });

  it('checks module, type and any one code, case-insensitively', () => {
    expect(decide(accessRuleOf(requirement('USER', 'CREATE')), access(), false).allowed).toBe(true);
    expect(decide(accessRuleOf(requirement('USER', 'EDIT', 'CREATE')), access(), false).allowed).toBe(true);
    expect(decide(accessRuleOf(requirement('USER', 'EDIT')), access(), false).allowed).toBe(false);
    expect(decide(accessRuleOf(requirement('ROLES', 'VIEW')), access(), false).allowed).toBe(false);
    expect(
      decide(
        { kind: 'privilege', need: { module: 'others', type: 'group', anyOf: ['view'] } as never },
        access(),
        false,
      ).allowed,
    ).toBe(true);
    expect(
      decide({ kind: 'privilege', need: { module: 'PACS', type: 'GROUP', anyOf: ['VIEW'] } }, access(), false).allowed,
    ).toBe(false);
  });

  it('checks role codes for operator routes', () => {
    const rule = { kind: 'roles', roles: [ROLE_CODES.ADMIN, ROLE_CODES.SUPER_ADMIN] } as const;
    expect(decide(rule, access(), false).allowed).toBe(false);
    expect(decide(rule, access({ roleCodes: [ROLE_CODES.SUPER_ADMIN] }), false).allowed).toBe(true);
  });

  it('lets a user who must reset the password reach only the routes marked for it', () => {
    const mustReset = access({ resetPassword: true });
    expect(decide(accessRuleOf(requirement('USER', 'VIEW')), mustReset, false).allowed).toBe(false);
    expect(decide({ kind: 'authenticated' }, mustReset, false).allowed).toBe(false);
    expect(decide({ kind: 'authenticated' }, mustReset, true).allowed).toBe(true);
  });
});

describe('guard: study tokens (docs/decisions/0164)', () => {
  const tokens = new StudyTokens('a-test-secret-of-the-study-tokens-0123456789');
  const subject = {
    userId: '11111111-1111-4111-8111-111111111111',
    loginName: 'rad@example.com',
    tenantId: '22222222-2222-4222-8222-222222222222',
    caseId: '33333333-3333-4333-8333-333333333333',
    studies: ['1.2.3'],
  };
  const VIEW_RULE = accessRuleOf(requirement('WORKLIST', 'VIEW'));
  const IMPORT_RULE = accessRuleOf(requirement('WORKLIST', 'IMPORT'));

  function run(token: string, meta: { rule: AccessRule; acceptsStudyToken: boolean }, studyTokens = tokens) {
    const req = { headers: { authorization: `Bearer ${token}` } };
    const reflector = {
      getAllAndOverride: (key: string) =>
        key === ACCESS_RULE ? meta.rule : key === ACCEPT_STUDY_TOKEN ? meta.acceptsStudyToken : undefined,
    } as unknown as Reflector;
    let authenticated = false;
    const authenticator = {
      authenticate: () => {
        authenticated = true;
        throw new Error('an access token road');
      },
    } as unknown as RequestAuthenticator;
    const guard = new AuthGuard(reflector, authenticator, null, studyTokens);
    const context = {
      getType: () => 'http',
      getHandler: () => null,
      getClass: () => null,
      switchToHttp: () => ({ getRequest: () => req }),
    } as unknown as ExecutionContext;
    return { result: guard.canActivate(context), req, authenticated: () => authenticated };
  }

  const statusOf = async (work: Promise<unknown>) => {
    try {
      await work;
      return { status: 200, message: '' };
    } catch (error) {
      const e = error as HttpException;
      return { status: e.getStatus(), message: e.message };
    }
  };

  it('accepts it on a marked read route: the token company, its studies alone, read only', async () => {
    const { token } = await tokens.sign(subject);
    const { result, req, authenticated } = run(token, { rule: VIEW_RULE, acceptsStudyToken: true });
    expect(await result).toBe(true);
    expect(authenticated()).toBe(false);
    const access = requestAccessOf(req);
    expect(access.studies).toEqual(['1.2.3']);
    expect(access.principal.tenantId).toBe(subject.tenantId);
    expect(access.principal.userId).toBe(subject.userId);
  });

  it('refuses it (401) on a route not marked, and where the rule needs more than VIEW (403)', async () => {
    const { token } = await tokens.sign(subject);
    const unmarked = run(token, { rule: VIEW_RULE, acceptsStudyToken: false });
    expect(await statusOf(unmarked.result)).toEqual({ status: 401, message: AUTH_MESSAGES.unauthorized });
    expect(unmarked.authenticated()).toBe(false);
    expect((await statusOf(run(token, { rule: IMPORT_RULE, acceptsStudyToken: true }).result)).status).toBe(403);
  });

  it('refuses an expired one with the viewer-link-expired message, and any one where the process has no secret', async () => {
    const { token } = await tokens.sign(subject, new Date(Date.now() - 3_600_000));
    expect(await statusOf(run(token, { rule: VIEW_RULE, acceptsStudyToken: true }).result)).toEqual({
      status: 401,
      message: VIEWER_MESSAGES.linkExpired,
    });
    const fresh = (await tokens.sign(subject)).token;
    const noSecret = run(fresh, { rule: VIEW_RULE, acceptsStudyToken: true }, null as unknown as StudyTokens);
    expect((await statusOf(noSecret.result)).status).toBe(401);
  });
});
