import type { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { Inject, Injectable } from '@nestjs/common';
import { ZipFile } from 'yazl';
import { StorageService } from '@rayworks/nest-kit';

/** One entry of a zip and the stored object it is read from. */
export interface ZipEntrySource {
  /** Path in the zip (Study/Series/SOP.dcm). */
  name: string;
  storageKey: string;
  /** The object's size: yazl checks the bytes it reads against it. */
  sizeBytes: number;
  /** Deflate this entry (native pixel data shrinks; encapsulated JPEG/J2K/RLE does not, so it is stored as is). */
  compress: boolean;
}

/** What a stored object turned out to be, when it is not what the index says. */
export type ObjectProblem = { key: string; problem: 'missing' | 'size'; actualSize?: number };

/** Objects checked at once (HEAD requests). */
const CHECK_CONCURRENCY = 8;
/** Multipart upload of the zip: at most QUEUE_SIZE × PART_SIZE bytes are held in memory, whatever the study's size. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

/**
 * Writes a study's zip into the object store as a stream (docs/decisions/0106): the instances are read one at a
 * time as streams (yazl opens the next only when the previous is written), zipped by yazl (ZIP64 wherever an entry
 * or the archive needs it) and uploaded by @aws-sdk/lib-storage in parts, so memory stays flat in the study's size.
 */
@Injectable()
export class StudyZipWriter {
  constructor(@Inject(StorageService) private readonly storage: StorageService) {}

  /** The first object that is missing from the store or not of its indexed size, else null. */
  async findProblem(objects: readonly { storageKey: string; sizeBytes: number }[]): Promise<ObjectProblem | null> {
    const problems: (ObjectProblem | null)[] = new Array<ObjectProblem | null>(objects.length).fill(null);
    let next = 0;
    let stop = false;
    const worker = async () => {
      while (next < objects.length && !stop) {
        const index = next++;
        const { storageKey, sizeBytes } = objects[index]!;
        const size = await this.sizeOf(storageKey);
        if (size === null) problems[index] = { key: storageKey, problem: 'missing' };
        else if (size !== sizeBytes) problems[index] = { key: storageKey, problem: 'size', actualSize: size };
        if (problems[index]) stop = true;
      }
    };
    await Promise.all(Array.from({ length: Math.min(CHECK_CONCURRENCY, objects.length) }, worker));
    return problems.find((p) => p !== null) ?? null;
  }

  /** Streams the entries into a zip stored at `key`; answers the zip's size. Nothing is left behind on failure. */
  async write(key: string, entries: readonly ZipEntrySource[]): Promise<number> {
    const zip = new ZipFile();
    const upload = new Upload({
      client: this.storage.client,
      params: {
        Bucket: this.storage.bucket,
        Key: key,
        Body: zip.outputStream as Readable,
        ContentType: 'application/zip',
      },
      partSize: PART_SIZE,
      queueSize: QUEUE_SIZE,
      leavePartsOnError: false,
    });
    let failure: Error | null = null;
    zip.on('error', (error: Error) => {
      failure ??= error;
      (zip.outputStream as Readable).destroy(error);
      void upload.abort().catch(() => undefined);
    });
    for (const entry of entries) {
      zip.addReadStreamLazy(entry.name, { size: entry.sizeBytes, compress: entry.compress }, (done) => {
        this.open(entry.storageKey).then(
          (stream) => done(null, stream),
          (error: Error) => done(error, undefined as unknown as Readable),
        );
      });
    }
    zip.end();
    try {
      await upload.done();
    } catch (error) {
      throw failure ?? error;
    }
    if (failure) throw failure;
    const size = await this.sizeOf(key);
    if (size === null) throw new Error('the zip is not in the store after its upload');
    return size;
  }

  private async open(key: string): Promise<Readable> {
    const out = await this.storage.client.send(new GetObjectCommand({ Bucket: this.storage.bucket, Key: key }));
    if (!out.Body) throw new Error(`no body for ${key}`);
    return out.Body as Readable;
  }

  private async sizeOf(key: string): Promise<number | null> {
    try {
      const head = await this.storage.client.send(new HeadObjectCommand({ Bucket: this.storage.bucket, Key: key }));
      return head.ContentLength ?? 0;
    } catch (error) {
      const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
      if (status === 404) return null;
      throw error;
    }
  }
}
