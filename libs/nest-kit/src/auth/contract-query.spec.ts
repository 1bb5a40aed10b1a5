import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, type INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { z } from 'zod';
import { defineApi, endpoint } from '@rayworks/contracts';
import { apiOk, ApiContract } from './api-contract.decorator.js';
import type { ContractCall } from './contract-call.js';

/** A GET contract's `body` is its query string: read from req.query, validated, and documented as parameters. */
const API = defineApi('imaging', {
  find: endpoint({
    method: 'GET',
    path: '/things',
    access: 'public',
    body: z
      .object({ name: z.string().min(2), size: z.coerce.number().int().min(1), note: z.string().optional() })
      .strict(),
    data: z.object({ name: z.string(), size: z.number(), note: z.string().nullable() }),
  }),
  save: endpoint({
    method: 'POST',
    path: '/things',
    access: 'public',
    body: z.object({ name: z.string() }).strict(),
    data: z.object({ name: z.string() }),
  }),
});

@Controller()
class ThingsController {
  @ApiContract(API.find, 'Finds things')
  find({ body }: ContractCall<typeof API.find>) {
    return apiOk({ name: body.name, size: body.size, note: body.note ?? null });
  }

  @ApiContract(API.save, 'Saves a thing')
  save({ body }: ContractCall<typeof API.save>) {
    return apiOk(body);
  }
}

describe('a GET contract’s body is its query string', () => {
  let app: INestApplication;
  let base: string;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ controllers: [ThingsController] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
  });
  afterAll(() => app.close());

  it('validates and coerces the query with the contract’s schema', async () => {
    const res = await fetch(`${base}/things?name=ab&size=3`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ data: { name: 'ab', size: 3, note: null } });
  });

  it('answers 400 naming the field when the query fails the contract, or carries an unknown key', async () => {
    expect((await fetch(`${base}/things?name=ab&size=0`)).status).toBe(400);
    const unknown = await fetch(`${base}/things?name=ab&size=1&extra=1`);
    expect(unknown.status).toBe(400);
    const missing = await fetch(`${base}/things?size=1`);
    expect(((await missing.json()) as { message: string }).message).toMatch(/^name: /);
  });

  it('still reads a POST contract’s body from the JSON body', async () => {
    const res = await fetch(`${base}/things`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'x' }),
    });
    expect(await res.json()).toMatchObject({ data: { name: 'x' } });
  });

  it('documents the GET’s query parameters (name, schema, required) and no request body', () => {
    const document = SwaggerModule.createDocument(app, new DocumentBuilder().build());
    const get = document.paths['/things']!.get!;
    expect(get.requestBody).toBeUndefined();
    expect(get.parameters).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          name: 'name',
          in: 'query',
          required: true,
          schema: { type: 'string', minLength: 2 },
        }),
        expect.objectContaining({ name: 'size', in: 'query', required: true }),
        expect.objectContaining({ name: 'note', in: 'query', required: false }),
      ]),
    );
  });
});
