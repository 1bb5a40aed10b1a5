import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AUTH_HEADERS, CASES_API, EXPORT_CONTENT_TYPES } from '@rayworks/contracts';
import { ApiClient, ApiError, fileNameOf } from './index.js';

/** ApiClient.file against a real local HTTP server: a file answer, and an error answer that is JSON. */
let server: Server;
let base: string;
let last: { url: string; headers: IncomingMessage['headers']; body: string } | null = null;
let answer: { status: number; type: string; body: Buffer; disposition?: string } = {
  status: 200,
  type: 'text/plain',
  body: Buffer.alloc(0),
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      last = { url: req.url!, headers: req.headers, body };
      const headers: Record<string, string> = { 'content-type': answer.type };
      if (answer.disposition) headers['content-disposition'] = answer.disposition;
      res.writeHead(answer.status, headers);
      res.end(answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('ApiClient.file', () => {
  const session = { token: 'tok', sessionToken: 'sess', companyId: 'c0' };

  it('posts the body with the caller and answers the bytes, content type and file name', async () => {
    const bytes = Buffer.from('\ufeffPatient Name\r\nDOE\r\n', 'utf8');
    answer = {
      status: 200,
      type: EXPORT_CONTENT_TYPES.csv,
      body: bytes,
      disposition: 'attachment; filename="worklist-2026.csv"',
    };
    const client = new ApiClient({ baseUrl: base });
    const file = await client.file(CASES_API.exportCases, { format: 'csv' }, { session });
    expect(last!.url).toBe('/api/cases/cases/export');
    expect(JSON.parse(last!.body)).toEqual({ format: 'csv' });
    expect(last!.headers[AUTH_HEADERS.authorization]).toBe('Bearer tok');
    expect(last!.headers.accept).toContain(EXPORT_CONTENT_TYPES.xlsx);
    expect(Buffer.from(file.bytes).equals(bytes)).toBe(true);
    expect([file.contentType, file.fileName]).toEqual([EXPORT_CONTENT_TYPES.csv, 'worklist-2026.csv']);
  });

  it('throws ApiError with the server message for an error answer', async () => {
    answer = {
      status: 403,
      type: 'application/json',
      body: Buffer.from(JSON.stringify({ status: 'error', data: null, message: 'Access denied' })),
    };
    const client = new ApiClient({ baseUrl: base });
    const error = await client.file(CASES_API.exportCases, { format: 'csv' }, { session }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect([(error as ApiError).status, (error as ApiError).serverMessage]).toEqual([403, 'Access denied']);
  });

  it('refuses an endpoint that does not answer a file', async () => {
    const client = new ApiClient({ baseUrl: base });
    await expect(client.file(CASES_API.findOneCase, { _id: 'x' })).rejects.toThrow('does not answer a file');
  });
});

describe('fileNameOf', () => {
  it('reads filename* before filename, and nothing from nothing', () => {
    expect(fileNameOf(`attachment; filename="a.csv"; filename*=UTF-8''r%C3%A9sum%C3%A9.csv`)).toBe('résumé.csv');
    expect(fileNameOf('attachment; filename=plain.xlsx')).toBe('plain.xlsx');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});
