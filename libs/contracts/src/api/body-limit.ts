import { z } from 'zod';
import type { Endpoint } from './endpoint.js';

/**
 * How large a request body a route accepts (docs/decisions/0215-body-limits-from-the-contracts.md), derived from its
 * contract: the largest JSON text any body the contract accepts can be (maxJsonBytes), as the typed client sends it
 * (JSON.stringify: no spaces), inside the encrypted envelope of spec §7 (which makes it a third larger), and never less
 * than the platform's default. So a body within the contract's limits is never refused for its size (413); one past a
 * field's maxLength is a 400 naming the field; only a body past every limit the contract allows is a 413.
 */

/** The body limit of a route whose contract sets no bound (and of every route outside the contracts): 100 KiB. */
export const DEFAULT_BODY_LIMIT_BYTES = 100 * 1024;
/** No route takes more than this, whatever its contract says (a contract past it fails its unit test). */
export const MAX_BODY_LIMIT_BYTES = 32 * 1024 * 1024;

export const BODY_LIMIT_MESSAGES = {
  /** 413: the body is past the route's limit. */
  tooLarge: (limitBytes: number) =>
    `The request is too large: this call takes a body of at most ${formatBytes(limitBytes)}`,
} as const;

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MiB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KiB`;
  return `${bytes} bytes`;
}

/** The size of `{ data }` (spec §7) carrying `plainBytes` of JSON: base64 of the 12-byte IV, the text and the 16-byte tag. */
export const encryptedEnvelopeBytes = (plainBytes: number): number =>
  '{"data":""}'.length + 4 * Math.ceil((plainBytes + 12 + 16) / 3);

/** The most bytes of JSON one UTF-16 code unit of a string can take: a control character or a lone surrogate, \uXXXX. */
const BYTES_PER_CODE_UNIT = 6;
/** The longest number JSON.stringify writes: -1.7976931348623157e+308. */
const NUMBER_BYTES = 24;
/** Formats whose strings have a known largest length (zod's ids, dates and times; no maxLength of their own). */
const FORMAT_LENGTHS: Record<string, number> = {
  uuid: 36,
  guid: 36,
  date: 10,
  time: 24,
  'date-time': 40,
  ipv4: 15,
  ipv6: 45,
};

type JsonSchema = {
  type?: string | string[];
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  definitions?: Record<string, JsonSchema>;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: boolean | JsonSchema;
  patternProperties?: Record<string, JsonSchema>;
  items?: JsonSchema | JsonSchema[] | boolean;
  prefixItems?: JsonSchema[];
  maxItems?: number;
  maxLength?: number;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
};

const utf8Bytes = (text: string): number => new TextEncoder().encode(text).length;
const jsonBytes = (value: unknown): number => utf8Bytes(JSON.stringify(value) ?? 'null');

/**
 * The largest JSON text (UTF-8 bytes, as JSON.stringify writes it) of any value the schema accepts as input;
 * Infinity when the schema sets no bound (a string without maxLength, an array without maxItems, a record). Every
 * property of an object is counted (the optional ones too); an object that strips unknown keys is bounded by its
 * declared ones (the keys it throws away are not part of the contract).
 */
export function maxJsonBytes(schema: z.ZodType): number {
  const root = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', cycles: 'ref' }) as JsonSchema;
  return bound(root, root, new Set());
}

function bound(s: JsonSchema, root: JsonSchema, resolving: Set<string>): number {
  if (s.$ref !== undefined) {
    if (resolving.has(s.$ref)) return Infinity; // a recursive schema has no largest value
    const target = resolveRef(s.$ref, root);
    if (!target) return Infinity;
    return bound(target, root, new Set([...resolving, s.$ref]));
  }
  if (s.const !== undefined) return jsonBytes(s.const);
  if (s.enum) return Math.max(...s.enum.map(jsonBytes));
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return Math.max(...alternatives.map((a) => bound(a, root, resolving)));
  if (s.allOf) return Math.min(...s.allOf.map((a) => bound({ ...a }, root, resolving)));
  const types = s.type === undefined ? [] : Array.isArray(s.type) ? s.type : [s.type];
  if (types.length === 0) return Infinity; // anything
  return Math.max(...types.map((t) => boundOfType(t, s, root, resolving)));
}

function boundOfType(type: string, s: JsonSchema, root: JsonSchema, resolving: Set<string>): number {
  switch (type) {
    case 'null':
      return 4;
    case 'boolean':
      return 5;
    case 'integer':
    case 'number': {
      const limits = [s.minimum, s.maximum, s.exclusiveMinimum, s.exclusiveMaximum];
      if (type === 'integer' && limits[0] !== undefined && limits[1] !== undefined)
        return Math.max(String(limits[0]).length, String(limits[1]).length);
      return NUMBER_BYTES;
    }
    case 'string': {
      const length = s.maxLength ?? (s.format !== undefined ? FORMAT_LENGTHS[s.format] : undefined);
      return length === undefined ? Infinity : 2 + BYTES_PER_CODE_UNIT * length;
    }
    case 'array': {
      const fixed = (s.prefixItems ?? []).map((p) => bound(p, root, resolving));
      const rest = Array.isArray(s.items) || typeof s.items !== 'object' ? undefined : s.items;
      let count = fixed.length;
      let sizes = fixed;
      if (rest !== undefined) {
        if (s.maxItems === undefined) return Infinity;
        count = Math.max(s.maxItems, fixed.length);
        sizes = [...fixed, ...Array<number>(count - fixed.length).fill(bound(rest, root, resolving))];
      }
      return count === 0 ? 2 : 2 + sumList(sizes);
    }
    case 'object': {
      if (s.patternProperties && Object.keys(s.patternProperties).length > 0) return Infinity;
      if (typeof s.additionalProperties === 'object') return Infinity; // a record or a catch-all
      const members = Object.entries(s.properties ?? {}).map(
        ([key, value]) => jsonBytes(key) + 1 + bound(value, root, resolving),
      );
      return 2 + sumList(members);
    }
    default:
      return Infinity;
  }
}

/** The sum of JSON members with the commas between them. */
const sumList = (sizes: number[]): number =>
  sizes.length === 0 ? 0 : sizes.reduce((a, b) => a + b, 0) + (sizes.length - 1);

function resolveRef(ref: string, root: JsonSchema): JsonSchema | undefined {
  if (ref === '#') return root;
  const match = /^#\/(\$defs|definitions)\/(.+)$/.exec(ref);
  if (!match) return undefined;
  const defs = match[1] === '$defs' ? root.$defs : root.definitions;
  return defs?.[decodeURIComponent(match[2]!)];
}

/**
 * The body limit of a route (bytes of the request body as sent): for a POST, its contract's largest body in the
 * encrypted envelope, at least DEFAULT_BODY_LIMIT_BYTES and at most MAX_BODY_LIMIT_BYTES; a contract that sets no
 * bound keeps the default. A GET's contract is its query string: no body is read.
 */
export function bodyLimitOf(endpoint: Pick<Endpoint, 'method' | 'body'>): number {
  if (endpoint.method === 'GET') return DEFAULT_BODY_LIMIT_BYTES;
  const largest = maxJsonBytes(endpoint.body);
  if (!Number.isFinite(largest)) return DEFAULT_BODY_LIMIT_BYTES;
  return Math.min(MAX_BODY_LIMIT_BYTES, Math.max(DEFAULT_BODY_LIMIT_BYTES, encryptedEnvelopeBytes(largest)));
}
