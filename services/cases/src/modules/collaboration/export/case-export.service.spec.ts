import { describe, expect, it } from '@jest/globals';
import { PassThrough } from 'node:stream';
import type { Response } from 'express';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import type { Case, CaseExportBody } from '@rayworks/contracts';
import type { RequestAccess, UnitOfWork } from '@rayworks/nest-kit';
import type { CasesRepository } from '../../cases/cases.repository.js';
import { CaseExportService, EXPORT_CHUNK } from './case-export.service.js';

/** A Response that collects what is written (status and headers as express sets them). */
function fakeResponse() {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  const headers: Record<string, string> = {};
  const res = Object.assign(stream, {
    statusCode: 0,
    status(code: number) {
      res.statusCode = code;
      return res;
    },
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
      return res;
    },
  });
  return { res: res as unknown as Response, headers, bytes: () => Buffer.concat(chunks), stream };
}

const caseNamed = (i: number) => ({ patientName: `P${i}`, patientId: `ID${i}`, seriesCount: i }) as unknown as Case;

/** A repository of `total` cases answered by keyset pages; records the page sizes asked. */
function fakeRepository(total: number, failAtPage?: number) {
  const asked: number[] = [];
  const repo = {
    page: async (_tx: unknown, _access: unknown, body: { pageSize: number; cursor?: string }) => {
      asked.push(body.pageSize);
      if (failAtPage !== undefined && asked.length === failAtPage) throw new Error('database went away');
      const from = body.cursor ? Number(body.cursor) : 0;
      const to = Math.min(total, from + body.pageSize);
      const items = Array.from({ length: to - from }, (_, k) => caseNamed(from + k));
      return { items, next: to < total ? String(to) : null };
    },
  };
  return { repo: repo as unknown as CasesRepository, asked };
}

const uow = { read: (_who: unknown, work: (tx: unknown) => Promise<unknown>) => work({}) } as unknown as UnitOfWork;
const access = {} as RequestAccess;
const body = (over: Partial<CaseExportBody> = {}) =>
  ({ status: 'ALL', sortBy: 'receivedAt', sortDir: 'desc', format: 'csv', ...over }) as CaseExportBody;

describe('CaseExportService', () => {
  it('walks the filter in chunks by the cursor and writes every row once, CSV with its header', async () => {
    const { repo, asked } = fakeRepository(EXPORT_CHUNK * 2 + 7);
    const out = fakeResponse();
    await new CaseExportService(uow, repo).export(access, body({ columns: ['patientName', 'seriesCount'] }), out.res);
    expect(asked).toEqual([EXPORT_CHUNK, EXPORT_CHUNK, EXPORT_CHUNK]);
    expect(out.headers['content-type']).toContain('text/csv');
    expect(out.headers['content-disposition']).toMatch(/^attachment; filename="worklist-.*\.csv"$/);
    const rows = parse(out.bytes(), { bom: true }) as string[][];
    expect(rows[0]).toEqual(['Patient Name', 'Series']);
    expect(rows).toHaveLength(EXPORT_CHUNK * 2 + 7 + 1);
    expect(rows[1]).toEqual(['P0', '0']);
  });

  it('writes the header alone when nothing matches', async () => {
    const { repo } = fakeRepository(0);
    const out = fakeResponse();
    await new CaseExportService(uow, repo).export(access, body({ columns: ['patientId'] }), out.res);
    expect(parse(out.bytes(), { bom: true })).toEqual([['Patient ID']]);
  });

  it('writes a sheet exceljs reads back', async () => {
    const { repo } = fakeRepository(3);
    const out = fakeResponse();
    await new CaseExportService(uow, repo).export(
      access,
      body({ format: 'xlsx', columns: ['patientName', 'seriesCount'] }),
      out.res,
    );
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(out.bytes() as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Worklist')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Patient Name', 'Series']);
    expect(sheet.getRow(4).values).toEqual([undefined, 'P2', 2]);
  });

  it('answers an error before the file starts, and cuts the file (never a short file) after', async () => {
    const before = fakeRepository(10, 1);
    const early = fakeResponse();
    await expect(new CaseExportService(uow, before.repo).export(access, body(), early.res)).rejects.toThrow(
      'database went away',
    );
    expect(early.headers['content-type']).toBeUndefined();

    const after = fakeRepository(EXPORT_CHUNK * 3, 2);
    const late = fakeResponse();
    late.stream.on('error', () => undefined);
    await new CaseExportService(uow, after.repo).export(access, body(), late.res);
    expect(late.stream.destroyed).toBe(true);
  });
});
