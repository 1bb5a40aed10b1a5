import { describe, expect, it } from '@jest/globals';
import { Controller, Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { z } from 'zod';
import { defineApi, endpoint } from '@rayworks/contracts';
import { apiOk, ApiContract } from './api-contract.decorator.js';
import type { ContractCall } from './contract-call.js';

/**
 * What the compiler refuses (docs/decisions/0221): `npx tsc -p tsconfig.tests.json` compiles this file, and each
 * `@ts-expect-error` below must meet the error it announces — were @ApiContract to stop checking a handler, the
 * directive would be unused and the type check (CI) would fail. Each refusal is TS1241 on the decorator: the
 * handler does not fit `ContractHandler<typeof endpoint>`.
 */
const API = defineApi('auth', {
  rename: endpoint({
    method: 'POST',
    path: '/things/rename',
    access: 'public',
    body: z.object({ id: z.uuid(), name: z.string().trim().min(1) }).strict(),
    data: z.object({ id: z.string(), name: z.string(), renamedAt: z.iso.datetime().nullable() }),
  }),
  count: endpoint({
    method: 'GET',
    path: '/things/count',
    access: 'public',
    body: z.object({ of: z.string(), page: z.coerce.number().int().default(1) }).strict(),
    data: z.object({ count: z.number().int() }),
  }),
  export: endpoint({
    method: 'POST',
    path: '/things/export',
    access: 'public',
    body: z.object({}).strict(),
    data: z.null(),
    produces: ['text/csv'],
  }),
});

const renamed = async (id: string, name: string) => ({ id, name, renamedAt: null });

@Controller()
class AcceptedController {
  /** The shape every handler has: the call, the body typed by the contract, the answer checked against `data`. */
  @ApiContract(API.rename, 'renames')
  async rename({ body }: ContractCall<typeof API.rename>) {
    return apiOk(await renamed(body.id, body.name), 'Renamed');
  }

  /** A GET's body is its query, with the schema's defaults filled (page is a number here, never undefined). */
  @ApiContract(API.count, 'counts')
  count({ body }: ContractCall<typeof API.count>) {
    const page: number = body.page;
    return apiOk({ count: body.of.length * page });
  }

  /** A file route answers nothing: it streams into @Res(); parameters after the call are Nest's as ever. */
  @ApiContract(API.export, 'exports')
  async export(_call: ContractCall<typeof API.export>, @Res() res: Response): Promise<void> {
    res.type('text/csv').send('a,b\n');
  }

  /** A handler that needs nothing of the call takes no parameter at all. */
  @ApiContract(API.count, 'counts nothing')
  nothing() {
    return apiOk({ count: 0 });
  }
}

@Controller()
class RefusedController {
  // @ts-expect-error a drifted answer: `count` is a number in the contract, not a string
  @ApiContract(API.count, 'drifted field')
  drifted({ body }: ContractCall<typeof API.count>) {
    return apiOk({ count: body.of });
  }

  // @ts-expect-error a drifted answer: the contract's `renamedAt` is missing
  @ApiContract(API.rename, 'missing field')
  async missing({ body }: ContractCall<typeof API.rename>) {
    return apiOk({ id: body.id, name: body.name });
  }

  // @ts-expect-error the call of another endpoint: its body is not this route's body
  @ApiContract(API.rename, 'another endpoint’s call')
  async otherCall({ body }: ContractCall<typeof API.count>) {
    return apiOk(await renamed(body.of, body.of));
  }

  // @ts-expect-error a JSON route must answer { status, data, message }, not nothing
  @ApiContract(API.count, 'no answer')
  async silent(_call: ContractCall<typeof API.count>): Promise<void> {}

  // @ts-expect-error a file route streams its file: it does not answer JSON
  @ApiContract(API.export, 'a file route answering JSON')
  jsonFile() {
    return apiOk(null);
  }

  // @ts-expect-error the first parameter is the call, not something else
  @ApiContract(API.rename, 'first parameter not the call')
  async notTheCall(id: string) {
    return apiOk(await renamed(id, id));
  }

  @ApiContract(API.rename, 'the body is typed')
  async typedBody({ body }: ContractCall<typeof API.rename>) {
    // @ts-expect-error the contract's `name` is a string
    const size: number = body.name;
    return apiOk(await renamed(body.id, String(size)));
  }
}

describe('a contract handler’s types (the checks are the compiler’s: see the @ts-expect-error lines)', () => {
  it('defines the checked controllers (the decorators run when the classes are defined)', () => {
    expect(Object.getOwnPropertyNames(AcceptedController.prototype)).toEqual(
      expect.arrayContaining(['rename', 'count', 'export', 'nothing']),
    );
    expect(Object.getOwnPropertyNames(RefusedController.prototype)).toContain('drifted');
  });

  it('refuses, when the class is defined, a parameter decorator on the first parameter (the call’s place)', () => {
    const define = () => {
      @Controller()
      class Misplaced {
        // @ts-expect-error the first parameter is the call, not a path parameter
        @ApiContract(API.rename, 'a path parameter first')
        async rename(@Param('id') id: string) {
          return apiOk(await renamed(id, id));
        }
      }
      return Misplaced;
    };
    expect(define).toThrow('rename: the first parameter of a contract handler is its call, filled by @ApiContract');
  });
});
