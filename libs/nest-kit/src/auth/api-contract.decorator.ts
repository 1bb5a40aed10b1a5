import { applyDecorators, Get, HttpCode, HttpStatus, Post, SetMetadata } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiForbiddenResponse,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { z } from 'zod';
import { apiResponseSchema, AUTH_HEADERS, type Endpoint } from '@rayworks/contracts';
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

/**
 * Mounts a handler exactly as the contract (libs/contracts AUTH_API) says: method, path, access rule, HTTP 200,
 * and the OpenAPI description of the body and of the `{ status, data, message }` answer.
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
    ApiOkResponse({
      description: 'status "success"',
      schema: openApiSchema(apiResponseSchema(endpoint.data), 'output'),
    }),
  ];
  if (hasBody) decorators.push(ApiBody({ schema: openApiSchema(endpoint.body, 'input') }));
  if (endpoint.access !== 'public') {
    decorators.push(
      ApiBearerAuth(),
      ApiHeader({
        name: AUTH_HEADERS.sessionToken,
        required: true,
        description: 'The session token from POST /login.',
      }),
      ApiUnauthorizedResponse({ description: 'No, invalid or expired access token, or a revoked session.' }),
      ApiForbiddenResponse({ description: 'The caller lacks the privilege, or x-company-id names another tenant.' }),
    );
  }
  return applyDecorators(...decorators);
}

/** `{ status: 'success', data, message }` (spec §7). */
export const apiOk = <T>(data: T, message = ''): { status: 'success'; data: T; message: string } => ({
  status: 'success',
  data,
  message,
});
