import { once } from 'node:events';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Response } from 'express';
import { MultipartWriter } from './multipart.js';

/** The answer being written: headers once, then chunks with back-pressure. */
export interface WritableAnswer {
  readonly stream: Writable;
  start(status: number, headers: Record<string, string>): void;
  write(chunk: Buffer): Promise<void>;
}

/** An express response as a WritableAnswer (streamed with back-pressure). */
export function answerOf(res: Response): WritableAnswer {
  return {
    stream: res,
    start(status, headers) {
      res.status(status);
      for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
    },
    async write(chunk) {
      if (!res.write(chunk)) await once(res, 'drain');
    },
  };
}

/** Runs a streamed answer and ends it; once its headers are out a failure can only cut the connection. */
export async function streamed(res: Response, work: (out: WritableAnswer) => Promise<void>): Promise<void> {
  try {
    await work(answerOf(res));
    res.end();
  } catch (error) {
    if (!res.headersSent) throw error;
    res.destroy(error as Error);
  }
}

export const DICOM_JSON = 'application/dicom+json';

/**
 * A DICOM JSON answer with exactly `Content-Type: application/dicom+json` (express's send() would add
 * `; charset=utf-8`, which dicomweb-client's STOW compares against and then discards the answer; JSON is UTF-8 by
 * definition, RFC 8259).
 */
export function sendDicomJson(res: Response, status: number, body: unknown): void {
  const bytes = Buffer.from(JSON.stringify(body), 'utf8');
  res.status(status);
  res.setHeader('Content-Type', DICOM_JSON);
  res.setHeader('Content-Length', String(bytes.length));
  res.end(bytes);
}

/** One part of an answer: its headers (Content-Type, Content-Location) and body. */
export interface Part<B = Buffer> {
  headers: Record<string, string>;
  body: B;
}

/**
 * Parts in hand, as one multipart/related answer of `partType` (its length known: no chunked encoding), or
 * (`single`) the one part alone, its headers the answer's.
 */
export async function writeParts(
  out: WritableAnswer,
  partType: string,
  parts: readonly Part[],
  single: boolean,
): Promise<void> {
  if (single) {
    const part = parts[0] ?? { headers: { 'Content-Type': partType }, body: Buffer.alloc(0) };
    out.start(200, withLength(part.headers, part.body.length));
    await out.write(part.body);
    return;
  }
  const writer = new MultipartWriter(partType);
  const heads = parts.map((part) => writer.partHead(withLength(part.headers, part.body.length)));
  const end = writer.end();
  const length = parts.reduce((sum, part, index) => sum + part.body.length + heads[index]!.length, end.length);
  out.start(200, { 'Content-Type': writer.contentType, 'Content-Length': String(length) });
  for (const [index, part] of parts.entries()) {
    await out.write(heads[index]!);
    await out.write(part.body);
  }
  await out.write(end);
}

/**
 * A multipart/related answer written part by part as each comes (the whole is never held): the answer's headers
 * with the first part, each part's head then its body, the close delimiter at `end()`. `single`: the one part
 * alone, its headers the answer's.
 */
export class PartStream {
  private readonly writer: MultipartWriter;
  /** How many parts were written. */
  count = 0;
  private started = false;

  constructor(
    private readonly out: WritableAnswer,
    partType: string,
    private readonly single = false,
  ) {
    this.writer = new MultipartWriter(partType);
  }

  /** One part; `length` is its body's byte count. */
  async part(headers: Record<string, string>, length: number, body: Buffer | Readable): Promise<void> {
    const head = withLength(headers, length);
    this.begin(this.single ? head : { 'Content-Type': this.writer.contentType });
    this.count++;
    if (!this.single) await this.out.write(this.writer.partHead(head));
    if (Buffer.isBuffer(body)) await this.out.write(body);
    else await pipeline(body, this.out.stream, { end: false });
  }

  /** The close delimiter (an answer of no part: the headers and the delimiter alone). */
  async end(): Promise<void> {
    this.begin({ 'Content-Type': this.writer.contentType });
    if (!this.single) await this.out.write(this.writer.end());
  }

  private begin(headers: Record<string, string>): void {
    if (this.started) return;
    this.started = true;
    this.out.start(200, headers);
  }
}

/** A part's headers in the order they are written: Content-Type, Content-Length, then the rest. */
function withLength(headers: Record<string, string>, length: number): Record<string, string> {
  const { 'Content-Type': type, ...rest } = headers;
  return { ...(type ? { 'Content-Type': type } : {}), 'Content-Length': String(length), ...rest };
}
