import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { patchZipEntry, writeZip, type ZipEntrySource } from '@rayworks/testing';
import { S3RangeReader } from './s3-range-reader.js';
import { HostileArchiveError, ZipArchive, type ArchiveLimits } from './zip-archive.js';

/** A zip served the way the store serves it: ranged reads, counted. */
class FakeStore {
  ranges: [number, number][] = [];
  constructor(readonly bytes: Buffer) {}
  getRange(_key: string, start: number, end: number): Promise<Readable> {
    this.ranges.push([start, end]);
    return Promise.resolve(Readable.from([this.bytes.subarray(start, end)]));
  }
}

const LIMITS: ArchiveLimits = { maxEntries: 100, maxInflatedBytes: 1024 ** 3, maxRatio: 200 };
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'zip-archive-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

let n = 0;
async function zipOf(entries: ZipEntrySource[], patch?: (file: string) => Promise<void>): Promise<FakeStore> {
  const file = path.join(dir, `${n++}.zip`);
  await writeZip(file, entries);
  if (patch) await patch(file);
  return new FakeStore(await readFile(file));
}

const open = (store: FakeStore, limits = LIMITS, readAhead?: number) =>
  ZipArchive.open(new S3RangeReader(store, 'k', store.bytes.length, readAhead), store.bytes.length, limits);

async function readAll(store: FakeStore, limits = LIMITS): Promise<Map<string, Buffer>> {
  const archive = await open(store, limits);
  try {
    const out = new Map<string, Buffer>();
    for (const entry of await archive.entries()) out.set(entry.name, await archive.read(entry));
    return out;
  } finally {
    archive.close();
  }
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => (error instanceof HostileArchiveError ? error.message : `unexpected: ${String(error)}`),
  );

