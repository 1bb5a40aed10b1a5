import { z } from 'zod';
import type { PrivilegeRequirement } from '../access/privileges.js';
import type { ServiceName } from '../services/services.js';

/**
 * One route of one service's HTTP API, described once (libs/contracts/src/<service>/endpoints.ts). From this
 * description come the controller's route, access rule, body validation and the types of its handler (nest-kit
 * `@ApiContract` and `ContractCall`), the OpenAPI document with every status the route can answer, and the typed
 * client (libs/api-client `call`). Answers are `{ status, data, message }` (spec §7); `data` is the schema of `data`.
 */
export type Access = 'public' | 'authenticated' | PrivilegeRequirement;
export type HttpMethod = 'GET' | 'POST';

/**
 * The error statuses a route can answer besides 200. Every route may answer 400 (its body fails the contract)
 * and 500; every POST route 413 (its body is past the route's limit, derived from the contract: body-limit.ts);
 * a signed-in route adds 401, 440 and 403 (a missing privilege, or another tenant's x-company-id);
 * a route adds what its logic can say: 404 (it takes an id), 409 (it can conflict), 410 (a link that has expired),
 * 429 (login limits).
 * Through the gateway any route may also answer 503 (the owning service is down).
 */
export const ERROR_STATUSES = [400, 401, 403, 404, 409, 410, 413, 429, 440, 500, 503] as const;
export type ErrorStatus = (typeof ERROR_STATUSES)[number];

export interface Endpoint<TBody extends z.ZodType = z.ZodType, TData extends z.ZodType = z.ZodType> {
  /** The service that owns (and answers) the route: the gateway forwards /api/<service>/... to it. */
  service: ServiceName;
  method: HttpMethod;
  /** The path inside the service, with :params (e.g. '/:userId/online'). */
  path: string;
  access: Access;
  body: TBody;
  /** The `data` of the { status, data, message } response. */
  data: TData;
  /** Statuses this route's own logic can answer, on top of the defaults of its access rule (errorStatusesOf). */
  errors?: readonly ErrorStatus[];
  /**
   * A route whose success answer is a file, not `{ status, data, message }`: the content types it may answer
   * (e.g. CSV and XLSX), with a Content-Disposition file name; `data` is then z.null(). Errors stay JSON
   * `{ status, data, message }`. Called with the api-client's `file()`.
   */
  produces?: readonly string[];
  /**
   * A route that takes its body as the exact bytes sent, whatever their content type (a webhook whose signature is
   * over them): the kit keeps them (the call's `rawBody`) and validates nothing itself; `body` documents the shape.
   */
  rawBody?: true;
}

/** An endpoint as written in a service's map: the service is given once for the whole map. */
export type EndpointSpec<TBody extends z.ZodType = z.ZodType, TData extends z.ZodType = z.ZodType> = Omit<
  Endpoint<TBody, TData>,
  'service'
>;

/**
 * Types one entry of a map: keeps the schemas' own types, and whether the answer is a file (`produces` given) or
 * `{ status, data, message }` — the kit's `@ApiContract` checks a handler's answer against it at compile time.
 */
export function endpoint<TBody extends z.ZodType, TData extends z.ZodType>(
  e: EndpointSpec<TBody, TData> & { produces: readonly string[] },
): EndpointSpec<TBody, TData> & { produces: readonly string[] };
export function endpoint<TBody extends z.ZodType, TData extends z.ZodType>(
  e: EndpointSpec<TBody, TData> & { produces?: undefined },
): EndpointSpec<TBody, TData> & { produces?: undefined };
export function endpoint(e: EndpointSpec): EndpointSpec {
  return e;
}

type WithService<M extends Record<string, EndpointSpec>> = {
  readonly [K in keyof M]: M[K] extends EndpointSpec<infer B, infer D>
    ? Endpoint<B, D> & Omit<M[K], 'service'> & { readonly service: ServiceName }
    : never;
};

/** A service's API: every entry gets the service, so a call knows where to go (`defineApi('auth', { ... })`). */
export function defineApi<M extends Record<string, EndpointSpec>>(service: ServiceName, map: M): WithService<M> {
  const out: Record<string, Endpoint> = {};
  for (const [name, spec] of Object.entries(map)) out[name] = { ...spec, service };
  return out as WithService<M>;
}

/** Every error status a route can answer, from its access rule and its own list, in ascending order. */
export function errorStatusesOf(e: Pick<Endpoint, 'access' | 'errors' | 'method'>): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>([400, 500, 503, ...(e.errors ?? [])]);
  // a POST reads a body, and a body past the route's limit is refused before anything else (body-limit.ts)
  if (e.method === 'POST') statuses.add(413);
  // Signed in: no or a bad token (401), an idle session (440), an x-company-id of another tenant or a missing
  // privilege (403).
  if (e.access !== 'public') for (const status of [401, 403, 440] as const) statuses.add(status);
  return [...statuses].sort((a, b) => a - b);
}

/** Fills the :params of a path; throws when one is missing. */
export function fillPath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter ${name} for ${path}`);
    return encodeURIComponent(value);
  });
}

/**
 * The body of a server-side list: paging, search, the columns it may be sorted by and the filters it takes.
 * The object is strict and `sortBy` is an enum, so an unknown sort column or filter is a 400 naming the field
 * and the reason (the shared validation, nest-kit parseContractBody), never a 500 and never silently ignored.
 */
export function listQuery<
  const S extends readonly [string, ...string[]],
  F extends z.ZodRawShape = Record<never, never>,
>(spec: { sortBy: S; filters?: F }) {
  return z
    .object({
      page: z.coerce.number().int().min(1).default(1),
      pageSize: z.coerce.number().int().min(1).max(100).default(20),
      search: z.string().trim().max(100).optional(),
      sortBy: z.enum(spec.sortBy).optional(),
      sortDir: z.enum(['asc', 'desc']).default('asc'),
      isActive: z.boolean().optional(),
      ...((spec.filters ?? {}) as F),
    })
    .strict();
}

/**
 * The body an endpoint takes as its schema leaves it (validated, defaults filled, text trimmed), for the service
 * method a handler hands it to: `BodyOf<typeof CASES_API.addComment>`.
 */
export type BodyOf<E extends { body: z.ZodType }> = z.output<E['body']>;

/** The sort keys a list endpoint accepts (from its contract), e.g. for a repository's sort map. */
export type SortKeyOf<E extends { body: z.ZodType }> =
  z.output<E['body']> extends { sortBy?: infer K } ? Exclude<K, undefined> : never;

/** The `data` of a list endpoint. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

/** The error answer (spec §7); for 400 the message is `<field>: <reason>` (the first problem found). */
export const apiErrorSchema = z.object({
  status: z.literal('error'),
  data: z.null(),
  message: z.string(),
});
