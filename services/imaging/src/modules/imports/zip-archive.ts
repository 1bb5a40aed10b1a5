import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { inflateRaw as inflateRawCallback } from 'node:zlib';
import yauzl from 'yauzl';

const inflateRaw = promisify(inflateRawCallback);
/** The zip compression method 'deflated' (APPNOTE 4.4.5). */
const DEFLATE = 8;

/** The limits one archive is read under (IMPORT_* variables). */
export interface ArchiveLimits {
  maxEntries: number;
  maxInflatedBytes: number;
  /** Highest ratio of inflated bytes to compressed bytes, over the entries read so far. */
  maxRatio: number;
}

/** The largest instance an archive may hold (streamed to the store, never held whole: larger entries are refused). */
export const MAX_INSTANCE_BYTES = 1024 ** 3;
/**
 * Entries up to this size are read into memory and ingested whole; larger ones are streamed to the store
 * (ArchiveIngestService.ingestStream), so an import's memory is bounded by its pool of entries in flight, not by the
 * size of its largest instance (docs/decisions/0205-streamed-instances.md).
 */
export const IN_MEMORY_ENTRY_BYTES = 32 * 1024 ** 2;
/** Below this many inflated bytes the ratio is not applied (a few small, very compressible files are no bomb). */
export const RATIO_FLOOR_BYTES = 64 * 1024 ** 2;

/**
 * The archive is hostile or unreadable: the import fails as a whole with this message and keeps nothing of it
 * (docs/decisions/0099-hostile-archives.md).
 */
export class HostileArchiveError extends Error {
  override readonly name = 'HostileArchiveError';
}

/** A file entry of the archive's central directory. */
export interface ArchiveEntry {
  name: string;
  compressedSize: number;
  /** As declared: only the bytes actually inflated are trusted. */
  declaredSize: number;
  raw: yauzl.Entry;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;
const MiB = 1024 * 1024;

/** A yauzl error, in words a user understands. */
function describeZipError(error: Error): string {
  const message = error.message;
  if (/^invalid relative path/.test(message)) return `an entry points outside the archive (${message.split(': ')[1]})`;
  if (/^absolute path/.test(message)) return `an entry has an absolute path (${message.split(': ')[1]})`;
  if (/too many bytes in the stream/.test(message)) return 'an entry inflates to more bytes than it declares';
  if (/not enough bytes in the stream/.test(message)) return 'an entry inflates to fewer bytes than it declares';
  return `the zip cannot be read (${message})`;
}

const hostile = (reason: string) => new HostileArchiveError(`The archive is refused: ${reason}.`);

/**
 * A zip read entry by entry with random access (yauzl over a RandomAccessReader: the object store's ranged GETs),
 * in two steps: `entries()` reads the central directory and refuses the archive before any data is read when an
 * entry's name leaves the archive (`../`, absolute), an entry is a symbolic link, or the entry count or declared
 * sizes pass the limits; `stream(entry)` inflates one entry chunk by chunk counting the bytes actually inflated —
 * the archive's total and its ratio to the compressed bytes read — and refuses the archive the moment a limit is
 * passed (a zip bomb, or sizes that lie); `read(entry)` collects a small entry's chunks.
 */
export class ZipArchive {
  private inflated = 0;
  private compressed = 0;

  private constructor(
    private readonly zip: yauzl.ZipFile,
    private readonly limits: ArchiveLimits,
  ) {}

  static async open(reader: yauzl.RandomAccessReader, size: number, limits: ArchiveLimits): Promise<ZipArchive> {
    const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
      yauzl.fromRandomAccessReader(
        reader,
        size,
        { lazyEntries: true, autoClose: false, decodeStrings: true, validateEntrySizes: true, strictFileNames: false },
        (error, file) => (error ? reject(hostile(describeZipError(error))) : resolve(file)),
      ),
    );
    if (zip.entryCount > limits.maxEntries) {
      zip.close();
      throw hostile(`it has ${zip.entryCount} entries, more than the ${limits.maxEntries} allowed`);
    }
    return new ZipArchive(zip, limits);
  }

  /** The file entries (folders left out), checked as the central directory declares them. */
  async entries(): Promise<ArchiveEntry[]> {
    const files: ArchiveEntry[] = [];
    let declared = 0;
    await new Promise<void>((resolve, reject) => {
      const fail = (error: Error) =>
        reject(error instanceof HostileArchiveError ? error : hostile(describeZipError(error)));
      this.zip.on('error', fail);
      this.zip.on('end', () => resolve());
      this.zip.on('entry', (entry: yauzl.Entry) => {
        const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
        if (mode === S_IFLNK) return fail(hostile(`an entry is a symbolic link (${entry.fileName})`));
        if (!entry.fileName.endsWith('/')) {
          declared += entry.uncompressedSize;
          if (declared > this.limits.maxInflatedBytes)
            return fail(hostile(`it inflates to more than ${Math.floor(this.limits.maxInflatedBytes / MiB)} MiB`));
          files.push({
            name: entry.fileName,
            compressedSize: entry.compressedSize,
            declaredSize: entry.uncompressedSize,
            raw: entry,
          });
        }
        this.zip.readEntry();
      });
      this.zip.readEntry();
    });
    const compressed = files.reduce((sum, f) => sum + f.compressedSize, 0);
    if (declared > RATIO_FLOOR_BYTES && declared > this.limits.maxRatio * compressed)
      throw hostile(`it inflates more than ${this.limits.maxRatio} times its compressed size`);
    return files;
  }

