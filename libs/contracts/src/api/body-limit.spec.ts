import { describe, expect, it } from '@jest/globals';
import { z } from 'zod';
import { encryptBody } from '../auth/body-encryption.js';
import { REPORTING_API } from '../reporting/endpoints.js';
import { REPORT_HTML_MAX } from '../reporting/report-entities.js';
import { TEMPLATE_LIMITS } from '../reporting/template-entities.js';
import { SERVICE_APIS } from './apis.js';
import {
  bodyLimitOf,
  BODY_LIMIT_MESSAGES,
  DEFAULT_BODY_LIMIT_BYTES,
  encryptedEnvelopeBytes,
  maxJsonBytes,
  MAX_BODY_LIMIT_BYTES,
} from './body-limit.js';

const SESSION = '0190a0b2-7c4e-7a51-9f1e-3b2d9c1e4a10.abcdefghijklmnopqrstuvwxyz012345';
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8');

describe('maxJsonBytes', () => {
  it('bounds each kind of value by the largest JSON.stringify of it', () => {
    // a string's every code unit may be a control character written \uXXXX
    const s = z.string().max(3);
    expect(maxJsonBytes(s)).toBe(2 + 18);
    expect(maxJsonBytes(s)).toBe(bytes('\u0001\u0002\u0003'));
    expect(maxJsonBytes(z.uuid())).toBe(2 + 6 * 36);
    expect(maxJsonBytes(z.boolean())).toBe(bytes(false));
    expect(maxJsonBytes(z.null())).toBe(bytes(null));
    expect(maxJsonBytes(z.enum(['A', 'LONGEST']))).toBe(bytes('LONGEST'));
    expect(maxJsonBytes(z.number())).toBe(bytes(-1.7976931348623157e308));
    expect(maxJsonBytes(z.number().int().min(0).max(999))).toBe(3);
    const o = z.object({ a: z.string().max(2), b: z.boolean().optional(), c: z.array(z.literal('x')).max(2) }).strict();
    expect(maxJsonBytes(o)).toBe(bytes({ a: '\u0001\u0001', b: false, c: ['x', 'x'] }));
    expect(maxJsonBytes(z.string().max(2).nullable())).toBe(2 + 12);
    expect(
      maxJsonBytes(
        z
          .string()
          .trim()
          .max(4)
          .transform((v) => v.length),
      ),
    ).toBe(2 + 24);
  });

  it('is Infinity where the schema sets no bound', () => {
    expect(maxJsonBytes(z.string())).toBe(Infinity);
    expect(maxJsonBytes(z.array(z.boolean()))).toBe(Infinity);
    expect(maxJsonBytes(z.record(z.string().max(2), z.boolean()))).toBe(Infinity);
    expect(maxJsonBytes(z.object({ a: z.unknown() }))).toBe(Infinity);
  });
});

describe('bodyLimitOf', () => {
  it('sizes the encrypted envelope as encryptBody makes it', async () => {
    for (const body of [{}, { a: 'x'.repeat(1000) }, { b: 'é'.repeat(333) }]) {
      const plain = bytes(body);
      expect(bytes(await encryptBody(SESSION, body))).toBe(encryptedEnvelopeBytes(plain));
    }
  });

  it('lets the largest report a contract accepts through, encrypted, with every character escaped', () => {
    const largest = maxJsonBytes(REPORTING_API.saveReport.body);
    expect(largest).toBeGreaterThanOrEqual(6 * REPORT_HTML_MAX);
    expect(bodyLimitOf(REPORTING_API.saveReport)).toBe(encryptedEnvelopeBytes(largest));
    expect(bodyLimitOf(REPORTING_API.createReportTemplate)).toBeGreaterThan(6 * TEMPLATE_LIMITS.html);
    // a route of small bodies keeps the default; a GET reads no body
    expect(bodyLimitOf(REPORTING_API.lockReport)).toBe(DEFAULT_BODY_LIMIT_BYTES);
    expect(bodyLimitOf({ method: 'GET', body: z.object({ q: z.string().max(1_000_000) }) })).toBe(
      DEFAULT_BODY_LIMIT_BYTES,
    );
    expect(BODY_LIMIT_MESSAGES.tooLarge(bodyLimitOf(REPORTING_API.saveReport))).toBe(
      'The request is too large: this call takes a body of at most 7.7 MiB',
    );
  });

  it('never refuses for its size a body that every contract of every service accepts', () => {
    const past: string[] = [];
    for (const [service, api] of Object.entries(SERVICE_APIS))
      for (const [name, endpoint] of Object.entries(api)) {
        if (endpoint.method === 'GET') continue;
        const largest = maxJsonBytes(endpoint.body);
        const limit = bodyLimitOf(endpoint);
        if (!Number.isFinite(largest)) expect(limit).toBe(DEFAULT_BODY_LIMIT_BYTES);
        else if (encryptedEnvelopeBytes(largest) > limit) past.push(`${service}.${name}`);
      }
    // a contract whose largest body is past MAX_BODY_LIMIT_BYTES must bound its fields tighter
    expect(past).toEqual([]);
    expect(MAX_BODY_LIMIT_BYTES).toBe(32 * 1024 * 1024);
  });
});
