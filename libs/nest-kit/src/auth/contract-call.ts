import { BadRequestException, createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { z } from 'zod';
import type { Endpoint } from '@rayworks/contracts';
import { controlCharacterProblem } from '@rayworks/validation';
import { callerCredentialsOf, type CallerCredentialsOf } from './caller-credentials.js';
import { clientInfoOf, type ClientInfo } from './client-info.js';
import type { Principal } from './principal.js';
import type { RequestAccess } from './request-access.js';
import { requestAccessOf } from './request-state.js';

/**
 * What a contract handler is called with (docs/decisions/0221): the body its contract describes, validated, and the
 * caller. `@ApiContract(endpoint)` hands it to the handler as its first parameter, typed by `ContractCall<typeof
 * endpoint>`. Everything but the body is read when the handler reads it, so a public route may take the call and
 * read only its body and client.
 */
export interface ContractCall<E extends Pick<Endpoint, 'body'>> {
  /** The body (a GET's query string) as the contract's schema leaves it: validated, defaults filled, text trimmed. */
  readonly body: z.output<E['body']>;
  /** The verified caller narrowed by the request's headers (signed-in routes only). */
  readonly access: RequestAccess;
  /** The verified caller (`access.principal`). */
  readonly principal: Principal;
  /** The caller's address and user agent, for audit entries and auth's sessions. */
  readonly client: ClientInfo;
  /** The caller's own credentials, to call another service on its behalf with the typed client (libs/api-client). */
  readonly credentials: CallerCredentialsOf;
  /**
   * The body's exact bytes, for a route whose contract says `rawBody` (a webhook verifies its signature over them
   * before parsing anything); empty when nothing was sent. Reading it on another route throws.
   */
  readonly rawBody: Buffer;
}

/**
 * How a contract route takes its body (`@ApiContract(endpoint, summary, { body })`): validated by its contract, not at
 * all ('unread'), or as raw bytes ('raw', the default of a contract with `rawBody`).
 */
export type ContractBodyUse = 'validated' | 'unread' | 'raw';

/** The first problem of a failed parse, as one message: `<field>: <problem>` (or the problem alone at the root). */
export function firstIssueMessage(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Please give valid inputs';
  const path = issue.path.map(String).join('.');
  return path ? `${path}: ${issue.message}` : issue.message;
}

/**
 * Refuses control characters in any text of the body, then validates (and normalises: defaults, trims) it with the
 * contract's schema; 400 with the first message otherwise (the message the OpenAPI document promises for 400).
 */
export function parseContractBody<E extends Pick<Endpoint, 'body'>>(endpoint: E, value: unknown): z.output<E['body']> {
  // Before the schema, for every field of every body: no text carries a control character (libs/validation).
  const control = controlCharacterProblem(value);
  if (control !== null) throw new BadRequestException(control);
  const parsed = endpoint.body.safeParse(value ?? {});
  if (!parsed.success) throw new BadRequestException(firstIssueMessage(parsed.error));
  return parsed.data as z.output<E['body']>;
}

/** What `@ApiContract` passes to the call it hands the handler. */
export interface ContractCallSpec {
  endpoint: Pick<Endpoint, 'body' | 'method' | 'path'>;
  body: ContractBodyUse;
}

/**
 * The call of one request. A GET has no body: its contract's `body` is its query string (every value a string, so
 * numbers in it are `z.coerce`d), read from `req.query` (libs/api-client sends it so). A POST's body is read after the
 * kit's body parser (the route's limit, app/body-limits.ts: a larger body is a 413 before any of this) and after
 * BodyDecryptionInterceptor (an `x-encrypted` body is decrypted, or refused with 400, before it is validated here).
 */
export function contractCallOf(spec: ContractCallSpec, req: Request): ContractCall<Pick<Endpoint, 'body'>> {
  const { endpoint } = spec;
  const body: unknown =
    spec.body === 'validated'
      ? parseContractBody(endpoint, endpoint.method === 'GET' ? req.query : (req.body as unknown))
      : undefined;
  return {
    get body() {
      if (spec.body === 'unread')
        throw new Error(`${endpoint.path}: the contract route reads no body (body: 'unread')`);
      if (spec.body === 'raw') throw new Error(`${endpoint.path}: the contract route takes its body raw (rawBody)`);
      return body;
    },
    get access() {
      return requestAccessOf(req);
    },
    get principal() {
      return requestAccessOf(req).principal;
    },
    get client() {
      return clientInfoOf(req);
    },
    get credentials() {
      return callerCredentialsOf(req);
    },
    get rawBody() {
      if (spec.body !== 'raw') throw new Error(`${endpoint.path}: the contract route takes no raw body (rawBody)`);
      return Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    },
  };
}

/** The parameter decorator `@ApiContract` puts on a handler's first parameter (never written by hand). */
export const ContractCallParam = createParamDecorator((spec: ContractCallSpec, ctx: ExecutionContext) =>
  contractCallOf(spec, ctx.switchToHttp().getRequest<Request>()),
);