  /**
   * One entry's bytes, inflated and counted (a small entry: see `stream` for one too large to hold). A deflated entry
   * of at most IN_MEMORY_ENTRY_BYTES is inflated in one call of the thread pool into one buffer of at most its
   * declared size (docs/decisions/0369-one-shot-inflate.md) — not chunk by chunk into a list joined after —, with the
   * same limits: more bytes than declared stop the inflation there, fewer are refused, and the archive's total and
   * ratio are counted as the stream counts them.
   */
  async read(entry: ArchiveEntry): Promise<Buffer> {
    if (entry.raw.compressionMethod !== DEFLATE || entry.declaredSize > IN_MEMORY_ENTRY_BYTES) {
      const chunks: Buffer[] = [];
      let length = 0;
      for await (const chunk of this.stream(entry)) {
        chunks.push(chunk);
        length += chunk.length;
      }
      return Buffer.concat(chunks, length);
    }
    const deflated = await this.deflatedBytes(entry);
    this.compressed += entry.compressedSize;
    let bytes: Buffer;
    try {
      bytes = await inflateRaw(deflated, { maxOutputLength: Math.max(entry.declaredSize, 1) });
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'ERR_BUFFER_TOO_LARGE') throw hostile(describeZipError(new Error('too many bytes in the stream')));
      throw hostile(describeZipError(error as Error));
    }
    if (bytes.length !== entry.declaredSize)
      throw hostile(
        describeZipError(
          new Error(`${bytes.length > entry.declaredSize ? 'too many' : 'not enough'} bytes in the stream`),
        ),
      );
    this.inflated += bytes.length;
    this.check(entry, bytes.length);
    return bytes;
  }

  /** A deflated entry's bytes as stored (not inflated). */
  private async deflatedBytes(entry: ArchiveEntry): Promise<Buffer> {
    const stream = await new Promise<Readable>((resolve, reject) =>
      this.zip.openReadStream(entry.raw, { decompress: false }, (error, s) =>
        error ? reject(hostile(describeZipError(error))) : resolve(s),
      ),
    );
    const chunks: Buffer[] = [];
    try {
      for await (const chunk of stream) chunks.push(chunk as Buffer);
    } catch (error) {
      throw hostile(describeZipError(error as Error));
    } finally {
      stream.destroy();
    }
    return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
  }

  /**
   * One entry's bytes as they inflate, each chunk counted against the limits before it is handed on (the entry's
   * own, the archive's total and ratio), so the entry never needs to be held whole; throws HostileArchiveError the
   * moment a limit is passed. Ending the iteration early (return) closes the entry's stream.
   */
  async *stream(entry: ArchiveEntry): AsyncGenerator<Buffer> {
    if (entry.declaredSize > MAX_INSTANCE_BYTES)
      throw hostile(`${entry.name} is larger than ${MAX_INSTANCE_BYTES / MiB} MiB`);
    this.compressed += entry.compressedSize;
    const stream = await new Promise<Readable>((resolve, reject) =>
      this.zip.openReadStream(entry.raw, (error, s) => (error ? reject(hostile(describeZipError(error))) : resolve(s))),
    );
    let length = 0;
    try {
      for await (const chunk of stream) {
        const bytes = chunk as Buffer;
        length += bytes.length;
        this.inflated += bytes.length;
        this.check(entry, length);
        yield bytes;
      }
    } catch (error) {
      if (error instanceof HostileArchiveError) throw error;
      throw hostile(describeZipError(error as Error));
    } finally {
      stream.destroy();
    }
  }

  close(): void {
    this.zip.close();
  }

  private check(entry: ArchiveEntry, length: number): void {
    const { maxInflatedBytes, maxRatio } = this.limits;
    if (length > MAX_INSTANCE_BYTES)
      throw hostile(`${entry.name} inflates to more than ${MAX_INSTANCE_BYTES / MiB} MiB`);
    if (this.inflated > maxInflatedBytes)
      throw hostile(`it inflates to more than ${Math.floor(maxInflatedBytes / MiB)} MiB`);
    if (this.inflated > RATIO_FLOOR_BYTES && this.inflated > maxRatio * Math.max(this.compressed, 1))
      throw hostile(`it inflates more than ${maxRatio} times its compressed size (${entry.name})`);
  }
}
