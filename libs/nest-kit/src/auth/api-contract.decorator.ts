import { applyDecorators, Get, HttpCode, HttpStatus, Post, SetMetadata } from '@nestjs/common';
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
 * The query parameters of a GET contract: one per property of its `body` object (ContractBody reads a GET's body
 * from the query string), each with its JSON schema and whether it is required.
 */
export function queryParameters(body: z.ZodType): MethodDecorator[] {
  const schema = openApiSchema(body, 'input') as { properties?: Record<string, object>; required?: string[] };
  const required = new Set(schema.required ?? []);
  return Object.entries(schema.properties ?? {}).map(([name, property]) =>
    ApiQuery({ name, required: required.has(name), schema: property } as ApiQueryOptions),
  );
}

/**
 * Mounts a handler exactly as the contract (libs/contracts `<SERVICE>_API`) says: method, path, access rule,
 * HTTP 200, and the OpenAPI description of the body, of the `{ status, data, message }` answer and of every error
 * status the route can answer (errorStatusesOf: the defaults of its access rule plus its own `errors`).
 */
export function ApiContract(endpoint: Endpoint, summary: string) {
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
  return applyDecorators(...decorators);
}

/** `{ status: 'success', data, message }` (spec §7). */
export const apiOk = <T>(data: T, message = ''): { status: 'success'; data: T; message: string } => ({
  status: 'success',
  data,
  message,
});
