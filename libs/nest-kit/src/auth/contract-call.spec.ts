import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  Controller,
  Injectable,
  Param,
  type CanActivate,
  type ExecutionContext,
  type INestApplication,
} from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { Request } from 'express';
import {
  AUTH_API,
  AUTH_HEADERS,
  AUTH_MESSAGES,
  BODY_LIMIT_MESSAGES,
  bodyLimitOf,
  encryptBody,
} from '@rayworks/contracts';
import { INVALID_INPUTS_MESSAGE } from '@rayworks/validation';
import { contractBodyParser } from '../app/body-limits.js';
import { apiOk, ApiContract } from './api-contract.decorator.js';
import { ApiExceptionFilter } from './api-exception.filter.js';
import { BodyDecryptionInterceptor } from './body-decryption.interceptor.js';
import type { ContractCall } from './contract-call.js';
import type { RequestAccess } from './request-access.js';
import { setRequestAccess } from './request-state.js';

/**
 * The call @ApiContract hands a handler, in an app wired as a service's is: the kit's body parser with the routes'
 * limits (app/body-limits.ts, auth's contracts), a guard that leaves a verified caller on signed-in requests, the
 * body-decryption interceptor and the kit's exception filter. Real auth routes, so their real limits apply.
 */
const SESSION_TOKEN = '0b6c1c8e-3f8e-4a51-9d1a-3c2b1a0f9e8d.abcdefghijklmnopqrstuvwxyz012345';
const ACCESS = { principal: { userId: 'user-1', loginName: 'ana' } } as unknown as RequestAccess;

/** Stands in for the kit's AuthGuard: a request with the session header is a verified caller. */
@Injectable()
class TestGuard implements CanActivate {
  canActivate(ctx: ExecutionContext): boolean {
    const req = ctx.switchToHttp().getRequest<Request>();
    if (req.headers[AUTH_HEADERS.sessionToken]) setRequestAccess(req, ACCESS, SESSION_TOKEN);
    return true;
  }
}

const seen: unknown[] = [];

@Controller()
class CallsController {
  @ApiContract(AUTH_API.forgotPassword, 'public, validated')
  forgot({ body, client }: ContractCall<typeof AUTH_API.forgotPassword>) {
    seen.push({ body, client });
    return apiOk(null);
  }

  @ApiContract(AUTH_API.updatePassword, 'signed in, validated')
  update({ body, access, principal, credentials }: ContractCall<typeof AUTH_API.updatePassword>) {
    seen.push({ body, access, principal, credentials });
    return apiOk(null);
  }

  @ApiContract(AUTH_API.logout, 'signed in, body unread', { body: 'unread' })
  logout(call: ContractCall<typeof AUTH_API.logout>) {
    let body: string;
    try {
      body = JSON.stringify(call.body);
    } catch (error) {
      body = (error as Error).message;
    }
    seen.push({ access: call.access, body });
    return apiOk(null);
  }

  @ApiContract(AUTH_API.online, 'a path parameter after the call')
  online({ access }: ContractCall<typeof AUTH_API.online>, @Param('userId') userId: string) {
    seen.push({ access, userId });
    return apiOk({ isAvailability: true });
  }
}

