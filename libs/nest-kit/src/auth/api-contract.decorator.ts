import { applyDecorators, Get, HttpCode, HttpStatus, Post, SetMetadata } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants.js';
import {
  ApiBearerAuth,
  ApiBody,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiQuery,
  ApiResponse,
  type ApiQueryOptions,
} from '@nestjs/swagger';
import { z } from 'zod';
import {
  apiErrorSchema,
  apiResponseSchema,
  AUTH_HEADERS,
  errorStatusesOf,
  type Endpoint,
  type ErrorStatus,
} from '@rayworks/contracts';
import { ContractCallParam, type ContractBodyUse, type ContractCall } from './contract-call.js';
import { ACCESS_RULE, accessRuleOf } from './decorators.js';

/** JSON Schema (OpenAPI 3.0 dialect) of a zod schema, for the generated documents. */
export function openApiSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  return z.toJSONSchema(schema, { target: 'openapi-3.0', io, unrepresentable: 'any' }) as Record<string, unknown>;
}

const describeAccess = (endpoint: Endpoint): string =>
  endpoint.access === 'public'
    ? 'Public.'
    : endpoint.access === 'authenticated'
      ? 'Any signed-in user.'
      : `Needs ${endpoint.access.module} › ${endpoint.access.type} › ${endpoint.access.anyOf.join(' or ')}.`;

/** What each error status means, for the OpenAPI document (every error answer is `{ status: 'error', data: null, message }`). */
export const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'The body fails the contract: the message is `<field>: <reason>` (the first problem), e.g. an unknown sort column or filter; nothing is written.',
  401: 'No, invalid or expired access token, a revoked session, or (login) wrong credentials.',
  403: 'The caller lacks the privilege, reaches outside its scope, or x-company-id names another tenant.',
  404: "The record the body names does not exist in the caller's reach.",
  409: 'The change conflicts with the current state of the record.',
  410: 'The link or record existed but is gone for good (e.g. a shared link past its expiry).',
  413: "The body is larger than the route's limit, derived from its contract (the largest body the contract accepts, encrypted): nothing is read.",
  429: 'Too many attempts: try again later.',
  440: 'The session was idle too long: sign in again.',
  500: 'An unexpected failure (details in the service log, never in the answer).',
  503: 'Through the gateway: the owning service is unreachable; the message and `service` say which.',
};

const errorBody = openApiSchema(apiErrorSchema, 'output');
const unavailableBody = openApiSchema(apiErrorSchema.extend({ service: z.string() }), 'output');

/** OpenAPI descriptions of error answers, for routes outside the contracts (health, operator endpoints). */
export function ApiErrorResponses(...statuses: ErrorStatus[]) {
  return applyDecorators(
    ...statuses.map((status) =>
      ApiResponse({
        status,
        description: ERROR_DESCRIPTIONS[status],
        schema: status === 503 ? unavailableBody : errorBody,
      }),
    ),
  );
}

/**
 * The query parameters of a GET contract: one per property of its `body` object (a GET's body is its query
 * string: contract-call.ts), each with its JSON schema and whether it is required.
 */
export function queryParameters(body: z.ZodType): MethodDecorator[] {
  const schema = openApiSchema(body, 'input') as { properties?: Record<string, object>; required?: string[] };
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) =>
    ApiQuery({ name, required: required.has(name), schema: property } as ApiQueryOptions),
  );
}

/** The `{ status, data, message }` answer of a JSON route (spec §7), as apiOk builds it. */
export interface ApiAnswer<T> {
  status: 'success';
  data: T;
  message: string;
}

/**
 * What a contract's handler answers: `{ status: 'success', data, message }` whose `data` is what the contract's
 * `data` schema takes (a drifted answer fails tsc), or nothing for a file route (`produces`: the handler streams the
 * file into `@Res()`).
 */
export type ContractAnswer<E extends Endpoint> = E extends { produces: readonly string[] }
  ? void
  : ApiAnswer<z.input<E['data']>>;

