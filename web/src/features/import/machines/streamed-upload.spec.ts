import { describe, expect, it } from '@jest/globals';
import { uploadStreamedParts, type StreamPartTransport } from './part-uploader';
import { ZipSpool, zipSizeBound } from './zip-spool';
import { UploadError } from '../../../shared/upload/upload-error';

const PART = 10;
const bytes = (n: number, from = 0) => new Uint8Array(n).map((_, i) => (from + i) % 251);
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A fake store: records the parts signed and PUT, fails the PUTs the test scripts, remembers what arrived. */
function fakeStore(script: Record<number, Array<'network' | 'lost-answer' | number>> = {}) {
  const events: string[] = [];
  const stored = new Map<number, { etag: string; size: number; body: Blob }>();
  const waits: number[] = [];
  const transport: StreamPartTransport = {
    partUrl: async (partNumber, size) => {
      events.push(`sign ${partNumber}:${size}`);
      return `https://store/part/${partNumber}`;
    },
    put: async (url, body, onProgress) => {
      const n = Number(url.split('/').pop());
      events.push(`put ${n}`);
      const outcome = script[n]?.shift();
      if (outcome === 'network') throw new UploadError('network');
      if (typeof outcome === 'number') throw new UploadError('status', outcome);
      onProgress(body.size);
      stored.set(n, { etag: `"etag-${n}"`, size: body.size, body });
      if (outcome === 'lost-answer') throw new UploadError('network');
      return `"etag-${n}"`;
    },
    listUploaded: async () =>
      [...stored.entries()].map(([partNumber, v]) => ({ partNumber, etag: v.etag, size: v.size })),
    wait: async (ms) => {
      waits.push(ms);
    },
  };
  return { transport, events, stored, waits };
}

const writer = (spool: ZipSpool) => spool.writable.getWriter();

describe('ZipSpool (the zip as it is written)', () => {
  it('answers a range once its bytes are written, and fewer bytes at the end of the zip', async () => {
    const spool = new ZipSpool(100);
    const w = writer(spool);
    let got: Blob | null = null;
    void spool.read(0, 10).then((b) => (got = b));
    await w.write(bytes(6));
    await flush();
    expect(got).toBeNull();
    await w.write(bytes(6, 6));
    await flush();
    expect(new Uint8Array(await got!.arrayBuffer())).toEqual(bytes(10));
    const tail = spool.read(10, 20);
    spool.finish();
    expect((await tail).size).toBe(2);
    expect((await spool.read(12, 22)).size).toBe(0);
    expect(spool.blob().size).toBe(12);
  });

  it('a reader waiting for bytes gets the zip’s failure; a finished zip stays readable after a late cancel', async () => {
    const spool = new ZipSpool(100);
    const pending = spool.read(0, 10);
    spool.fail(new Error('worker crashed'));
    await expect(pending).rejects.toThrow('worker crashed');
    const done = new ZipSpool(100);
    await writer(done).write(bytes(4));
    done.finish();
    done.fail(new UploadError('aborted'));
    expect((await done.read(0, 10)).size).toBe(4);
  });

  it('estimates the final size from how much of the files is read, never above the bound', async () => {
    const spool = new ZipSpool(1000);
    await writer(spool).write(bytes(50));
    spool.setProgress(0.25);
    expect(spool.estimatedSize()).toBe(200);
    spool.setProgress(0.01);
    expect(spool.estimatedSize()).toBe(200);
    spool.finish();
    expect(spool.estimatedSize()).toBe(50);
  });

  it('bounds the zip: every file plus deflate’s worst growth and the headers', () => {
    const files = [
      { size: 1_000_000, path: 'S/1/a.dcm' },
      { size: 0, path: 'S/1/b.dcm' },
    ];
    expect(zipSizeBound(files)).toBeGreaterThan(1_000_000 + 244 + 61);
    expect(zipSizeBound(files)).toBeLessThan(1_000_000 + 4096);
  });
});

