import { describe, expect, it } from '@jest/globals';
import { partRange, uploadParts, type PartPlan, type PartTransport } from './part-uploader';
import { UploadError } from '../../../shared/upload/upload-error';

const PART = 10;
const blob = new Blob([new Uint8Array(35).map((_, i) => i)]);
const plan: PartPlan = {
  partSize: PART,
  urls: [1, 2, 3, 4].map((partNumber) => ({ partNumber, url: `https://store/part/${partNumber}` })),
};

/** A fake store: records every PUT, fails the PUTs the test scripts, remembers what arrived. */
function fakeStore(script: Record<string, Array<'network' | 'lost-answer' | number>> = {}) {
  const puts: number[] = [];
  const stored = new Map<number, { etag: string; size: number }>();
  const waits: number[] = [];
  let listCalls = 0;
  const transport: PartTransport = {
    put: async (url, body, onProgress) => {
      const n = Number(url.split('/').pop());
      puts.push(n);
      const outcome = script[n]?.shift();
      if (outcome === 'network') throw new UploadError('network');
      if (typeof outcome === 'number') throw new UploadError('status', outcome);
      onProgress(body.size);
      stored.set(n, { etag: `"etag-${n}"`, size: body.size });
      if (outcome === 'lost-answer') throw new UploadError('network');
      return `"etag-${n}"`;
    },
    listUploaded: async () => {
      listCalls += 1;
      return [...stored.entries()].map(([partNumber, v]) => ({ partNumber, ...v }));
    },
    wait: async (ms) => {
      waits.push(ms);
    },
  };
  return { transport, puts, stored, waits, listCalls: () => listCalls };
}

describe('partRange', () => {
  it('cuts the blob in parts of partSize, the last one shorter', () => {
    expect(partRange(1, 10, 35)).toEqual({ start: 0, end: 10 });
    expect(partRange(4, 10, 35)).toEqual({ start: 30, end: 35 });
  });
});

describe('uploadParts (resume after a dropped connection)', () => {
  it('PUTs every part once and returns the ETags in part order', async () => {
    const store = fakeStore();
    const progress: number[] = [];
    const parts = await uploadParts(blob, plan, store.transport, {
      concurrency: 1,
      onProgress: (sent) => progress.push(sent),
    });
    expect(parts).toEqual([1, 2, 3, 4].map((n) => ({ partNumber: n, etag: `"etag-${n}"` })));
    expect(store.puts).toEqual([1, 2, 3, 4]);
    expect(store.listCalls()).toBe(0);
    expect(progress.at(-1)).toBe(35);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
  });

  it('after a dropped connection asks the store and sends only the missing parts', async () => {
    const store = fakeStore({ 3: ['network'] });
    const parts = await uploadParts(blob, plan, store.transport, { concurrency: 1 });
    expect(store.puts).toEqual([1, 2, 3, 3, 4]);
    expect(store.listCalls()).toBe(1);
    expect(store.waits).toEqual([1000]);
    expect(parts.map((p) => p.partNumber)).toEqual([1, 2, 3, 4]);
  });

  it('does not send again a part whose answer was lost but which the store has', async () => {
    const store = fakeStore({ 2: ['lost-answer'] });
    const parts = await uploadParts(blob, plan, store.transport, { concurrency: 1 });
    // part 2 was stored although its answer never came: the resume finds it and goes on with 3
    expect(store.puts).toEqual([1, 2, 3, 4]);
    expect(parts.find((p) => p.partNumber === 2)?.etag).toBe('"etag-2"');
  });

  it('gives up after maxResumes, throwing the network failure', async () => {
    const store = fakeStore({ 1: ['network', 'network', 'network'] });
    await expect(uploadParts(blob, plan, store.transport, { maxResumes: 2, concurrency: 1 })).rejects.toMatchObject({
      kind: 'network',
    });
    expect(store.puts).toEqual([1, 1, 1]);
    expect(store.waits).toEqual([1000, 2000]);
  });

  it('stops at once on a refusal (an answer of 300 or more that is not a server hiccup)', async () => {
    const store = fakeStore({ 2: [403] });
    await expect(uploadParts(blob, plan, store.transport, { concurrency: 1 })).rejects.toMatchObject({
      kind: 'status',
      status: 403,
    });
    expect(store.listCalls()).toBe(0);
    expect(store.puts).toEqual([1, 2]);
  });

  it('retries a server hiccup (503) as a resume', async () => {
    const store = fakeStore({ 4: [503] });
    await uploadParts(blob, plan, store.transport, { concurrency: 1 });
    expect(store.puts).toEqual([1, 2, 3, 4, 4]);
  });

  it('does not trust a stored part of the wrong size', async () => {
    const store = fakeStore({ 1: ['network'] });
    store.stored.set(1, { etag: '"partial"', size: 3 });
    const parts = await uploadParts(blob, plan, store.transport, { concurrency: 1 });
    expect(parts[0]).toEqual({ partNumber: 1, etag: '"etag-1"' });
    expect(store.puts).toEqual([1, 1, 2, 3, 4]);
  });

  it('resuming a retried upload asks the store first and sends only what it lacks', async () => {
    const store = fakeStore();
    store.stored.set(1, { etag: '"etag-1"', size: 10 });
    store.stored.set(3, { etag: '"etag-3"', size: 10 });
    const parts = await uploadParts(blob, plan, store.transport, { concurrency: 1, resumeFirst: true });
    expect(store.puts).toEqual([2, 4]);
    expect(parts.map((p) => p.etag)).toEqual(['"etag-1"', '"etag-2"', '"etag-3"', '"etag-4"']);
  });

  it('throws aborted when cancelled, and sends nothing more', async () => {
    const store = fakeStore();
    const controller = new AbortController();
    controller.abort();
    await expect(uploadParts(blob, plan, store.transport, { signal: controller.signal })).rejects.toMatchObject({
      kind: 'aborted',
    });
    expect(store.puts).toEqual([]);
  });
});
