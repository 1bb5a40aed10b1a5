import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import type { StorageService } from '@rayworks/nest-kit';

/** Bytes fetched at once for small reads (zip headers and the entries of a typical study are far smaller). */
export const READ_AHEAD_BYTES = 8 * 1024 * 1024;

/**
 * yauzl's random access over one object of the store (docs/decisions/0099-hostile-archives.md): every read is a
 * ranged GET, never the whole archive. Reads smaller than the read-ahead window are served from one window of
 * READ_AHEAD_BYTES fetched at their start, so reading a zip's entries in order costs one GET per window rather
 * than two per entry; larger reads stream straight from the store. At most one window is held.
 */
export class S3RangeReader extends yauzl.RandomAccessReader {
  private window: { start: number; bytes: Promise<Buffer> } | null = null;

  constructor(
    private readonly storage: Pick<StorageService, 'getRange'>,
    private readonly key: string,
    private readonly size: number,
    private readonly readAhead = READ_AHEAD_BYTES,
  ) {
    super();
  }

  override _readStreamForRange(start: number, end: number): Readable {
    if (end - start > this.readAhead) return this.streamed(start, end);
    const out = new PassThrough();
    this.windowFor(start, end)
      .then(({ windowStart, bytes }) => out.end(bytes.subarray(start - windowStart, end - windowStart)))
      .catch((error: unknown) => out.destroy(error as Error));
    return out;
  }

  private async windowFor(start: number, end: number): Promise<{ windowStart: number; bytes: Buffer }> {
    const current = this.window;
    if (current && start >= current.start && end <= current.start + this.readAhead) {
      const bytes = await current.bytes;
      if (end <= current.start + bytes.length) return { windowStart: current.start, bytes };
    }
    const windowEnd = Math.min(this.size, start + this.readAhead);
    const bytes = this.fetch(start, Math.max(end, windowEnd));
    this.window = { start, bytes };
    bytes.catch(() => {
      if (this.window?.bytes === bytes) this.window = null;
    });
    return { windowStart: start, bytes: await bytes };
  }

  private async fetch(start: number, end: number): Promise<Buffer> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.storage.getRange(this.key, start, end)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  private streamed(start: number, end: number): Readable {
    const out = new PassThrough();
    this.storage
      .getRange(this.key, start, end)
      .then((body) => pipeline(body, out))
      .catch((error: unknown) => out.destroy(error as Error));
    return out;
  }
}
