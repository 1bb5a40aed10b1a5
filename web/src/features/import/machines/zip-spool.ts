import type { ImportZipStream } from '@rayworks/lifecycles';

/** Per entry: local header, data descriptor and central record with their zip64 and time extras, besides the name. */
const ENTRY_OVERHEAD = 512;
/** The end records (zip64 end, its locator, the end of central directory). */
const END_OVERHEAD = 1024;

/**
 * An upper bound of a zip's size before it is written (docs/decisions/0365): each file deflated at worst grows by
 * zlib's deflateBound (stored blocks: about 1/4096 + 1/16384 of the input, plus a few bytes), and each entry adds
 * its headers and its name twice. The server signs the streamed upload for at most this.
 */
export function zipSizeBound(files: ReadonlyArray<{ size: number; path: string }>): number {
  let bound = END_OVERHEAD;
  for (const f of files)
    bound +=
      f.size + Math.ceil(f.size / 4096) + Math.ceil(f.size / 16384) + 64 + ENTRY_OVERHEAD + 2 * f.path.length * 3;
  return bound;
}

/**
 * The zip as zip.js writes it (its WritableStream), kept in order and read back by range while it grows: the
 * upload of a part waits until the part's bytes are written (or the zip ends). The import's `ImportZipStream`.
 */
export class ZipSpool implements ImportZipStream {
  private readonly chunks: Blob[] = [];
  private written = 0;
  private finished = false;
  private failure: { error: unknown } | null = null;
  private waiters: Array<() => void> = [];
  /** 0..1: how much of the files has been read into the zip (for the size estimate). */
  private fraction = 0;

  constructor(readonly maxSize: number) {}

  /** The stream zip.js writes to. */
  readonly writable = new WritableStream<Uint8Array>({
    write: (chunk) => {
      // a copy: zip.js may reuse its buffers
      this.chunks.push(new Blob([chunk.slice()]));
      this.written += chunk.byteLength;
      this.wake();
    },
  });

  /** Bytes written so far. */
  get size(): number {
    return this.written;
  }

  get done(): boolean {
    return this.finished;
  }

  /** How much of the files is read (0..1), from the zip's progress. */
  setProgress(fraction: number): void {
    this.fraction = Math.max(this.fraction, Math.min(1, fraction));
  }

  /** The zip's size once finished; before, what is written scaled by how much of the files is read. */
  estimatedSize(): number {
    if (this.finished || this.fraction <= 0) return Math.max(this.written, 1);
    return Math.min(this.maxSize, Math.max(this.written, Math.round(this.written / this.fraction)));
  }

  finish(): void {
    this.finished = true;
    this.wake();
  }

  /** The zip failed or was cancelled: readers waiting for bytes get the error (a finished zip stays readable). */
  fail(error: unknown): void {
    if (this.finished) return;
    this.failure ??= { error };
    this.wake();
  }

  /** The whole zip (once finished). */
  blob(): Blob {
    return new Blob(this.chunks, { type: 'application/zip' });
  }

  async read(start: number, end: number): Promise<Blob> {
    for (;;) {
      if (this.failure) throw this.failure.error;
      if (this.written >= end || this.finished) break;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
    return this.slice(start, Math.min(end, this.written));
  }

  private slice(start: number, end: number): Blob {
    if (end <= start) return new Blob([]);
    const pieces: Blob[] = [];
    let offset = 0;
    for (const chunk of this.chunks) {
      const next = offset + chunk.size;
      if (next > start && offset < end)
        pieces.push(chunk.slice(Math.max(0, start - offset), Math.min(chunk.size, end - offset)));
      if (next >= end) break;
      offset = next;
    }
    return new Blob(pieces);
  }

  private wake(): void {
    const waiting = this.waiters;
    this.waiters = [];
    for (const resolve of waiting) resolve();
  }
}