describe('the call a contract handler is handed', () => {
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ controllers: [CallsController] }).compile();
    app = moduleRef.createNestApplication({ logger: false, bodyParser: false });
    app.use(contractBodyParser('auth'));
    app.useGlobalGuards(new TestGuard());
    app.useGlobalInterceptors(new BodyDecryptionInterceptor());
    app.useGlobalFilters(new ApiExceptionFilter());
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
  });
  afterAll(() => app.close());

  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    seen.length = 0;
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as { status: string; data: unknown; message: string } };
  };
  const signedIn = { [AUTH_HEADERS.sessionToken]: SESSION_TOKEN };

  it('hands the handler the body as the contract parses it, and the caller’s address and agent', async () => {
    const reply = await post(AUTH_API.forgotPassword.path, { loginName: 'ana' }, { 'user-agent': 'kit-test/1' });
    expect(reply).toEqual({ status: 200, body: { status: 'success', data: null, message: '' } });
    expect(seen).toEqual([
      { body: { loginName: 'ana' }, client: { address: expect.any(String), userAgent: 'kit-test/1' } },
    ]);
  });

  it('answers 400 `<field>: <reason>` for a body that fails the contract, and the handler never runs', async () => {
    const missing = await post(AUTH_API.forgotPassword.path, {});
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ status: 'error', data: null, message: expect.stringMatching(/^loginName: /) });
    const control = await post(AUTH_API.forgotPassword.path, { loginName: 'an\u0007a' });
    expect(control.body).toEqual({ status: 'error', data: null, message: `loginName: ${INVALID_INPUTS_MESSAGE}` });
    expect(seen).toEqual([]);
  });

  it('refuses a body past the route’s limit with 413 before anything reads it', async () => {
    const limit = bodyLimitOf(AUTH_API.forgotPassword);
    const reply = await post(AUTH_API.forgotPassword.path, { loginName: 'a'.repeat(limit) });
    expect(reply).toEqual({
      status: 413,
      body: { status: 'error', data: null, message: BODY_LIMIT_MESSAGES.tooLarge(limit) },
    });
    expect(seen).toEqual([]);
  });

  it('gives a signed-in handler the verified caller and the credentials its request carried', async () => {
    const reply = await post(
      AUTH_API.updatePassword.path,
      { newPassword: 'n' },
      {
        ...signedIn,
        authorization: 'Bearer the-token',
        [AUTH_HEADERS.companyId]: 'company-1',
        [AUTH_HEADERS.centerIds]: 'c1, c2',
      },
    );
    expect(reply.status).toBe(200);
    expect(seen).toEqual([
      {
        body: { newPassword: 'n' },
        access: ACCESS,
        principal: ACCESS.principal,
        credentials: {
          token: 'the-token',
          sessionToken: SESSION_TOKEN,
          companyId: 'company-1',
          groupId: null,
          centerIds: ['c1', 'c2'],
        },
      },
    ]);
  });

  it('validates what an encrypted body holds, after the interceptor decrypted it', async () => {
    const encrypted = { ...signedIn, [AUTH_HEADERS.encrypted]: 'true' };
    const good = await post(
      AUTH_API.updatePassword.path,
      await encryptBody(SESSION_TOKEN, { newPassword: 'n' }),
      encrypted,
    );
    expect(good.status).toBe(200);
    expect(seen).toEqual([expect.objectContaining({ body: { newPassword: 'n' } })]);
    const bad = await post(
      AUTH_API.updatePassword.path,
      await encryptBody(SESSION_TOKEN, { newPassword: 5 }),
      encrypted,
    );
    expect(bad.body).toEqual({ status: 'error', data: null, message: expect.stringMatching(/^newPassword: /) });
    const plain = await post(AUTH_API.updatePassword.path, { newPassword: 'n' }, encrypted);
    expect(plain.body.message).toBe(AUTH_MESSAGES.invalidEncryptedBody);
    expect(seen).toEqual([]);
  });

  it("leaves a route marked body: 'unread' as it was: what the client sends is not validated, and not handed over", async () => {
    const reply = await post(AUTH_API.logout.path, { anything: ['goes'] }, signedIn);
    expect(reply.status).toBe(200);
    expect(seen).toEqual([
      { access: ACCESS, body: `${AUTH_API.logout.path}: the contract route reads no body (body: 'unread')` },
    ]);
  });

  it('fills the parameters after the call as Nest does (a path parameter here)', async () => {
    const reply = await post(AUTH_API.online.path.replace(':userId', 'user-1'), {}, signedIn);
    expect(reply.body).toEqual({ status: 'success', data: { isAvailability: true }, message: '' });
    expect(seen).toEqual([{ access: ACCESS, userId: 'user-1' }]);
    // the call still validates the body of such a route (online takes none: strict {})
    expect((await post(AUTH_API.online.path.replace(':userId', 'user-1'), { extra: 1 }, signedIn)).status).toBe(400);
  });
});