/**
 * The shape `@ApiContract(endpoint)` accepts: the call first (`ContractCall<typeof endpoint>`, handed over by the
 * decorator), then any parameter Nest fills (`@Res()`, `@Param()`, `@Headers()`: `never` takes them all), answering
 * the contract's answer, at once or as a promise.
 */
export type ContractHandler<E extends Endpoint> = (
  call: ContractCall<E>,
  ...rest: never[]
) => ContractAnswer<E> | Promise<ContractAnswer<E>>;

export interface ApiContractOptions {
  /**
   * 'validated' (the default): the body (a GET's query string) is validated with the contract's schema before the
   * handler runs (400 `<field>: <reason>` otherwise) and is the call's `body`. 'unread': the route takes no body and
   * does not look at what a client sends (reading `call.body` throws); for the few routes that never validated one.
   * 'raw' (the default of a contract with `rawBody`): the exact bytes are the call's `rawBody`; nothing is validated.
   */
  body?: ContractBodyUse;
}

/**
 * Mounts a handler exactly as the contract (libs/contracts `<SERVICE>_API`) says: method, path, access rule,
 * HTTP 200, and the OpenAPI description of the body, of the `{ status, data, message }` answer and of every error
 * status the route can answer (errorStatusesOf: the defaults of its access rule plus its own `errors`).
 *
 * It also types the handler (docs/decisions/0221): the handler's first parameter is its `ContractCall` — the
 * validated body and the caller — filled by the decorator itself (no parameter decorator to forget), and the
 * compiler refuses a handler whose call is another endpoint's or whose answer drifts from the contract's `data`
 * (TS1241). A parameter decorator on the first parameter is refused when the class is defined.
 */
export function ApiContract<E extends Endpoint>(endpoint: E, summary: string, options: ApiContractOptions = {}) {
  const route = endpoint.method === 'GET' ? Get(endpoint.path) : Post(endpoint.path);
  const hasBody =
    endpoint.method === 'POST' &&
    !(endpoint.body instanceof z.ZodObject && Object.keys(endpoint.body.shape).length === 0);
  const decorators = [
    route,
    HttpCode(HttpStatus.OK),
    SetMetadata(ACCESS_RULE, accessRuleOf(endpoint.access)),
    ApiOperation({ summary, description: describeAccess(endpoint) }),
    endpoint.produces
      ? ApiOkResponse({
          description: 'The file (Content-Disposition: attachment; filename=…)',
          content: Object.fromEntries(
            endpoint.produces.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
          ),
        })
      : ApiOkResponse({
          description: 'status "success"',
          schema: openApiSchema(apiResponseSchema(endpoint.data), 'output'),
        }),
  ];
  if (hasBody) decorators.push(ApiBody({ schema: openApiSchema(endpoint.body, 'input') }));
  if (endpoint.method === 'GET') decorators.push(...queryParameters(endpoint.body));
  if (endpoint.access !== 'public') {
    decorators.push(
      ApiBearerAuth(),
      ApiHeader({
        name: AUTH_HEADERS.sessionToken,
        required: true,
        description: 'The session token from POST /login.',
      }),
    );
  }
  decorators.push(ApiErrorResponses(...errorStatusesOf(endpoint)));
  const mount = applyDecorators(...decorators);
  const call = ContractCallParam({ endpoint, body: options.body ?? (endpoint.rawBody ? 'raw' : 'validated') });
  return (target: object, key: string | symbol, descriptor: { value?: ContractHandler<E> }): void => {
    const params = (Reflect.getMetadata(ROUTE_ARGS_METADATA, target.constructor, key) ?? {}) as Record<
      string,
      { index: number }
    >;
    if (Object.values(params).some((param) => param.index === 0))
      throw new Error(`${String(key)}: the first parameter of a contract handler is its call, filled by @ApiContract`);
    call(target, key, 0);
    mount(target, key, descriptor as TypedPropertyDescriptor<unknown>);
  };
}

/** `{ status: 'success', data, message }` (spec §7); the handler's declared contract checks `data`. */
export const apiOk = <T>(data: T, message = ''): ApiAnswer<T> => ({
  status: 'success',
  data,
  message,
});
