import { Readable } from 'node:stream';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { Inject, Injectable } from '@nestjs/common';
import { StorageService } from '@rayworks/nest-kit';

/**
 * The stored instance files, read from the object store as streams or byte ranges (WADO-RS never holds a study in
 * memory: an instance streams through; a frame or bulk data element is a ranged GET of its bytes).
 */
@Injectable()
export class InstanceFiles {
  constructor(@Inject(StorageService) private readonly storage: StorageService) {}

  /** The whole file as a stream. */
  async stream(key: string): Promise<Readable> {
    const out = await this.storage.client.send(new GetObjectCommand({ Bucket: this.storage.bucket, Key: key }));
    return out.Body as Readable;
  }

  /** Bytes [start, end) of the file (end past the file: to its end). */
  async range(key: string, start: number, end: number): Promise<Buffer> {
    if (end <= start) return Buffer.alloc(0);
    const out = await this.storage.client.send(
      new GetObjectCommand({ Bucket: this.storage.bucket, Key: key, Range: `bytes=${start}-${end - 1}` }),
    );
    const size = out.ContentLength;
    if (size === undefined) return Buffer.from(await out.Body!.transformToByteArray());
    // straight into one buffer of the answer's length (transformToByteArray joins the chunks, Buffer.from copies
    // that again: two copies of every frame; docs/decisions/0171)
    const bytes = Buffer.allocUnsafe(size);
    let at = 0;
    for await (const chunk of out.Body as Readable) {
      const part = chunk as Buffer;
      if (at + part.length > size) throw new Error(`storage answered more than its Content-Length for ${key}`);
      part.copy(bytes, at);
      at += part.length;
    }
    if (at !== size) throw new Error(`storage answered ${at} of ${size} bytes for ${key}`);
    return bytes;
  }
}
