import { describe, expect, it } from '@jest/globals';
import {
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  HeadObjectCommand,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { StorageService } from '../../src/index.js';
import { eventually, infraEnv, uniqueSuffix } from '@rayworks/testing';

/** The local S3 server, for real: signatures and expiry are checked, browser pre-flights answered, multipart works. */
describe('object storage', () => {
  const storage = new StorageService(infraEnv().s3);
  const key = (name: string) => `it/${uniqueSuffix()}/${name}`;

  it('puts an object through a presigned PUT and reads it back through a presigned GET', async () => {
    const k = key('study.zip');
    const body = Buffer.from(`zip bytes ${uniqueSuffix()}`);
    const put = await fetch(await storage.presignPut(k, 'application/zip', body.length), {
      method: 'PUT',
      headers: { 'Content-Type': 'application/zip' },
      body,
    });
    expect(put.status).toBe(200);
    const get = await fetch(await storage.presignGet(k));
    expect(get.status).toBe(200);
    expect(Buffer.from(await get.arrayBuffer())).toEqual(body);
    expect(await storage.get(k)).toEqual(body);
  });

  it('binds the size: the storage server refuses a PUT bigger (or smaller) than the signed length, storing nothing', async () => {
    const k = key('limited.png');
    const url = await storage.presignPut(k, 'image/png', 1024);
    for (const size of [1025, 4096, 1023]) {
      const res = await fetch(url, {
        method: 'PUT',
        headers: { 'Content-Type': 'image/png' },
        body: Buffer.alloc(size, 7),
      });
      expect({ size, status: res.status }).toEqual({ size, status: 403 });
    }
    expect(await storage.exists(k)).toBe(false);
    const exact = await fetch(url, {
      method: 'PUT',
      headers: { 'Content-Type': 'image/png' },
      body: Buffer.alloc(1024, 7),
    });
    expect(exact.status).toBe(200);
    expect((await storage.get(k)).length).toBe(1024);
  });

  it('refuses an expired URL', async () => {
    const k = key('expired.txt');
    await storage.put(k, 'secret', 'text/plain');
    const url = await storage.presignGet(k, 1);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const res = await fetch(url);
    expect(res.status).toBe(403);
    expect(await res.text()).toMatch(/expired/i);
  });

  it('refuses a tampered signature, a tampered key and a PUT to a GET URL, and stores nothing', async () => {
    const k = key('tamper.txt');
    await storage.put(k, 'original', 'text/plain');
    const url = new URL(await storage.presignGet(k));
    const signature = url.searchParams.get('X-Amz-Signature')!;
    url.searchParams.set('X-Amz-Signature', (signature[0] === 'a' ? 'b' : 'a') + signature.slice(1));
    expect((await fetch(url)).status).toBe(403);

    const otherKey = new URL(await storage.presignGet(k));
    otherKey.pathname = otherKey.pathname.replace('tamper.txt', 'other.txt');
    expect((await fetch(otherKey)).status).toBe(403);

    const putUrl = await storage.presignPut(k, 'text/plain', 'replaced'.length);
    const forged = await fetch(putUrl, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/zip' },
      body: 'replaced',
    });
    expect(forged.status).toBe(403);
    expect((await storage.get(k)).toString()).toBe('original');
  });

  it('answers a browser CORS pre-flight for a presigned PUT', async () => {
    const url = await storage.presignPut(key('cors.zip'), 'application/zip', 100);
    const res = await fetch(url, {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:8080',
        'Access-Control-Request-Method': 'PUT',
        'Access-Control-Request-Headers': 'content-type',
      },
    });
    expect(res.status).toBeLessThan(300);
    expect(res.headers.get('access-control-allow-origin')).toMatch(/^(\*|http:\/\/localhost:8080)$/);
    expect((res.headers.get('access-control-allow-methods') ?? '').toUpperCase()).toContain('PUT');
  });

  it('signs browser URLs for the public address when it differs from the one the process uses', async () => {
    // Two names of the one local server stand for Compose's http://minio:9000 (inside) and the published port.
    const inside = new URL(infraEnv().s3.endpoint);
    const outside = new URL(inside);
    outside.hostname = inside.hostname === 'localhost' ? '127.0.0.1' : 'localhost';
    const split = new StorageService({ ...infraEnv().s3, publicEndpoint: outside.origin });
    const k = key('public.zip');
    const body = Buffer.from(`public ${uniqueSuffix()}`);

    const putUrl = new URL(await split.presignPut(k, 'application/zip', body.length));
    expect(putUrl.host).toBe(outside.host);
    const put = await fetch(putUrl, { method: 'PUT', headers: { 'Content-Type': 'application/zip' }, body });
    expect(put.status).toBe(200);
    // the process itself still talks to the inside address
    expect(await split.get(k)).toEqual(body);

    const getUrl = new URL(await split.presignGet(k));
    expect(getUrl.host).toBe(outside.host);
    expect(Buffer.from(await (await fetch(getUrl)).arrayBuffer())).toEqual(body);

    // the host is part of the signature: the same URL pointed back at the inside name is refused
    const rewritten = new URL(getUrl);
    rewritten.host = inside.host;
    expect((await fetch(rewritten)).status).toBe(403);
  });

  it('assembles a multipart upload', async () => {
    const k = key('big.bin');
    const { UploadId } = await storage.client.send(
      new CreateMultipartUploadCommand({ Bucket: storage.bucket, Key: k }),
    );
    const parts = [Buffer.alloc(5 * 1024 * 1024, 1), Buffer.alloc(1024 * 1024, 2)];
    const etags = [];
    for (const [i, part] of parts.entries()) {
      const out = await storage.client.send(
        new UploadPartCommand({ Bucket: storage.bucket, Key: k, UploadId, PartNumber: i + 1, Body: part }),
      );
      etags.push({ ETag: out.ETag, PartNumber: i + 1 });
    }
    await storage.client.send(
      new CompleteMultipartUploadCommand({
        Bucket: storage.bucket,
        Key: k,
        UploadId,
        MultipartUpload: { Parts: etags },
      }),
    );
    const head = await eventually(
      () => storage.client.send(new HeadObjectCommand({ Bucket: storage.bucket, Key: k })),
      (h) => h.ContentLength !== undefined,
    );
    expect(head.ContentLength).toBe(6 * 1024 * 1024);
    const all = await storage.get(k);
    expect(all.subarray(5 * 1024 * 1024 - 1, 5 * 1024 * 1024 + 1)).toEqual(Buffer.from([1, 2]));
  });
});
