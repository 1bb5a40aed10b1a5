import { afterAll, describe, expect, it } from '@jest/globals';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { HeaderParser } from './header-parser.js';

// A stand-in thread: a first byte of 1 never ends (a parse that hangs), 2 throws, anything else answers.
const dir = mkdtempSync(join(tmpdir(), 'header-parser-'));
const worker = join(dir, 'worker.mjs');
writeFileSync(
  worker,
  `export default function (bytes) {
     if (bytes[0] === 1) for (;;) {}
     if (bytes[0] === 2) throw new Error('boom');
     return { ok: true, instance: { sopInstanceUid: String(bytes.length) } };
   }`,
);

describe('HeaderParser', () => {
  const parser = HeaderParser.withOptions({ threads: 1, timeoutMs: 300, filename: pathToFileURL(worker).href });
  afterAll(() => parser.onModuleDestroy());

  it('stops a parse that never ends and reports it; the next file still parses', async () => {
    const hung = await parser.parse(new Uint8Array([1]));
    expect(hung).toEqual({ ok: false, detail: 'the header did not parse within 300 ms' });
    const next = await parser.parse(new Uint8Array([0, 0, 0]));
    expect(next).toEqual({ ok: true, instance: { sopInstanceUid: '3' } });
  });

  it('reports a thread that throws as a failed parse of that file', async () => {
    const failed = await parser.parse(new Uint8Array([2]));
    expect(failed.ok).toBe(false);
    expect(failed.ok ? '' : failed.detail).toMatch(/^the header parser failed: .*boom/);
  });

  it('runs at most `threads` parses at once, so a queued parse does not use up its time waiting', async () => {
    const results = await Promise.all([
      parser.parse(new Uint8Array([1])),
      parser.parse(new Uint8Array([0])),
      parser.parse(new Uint8Array([0, 0])),
    ]);
    expect(results.map((r) => r.ok)).toEqual([false, true, true]);
  });
});
