import type { ServerResponse } from 'node:http';
import { describe, expect, it } from '@jest/globals';
import { sendInlinePdf } from './inline-pdf.js';

describe('a PDF answered inline', () => {
  it('is shown, never cached, not sniffed, with its length and name', () => {
    const written: { status?: number; headers?: Record<string, unknown>; body?: Buffer } = {};
    const res = {
      writeHead: (status: number, headers: Record<string, unknown>) => Object.assign(written, { status, headers }),
      end: (body: Buffer) => Object.assign(written, { body }),
    } as unknown as ServerResponse;
    const pdf = Buffer.from('%PDF-1.7 ...');
    sendInlinePdf(res, pdf, 'LabReport_R-1.pdf');
    expect(written).toEqual({
      status: 200,
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Length': pdf.length,
        'Content-Disposition': 'inline; filename="LabReport_R-1.pdf"',
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
      },
      body: pdf,
    });
  });
});
