import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListPartsCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';

/** SigV4's literal for a body that is not hashed into the signature. */
const UNSIGNED_PAYLOAD = 'UNSIGNED-PAYLOAD';

export interface StorageSettings {
  /** Where this process reaches the object store. */
  endpoint: string;
  /**
   * Where browsers reach it, when that differs (Compose: http://minio:9000 inside, http://localhost:9000 outside).
   * Presigned URLs are signed for this address: the signature covers the host, so one signed for the inside name
   * would be refused if rewritten. Unset: the same as `endpoint`.
   */
  publicEndpoint?: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  bucket: string;
}

/** The S3-compatible object store: objects, presigned PUT/GET for the browser, the bucket check for readiness. */
export class StorageService {
  readonly client: S3Client;
  readonly bucket: string;
  /** Signs the URLs handed to browsers (no request is sent with it). */
  private readonly presigner: S3Client;

  constructor(settings: StorageSettings) {
    this.bucket = settings.bucket;
    const client = (endpoint: string) =>
      new S3Client({
        endpoint,
        region: settings.region,
        forcePathStyle: true,
        credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      });
    this.client = client(settings.endpoint);
    this.presigner =
      settings.publicEndpoint && settings.publicEndpoint !== settings.endpoint
        ? client(settings.publicEndpoint)
        : this.client;
  }

  /**
   * A URL the browser PUTs one object to. The content type and the size are signed (docs/decisions/0078): the
   * caller declares the size of the file before it gets the URL (checked against the upload's maximum by the
   * contract), and the storage server refuses a PUT of any other type or length (403, nothing stored), so a
   * URL cannot be used to store more than was allowed.
   */
  presignPut(key: string, contentType: string, contentLength: number, expiresInSeconds = 900): Promise<string> {
    if (!Number.isSafeInteger(contentLength) || contentLength < 0)
      throw new Error(`bad content length ${contentLength}`);
    return getSignedUrl(
      this.presigner,
      new PutObjectCommand({ Bucket: this.bucket, Key: key, ContentType: contentType, ContentLength: contentLength }),
      {
        expiresIn: expiresInSeconds,
        signableHeaders: new Set(['content-type', 'content-length']),
      },
    );
  }

  /** Starts an S3 multipart upload of one object (its parts are PUT by the browser to presignUploadPart URLs). */
  async createMultipartUpload(key: string, contentType: string): Promise<string> {
    const out = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key: key, ContentType: contentType }),
    );
    if (!out.UploadId) throw new Error(`no UploadId for ${key}`);
    return out.UploadId;
  }

  /**
   * A URL the browser PUTs one part of a multipart upload to, signed for its exact length (like presignPut): the
   * answer's ETag header names the part when the upload is completed.
   */
  presignUploadPart(
    key: string,
    uploadId: string,
    partNumber: number,
    contentLength: number,
    expiresInSeconds = 3600,
  ): Promise<string> {
    if (!Number.isSafeInteger(contentLength) || contentLength < 1)
      throw new Error(`bad content length ${contentLength}`);
    return getSignedUrl(
      this.presigner,
      new UploadPartCommand({
        Bucket: this.bucket,
        Key: key,
        UploadId: uploadId,
        PartNumber: partNumber,
        ContentLength: contentLength,
      }),
      { expiresIn: expiresInSeconds, signableHeaders: new Set(['content-length']) },
    );
  }

  /** The parts the store already has of a multipart upload (every page), in part order. */
  async listParts(key: string, uploadId: string): Promise<{ partNumber: number; etag: string; size: number }[]> {
    const parts: { partNumber: number; etag: string; size: number }[] = [];
    let marker: string | undefined;
    for (;;) {
      const out = await this.client.send(
        new ListPartsCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId, PartNumberMarker: marker }),
      );
      for (const p of out.Parts ?? [])
        if (p.PartNumber !== undefined && p.ETag)
          parts.push({ partNumber: p.PartNumber, etag: p.ETag, size: p.Size ?? 0 });
      if (!out.IsTruncated || out.NextPartNumberMarker === undefined) break;
      marker = out.NextPartNumberMarker;
    }
    return parts.sort((a, b) => a.partNumber - b.partNumber);
  }

  async completeMultipartUpload(
    key: string,
    uploadId: string,
    parts: { partNumber: number; etag: string }[],
  ): Promise<void> {
    await this.client.send(
      new CompleteMultipartUploadCommand({
        Bucket: this.bucket,
        Key: key,
        UploadId: uploadId,
        MultipartUpload: {
          Parts: [...parts]
            .sort((a, b) => a.partNumber - b.partNumber)
            .map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })),
        },
      }),
    );
  }

  async abortMultipartUpload(key: string, uploadId: string): Promise<void> {
    await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key: key, UploadId: uploadId }));
  }

  /** The object's size in bytes, or null when there is none. */
  async size(key: string): Promise<number | null> {
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return out.ContentLength ?? 0;
    } catch (error) {
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return null;
      throw error;
    }
  }

  /** A stream of bytes `start` to `end` (exclusive) of an object: a ranged GET, never the whole object. */
  async getRange(key: string, start: number, end: number): Promise<Readable> {
    const out = await this.client.send(
      new GetObjectCommand({ Bucket: this.bucket, Key: key, Range: `bytes=${start}-${end - 1}` }),
    );
    return out.Body as Readable;
  }

  /**
   * A URL the browser GETs one object from, for `expiresInSeconds` (the store answers 403 after). With
   * `downloadName` the store answers `Content-Disposition: attachment` with that file name (signed with the URL).
   */
  presignGet(key: string, expiresInSeconds = 300, options: { downloadName?: string } = {}): Promise<string> {
    const disposition = options.downloadName
      ? `attachment; filename="${options.downloadName.replace(/[^\w.-]/g, '_')}"`
      : undefined;
    return getSignedUrl(
      this.presigner,
      new GetObjectCommand({ Bucket: this.bucket, Key: key, ResponseContentDisposition: disposition }),
      { expiresIn: expiresInSeconds },
    );
  }

  /**
   * Stores one object sent whole. The body is not hashed into the signature (`UNSIGNED-PAYLOAD`, as the AWS SDKs do
   * over TLS; docs/decisions/0368-unsigned-object-payloads.md): the request is still signed, and the body's integrity
   * is checked by the store against the SDK's CRC32 checksum header, which costs a fraction of a SHA-256 over the
   * bytes on both sides.
   */
  async put(key: string, body: Buffer | string, contentType = 'application/octet-stream'): Promise<void> {
    const command = new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: contentType });
    command.middlewareStack.add(
      (next) => (args) => {
        const request = args.request as { headers?: Record<string, string> };
        if (request.headers) request.headers['x-amz-content-sha256'] = UNSIGNED_PAYLOAD;
        return next(args);
      },
      { step: 'build', name: 'rayworksUnsignedPayload' },
    );
    await this.client.send(command);
  }

  async get(key: string): Promise<Buffer> {
    const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
    return Buffer.from(await out.Body!.transformToByteArray());
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  /** Readiness: the bucket answers. */
  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async ensureBucket(): Promise<void> {
    try {
      await this.check();
    } catch {
      await this.client.send(new CreateBucketCommand({ Bucket: this.bucket }));
    }
  }
}
