import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { pino } from 'pino';
import { PdfPrinter, pdfPageCount } from '../../src/index.js';

/** What poppler reads back from a printed PDF: the text and the page size. */
async function readBack(dir: string, pdf: Buffer): Promise<{ text: string; pages: number; pageSize: string }> {
  const file = path.join(dir, `${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, pdf);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return {
    text: execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' }),
    pages: Number(/Pages:\s+(\d+)/.exec(info)![1]),
    pageSize: /Page size:\s+(.+)/.exec(info)![1]!.trim(),
  };
}

/**
 * The kit's PdfPrinter with Debian's Chromium, for real (docs/decisions/0258-print-kit.md): the paper from the
 * document's @page rule, text in the system font (the rupee sign included), no script run and nothing fetched.
 */
describe('the print kit (PdfPrinter)', () => {
  const printer = new PdfPrinter(
    { chromiumPath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
    pino({ level: 'silent' }),
  );
  let dir: string;
  let server: Server;
  let requests: string[];
  let origin: string;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'print-kit-'));
    requests = [];
    server = createServer((req, res) => {
      requests.push(req.url ?? '');
      res.end('body { color: red }');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await printer.onApplicationShutdown();
    await new Promise((resolve) => server.close(resolve));
    await rm(dir, { recursive: true, force: true });
  });

  it('prints on the paper of the @page rule, a page break making a second page, the text in the system font', async () => {
    const html = `<!doctype html><html><head><meta charset="utf-8"><style>
      @page { size: A5; margin: 10mm }
      body { font-family: system-ui, sans-serif }
    </style></head><body>
      <h1>Tax Invoice</h1><p>Total ₹1,23,456.78</p>
      <p style="break-before: page">Second page</p>
    </body></html>`;
    const printed = await printer.print(html);
    expect(printed.pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const read = await readBack(dir, printed.pdf);
    expect(read.pages).toBe(2);
    expect(printed.pages).toBe(2);
    expect(read.pageSize).toMatch(/\(A5\)$/);
    expect(read.text).toContain('Tax Invoice');
    expect(read.text).toContain('Total ₹1,23,456.78');
    expect(read.text).toContain('Second page');
  });

  it('runs no script and fetches nothing the document names (stylesheet, image, frame)', async () => {
    const html = `<!doctype html><html><head><meta charset="utf-8">
      <link rel="stylesheet" href="${origin}/style.css">
    </head><body>
      <p id="said">printed as written</p>
      <script>document.getElementById('said').textContent = 'script ran'</script>
      <img src="${origin}/logo.png" alt=""><iframe src="${origin}/frame"></iframe>
    </body></html>`;
    const printed = await printer.print(html);
    const read = await readBack(dir, printed.pdf);
    expect(read.text).toContain('printed as written');
    expect(read.text).not.toContain('script ran');
    expect(requests).toEqual([]);
  });

  it('launches Chromium again after it was closed', async () => {
    await printer.onApplicationShutdown();
    const printed = await printer.print('<!doctype html><p>after a restart</p>');
    expect((await readBack(dir, printed.pdf)).text).toContain('after a restart');
  });

  it('counts the pages of a PDF from its page objects', () => {
    expect(pdfPageCount(Buffer.from('<< /Type /Pages /Count 2 >> << /Type /Page >> << /Type/Page >>', 'latin1'))).toBe(
      2,
    );
  });
});
