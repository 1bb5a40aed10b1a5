import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { BILLING_API, BODY_LIMIT_MESSAGES, bodyLimitOf } from '@rayworks/contracts';
import { apiOk, ApiContract } from '../auth/api-contract.decorator.js';
import { ApiExceptionFilter } from '../auth/api-exception.filter.js';
import type { ContractCall } from '../auth/contract-call.js';
import { contractBodyParser, routeLimitsOf } from './body-limits.js';

const seen: { raw: string; body: string }[] = [];

/** A route whose contract says `rawBody` (billing's payment webhook), mounted as a service mounts it. */
@Controller()
class WebhookController {
  @ApiContract(BILLING_API.paymentLinkWebhook, 'raw body')
  receive(call: ContractCall<typeof BILLING_API.paymentLinkWebhook>) {
    let body: string;
    try {
      body = JSON.stringify(call.body);
    } catch (error) {
      body = (error as Error).message;
    }
    seen.push({ raw: call.rawBody.toString('latin1'), body });
    return apiOk({ outcome: 'IGNORED' as const });
  }
}

describe('a contract route that takes its body raw (rawBody)', () => {
  let app: INestApplication;
  let url: string;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ controllers: [WebhookController] }).compile();
    app = moduleRef.createNestApplication({ logger: false, bodyParser: false });
    app.use(contractBodyParser('billing'));
    app.useGlobalFilters(new ApiExceptionFilter());
    await app.listen(0, '127.0.0.1');
    url = `${await app.getUrl()}${BILLING_API.paymentLinkWebhook.path.replace(':provider', 'local')}`;
  });
  afterAll(() => app.close());

  const post = async (body: string | Buffer, contentType: string) => {
    seen.length = 0;
    const res = await fetch(url, { method: 'POST', headers: { 'content-type': contentType }, body });
    return { status: res.status, body: (await res.json()) as { message: string } };
  };

  it('hands the handler the exact bytes sent, JSON or not, and validates nothing', async () => {
    // spacing, key order and an invalid field as sent: a parser and re-serialiser would change them
    const text = '{ "b":1,\n  "a" : "\u00e9\u0007" ,"id":"not-an-event"}';
    expect(await post(text, 'application/json; charset=utf-8')).toMatchObject({ status: 200 });
    expect(seen).toEqual([
      {
        raw: Buffer.from(text, 'utf8').toString('latin1'),
        body: `${BILLING_API.paymentLinkWebhook.path}: the contract route takes its body raw (rawBody)`,
      },
    ]);
    const bytes = Buffer.from([0, 1, 2, 250, 255]);
    expect((await post(bytes, 'application/octet-stream')).status).toBe(200);
    expect(seen[0]!.raw).toBe(bytes.toString('latin1'));
    // not JSON at all: still the handler's to judge (a JSON route would have answered 400 before it)
    expect((await post('{not json', 'application/json')).status).toBe(200);
    expect(seen[0]!.raw).toBe('{not json');
  });

  it("keeps the route's limit from its contract: a larger body is a 413 and reaches no handler", async () => {
    const limit = bodyLimitOf(BILLING_API.paymentLinkWebhook);
    expect(routeLimitsOf('billing').find((r) => r.raw)?.limit).toBe(limit);
    const reply = await post('x'.repeat(limit + 1), 'application/json');
    expect(reply).toEqual({
      status: 413,
      body: expect.objectContaining({ message: BODY_LIMIT_MESSAGES.tooLarge(limit) }),
    });
    expect(seen).toEqual([]);
  });
});