describe('ZipArchive over ranged reads', () => {
  it('lists the file entries and inflates each one, without folders', async () => {
    const a = Buffer.alloc(5000, 7);
    const store = await zipOf([
      { name: '1.2/3.4/5.6.dcm', buffer: a },
      { name: '1.2/3.4/5.7.dcm', buffer: Buffer.from('second') },
    ]);
    const files = await readAll(store);
    expect([...files.keys()]).toEqual(['1.2/3.4/5.6.dcm', '1.2/3.4/5.7.dcm']);
    expect(files.get('1.2/3.4/5.6.dcm')!.equals(a)).toBe(true);
    expect(files.get('1.2/3.4/5.7.dcm')!.toString()).toBe('second');
  });

  it('reads small entries through one read-ahead window, not a request per entry', async () => {
    const entries = Array.from({ length: 50 }, (_, i) => ({ name: `1/2/${i + 1}.dcm`, buffer: Buffer.alloc(2000, i) }));
    const store = await zipOf(entries);
    const files = await readAll(store);
    expect(files.size).toBe(50);
    expect(store.ranges.length).toBeLessThan(5);
  });

  it('streams an entry larger than the window straight from the store', async () => {
    const big = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 251));
    const store = await zipOf([{ name: '1/2/3.dcm', buffer: big, compressionLevel: 0 }]);
    const archive = await open(store, LIMITS, 64 * 1024);
    const [entry] = await archive.entries();
    expect((await archive.read(entry!)).equals(big)).toBe(true);
    archive.close();
  });

  it.each([
    ['../evil.dcm', 'The archive is refused: an entry points outside the archive (../evil.dcm).'],
    ['/etc/evil.dcm', 'The archive is refused: an entry has an absolute path (/etc/evil.dcm).'],
  ])('refuses an archive with the entry %s before reading any data', async (name, message) => {
    const placeholder = 'x'.repeat(name.indexOf('evil')) + 'evil.dcm';
    const store = await zipOf(
      [
        { name: '1/2/3.dcm', buffer: Buffer.from('ok') },
        { name: placeholder, buffer: Buffer.from('evil') },
      ],
      (file) => patchZipEntry(file, placeholder, { rename: name }),
    );
    expect(await refusal(readAll(store))).toBe(message);
  });

  it('refuses a symbolic link entry', async () => {
    const store = await zipOf([
      { name: '1/2/3.dcm', buffer: Buffer.from('ok') },
      { name: '1/2/4.dcm', buffer: Buffer.from('/etc/passwd'), mode: 0o120777 },
    ]);
    expect(await refusal(readAll(store))).toBe('The archive is refused: an entry is a symbolic link (1/2/4.dcm).');
  });

  it('refuses more entries than allowed', async () => {
    const store = await zipOf(
      Array.from({ length: 4 }, (_, i) => ({ name: `1/2/${i + 1}.dcm`, buffer: Buffer.from('x') })),
    );
    expect(await refusal(readAll(store, { ...LIMITS, maxEntries: 3 }))).toBe(
      'The archive is refused: it has 4 entries, more than the 3 allowed.',
    );
  });

  it('refuses an honest bomb from its declared sizes, before inflating it', async () => {
    const store = await zipOf([{ name: '1/2/3.dcm', buffer: Buffer.alloc(100 * 1024 ** 2), compressionLevel: 9 }]);
    expect(await refusal(readAll(store))).toBe(
      'The archive is refused: it inflates more than 200 times its compressed size.',
    );
  });

  it('counts the bytes actually inflated: a bomb whose sizes lie is refused while it inflates', async () => {
    const store = await zipOf(
      [{ name: '1/2/3.dcm', buffer: Buffer.alloc(100 * 1024 ** 2), compressionLevel: 9 }],
      (file) => patchZipEntry(file, '1/2/3.dcm', { declaredUncompressedSize: 1024 }),
    );
    // yauzl sees more bytes than declared, or the ratio passes 200: either way the archive is refused.
    expect(await refusal(readAll(store))).toMatch(
      /^The archive is refused: (an entry inflates to more bytes than it declares|it inflates more than 200 times)/,
    );
  });

  it('refuses a deflated entry that inflates to fewer bytes than it declares, and one that inflates to more', async () => {
    const a = Buffer.alloc(5000, 7);
    const fewer = await zipOf([{ name: '1/2/3.dcm', buffer: a }], (file) =>
      patchZipEntry(file, '1/2/3.dcm', { declaredUncompressedSize: 6000 }),
    );
    expect(await refusal(readAll(fewer))).toBe(
      'The archive is refused: an entry inflates to fewer bytes than it declares.',
    );
    const more = await zipOf([{ name: '1/2/3.dcm', buffer: a }], (file) =>
      patchZipEntry(file, '1/2/3.dcm', { declaredUncompressedSize: 4000 }),
    );
    expect(await refusal(readAll(more))).toBe(
      'The archive is refused: an entry inflates to more bytes than it declares.',
    );
  });

  it('inflates a deflated entry larger than the read-ahead window whole, equal to the file', async () => {
    const big = Buffer.from(Array.from({ length: 600_000 }, (_, i) => (i % 97 === 0 ? i % 251 : 0)));
    const store = await zipOf([{ name: '1/2/3.dcm', buffer: big, compressionLevel: 6 }]);
    const archive = await open(store, LIMITS, 64 * 1024);
    const [entry] = await archive.entries();
    expect(entry!.raw.compressionMethod).toBe(8);
    expect((await archive.read(entry!)).equals(big)).toBe(true);
    archive.close();
  });

  it('refuses an archive whose inflated total passes the limit, counted while inflating', async () => {
    const random = Buffer.from(Array.from({ length: 300_000 }, (_, i) => (i * 7919) % 251));
    const store = await zipOf(
      [
        { name: '1/2/3.dcm', buffer: random, compressionLevel: 0 },
        { name: '1/2/4.dcm', buffer: random, compressionLevel: 0 },
      ],
      async (file) => {
        await patchZipEntry(file, '1/2/3.dcm', { declaredUncompressedSize: 10 });
      },
    );
    expect(await refusal(readAll(store, { ...LIMITS, maxInflatedBytes: 400_000 }))).toMatch(
      /^The archive is refused: /,
    );
  });

  it('refuses bytes that are not a zip', async () => {
    const store = new FakeStore(Buffer.from('not a zip at all'.repeat(10)));
    expect(await refusal(open(store))).toMatch(/^The archive is refused: the zip cannot be read/);
  });
});