describe('uploadStreamedParts (upload while zipping)', () => {
  it('sends part 1 as soon as its bytes exist, before the zip ends; the last part is the short one', async () => {
    const spool = new ZipSpool(100);
    const w = writer(spool);
    const store = fakeStore();
    const upload = uploadStreamedParts(spool, PART, store.transport, { concurrency: 1 });
    await w.write(bytes(12));
    await flush();
    await flush();
    // the zip is not finished, part 1 is already in the store
    expect(store.events).toEqual(['sign 1:10', 'put 1']);
    await w.write(bytes(13, 12));
    spool.finish();
    const { parts, size } = await upload;
    expect(size).toBe(25);
    expect(store.events).toEqual(['sign 1:10', 'put 1', 'sign 2:10', 'put 2', 'sign 3:5', 'put 3']);
    expect(parts).toEqual([1, 2, 3].map((n) => ({ partNumber: n, etag: `"etag-${n}"` })));
    const whole = new Blob([...store.stored.values()].map((p) => p.body));
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(bytes(25));
  });

  it('a zip ending exactly on a part boundary has no empty last part', async () => {
    const spool = new ZipSpool(100);
    await writer(spool).write(bytes(20));
    spool.finish();
    const store = fakeStore();
    const { parts, size } = await uploadStreamedParts(spool, PART, store.transport, { concurrency: 2 });
    expect(size).toBe(20);
    expect(parts.map((p) => p.partNumber)).toEqual([1, 2]);
  });

  it('a failed part is sent again (after a pause) and nothing else is: the parts already sent stay', async () => {
    const spool = new ZipSpool(100);
    await writer(spool).write(bytes(35));
    spool.finish();
    const store = fakeStore({ 2: ['network', 503] });
    const { parts } = await uploadStreamedParts(spool, PART, store.transport, { concurrency: 1 });
    expect(store.events.filter((e) => e.startsWith('put'))).toEqual([
      'put 1',
      'put 2',
      'put 2',
      'put 2',
      'put 3',
      'put 4',
    ]);
    expect(store.waits).toEqual([1000, 2000]);
    expect(parts.map((p) => p.partNumber)).toEqual([1, 2, 3, 4]);
  });

  it('a part whose answer was lost but which the store holds is not sent again', async () => {
    const spool = new ZipSpool(100);
    await writer(spool).write(bytes(25));
    spool.finish();
    const store = fakeStore({ 1: ['lost-answer'] });
    const { parts } = await uploadStreamedParts(spool, PART, store.transport, { concurrency: 1 });
    expect(store.events.filter((e) => e.startsWith('put'))).toEqual(['put 1', 'put 2', 'put 3']);
    expect(parts[0]).toEqual({ partNumber: 1, etag: '"etag-1"' });
  });

  it('gives up after maxRetries of one part; a Retry with the same `done` sends only what is missing', async () => {
    const spool = new ZipSpool(100);
    await writer(spool).write(bytes(35));
    spool.finish();
    const store = fakeStore({ 3: ['network', 'network', 'network'] });
    const done = new Map<number, string>();
    await expect(
      uploadStreamedParts(spool, PART, store.transport, { concurrency: 1, maxRetries: 2, done }),
    ).rejects.toMatchObject({ kind: 'network' });
    expect([...done.keys()]).toEqual([1, 2]);
    store.events.length = 0;
    const { parts } = await uploadStreamedParts(spool, PART, store.transport, {
      concurrency: 1,
      done,
      resumeFirst: true,
    });
    expect(store.events.filter((e) => e.startsWith('put'))).toEqual(['put 3', 'put 4']);
    expect(parts.map((p) => p.partNumber)).toEqual([1, 2, 3, 4]);
  });

  it('stops at once on a refusal, and when the zip fails', async () => {
    const spool = new ZipSpool(100);
    await writer(spool).write(bytes(35));
    spool.finish();
    const store = fakeStore({ 2: [403] });
    await expect(uploadStreamedParts(spool, PART, store.transport, { concurrency: 1 })).rejects.toMatchObject({
      kind: 'status',
      status: 403,
    });
    expect(store.waits).toEqual([]);
    const failing = new ZipSpool(100);
    const upload = uploadStreamedParts(failing, PART, fakeStore().transport, { concurrency: 2 });
    failing.fail(new Error('worker crashed'));
    await expect(upload).rejects.toThrow('worker crashed');
  });

  it('reports progress against the estimate while zipping, then against the final size, ending at 100%', async () => {
    const spool = new ZipSpool(1000);
    const w = writer(spool);
    const seen: Array<[number, number]> = [];
    const upload = uploadStreamedParts(spool, PART, fakeStore().transport, {
      concurrency: 1,
      onProgress: (sent, total) => seen.push([sent, total]),
    });
    spool.setProgress(0.5);
    await w.write(bytes(10));
    await flush();
    await flush();
    expect(seen.at(-1)).toEqual([10, 20]);
    await w.write(bytes(8));
    spool.finish();
    await upload;
    expect(seen.at(-1)).toEqual([18, 18]);
  });

  it('a refusal of one part ends the upload at once, without waiting for the zip’s next bytes', async () => {
    const spool = new ZipSpool(100);
    await writer(spool).write(bytes(10));
    const store = fakeStore({ 1: [403] });
    // lane 2 waits for part 2's bytes, which never come: the refusal of part 1 still ends the upload
    await expect(uploadStreamedParts(spool, PART, store.transport, { concurrency: 2 })).rejects.toMatchObject({
      kind: 'status',
      status: 403,
    });
  });

  it('a cancel ends it with aborted', async () => {
    const spool = new ZipSpool(100);
    const controller = new AbortController();
    controller.abort();
    await expect(
      uploadStreamedParts(spool, PART, fakeStore().transport, { signal: controller.signal }),
    ).rejects.toMatchObject({ kind: 'aborted' });
  });
});
