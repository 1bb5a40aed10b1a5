import { describe, expect, it } from '@jest/globals';
import { boundaryOf, frameKey, multipartParts, transferSyntaxOf, type MultipartPart } from './multipart-stream';

const enc = new TextEncoder();
const body = (boundary: string, parts: { headers: string[]; bytes: Uint8Array }[], preamble = ''): Uint8Array => {
  const pieces: Uint8Array[] = [enc.encode(preamble)];
  parts.forEach((p, i) => {
    pieces.push(enc.encode(`${i ? '\r\n' : ''}--${boundary}\r\n${p.headers.join('\r\n')}\r\n\r\n`), p.bytes);
  });
  pieces.push(enc.encode(`\r\n--${boundary}--\r\n`));
  const out = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of pieces) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

async function* chunked(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.slice(at, at + size);
}

async function collect(parts: AsyncGenerator<MultipartPart>): Promise<MultipartPart[]> {
  const out: MultipartPart[] = [];
  for await (const part of parts) out.push(part);
  return out;
}

// bytes that hold a CRLF and what looks like a delimiter: only Content-Length tells where they end
const tricky = Uint8Array.from([0, 13, 10, 45, 45, 98, 255, 1, 2]);
const frame = Uint8Array.from({ length: 3000 }, (_, i) => i % 251);

describe('multipartParts', () => {
  it('hands on each part with its headers whatever the chunk size, bodies by Content-Length', async () => {
    const bytes = body('b', [
      {
        headers: [
          'Content-Type: application/octet-stream',
          `Content-Length: ${tricky.length}`,
          'Content-Location: /x/1',
        ],
        bytes: tricky,
      },
      {
        headers: [
          'Content-Type: application/octet-stream',
          `Content-Length: ${frame.length}`,
          'Content-Location: /x/2',
        ],
        bytes: frame,
      },
    ]);
    for (const size of [1, 2, 7, 64, 4096, bytes.length]) {
      const parts = await collect(multipartParts(chunked(bytes, size), 'b'));
      expect(parts.map((p) => p.headers['content-location'])).toEqual(['/x/1', '/x/2']);
      expect(Array.from(parts[0]!.body)).toEqual(Array.from(tricky));
      expect(Array.from(parts[1]!.body)).toEqual(Array.from(frame));
    }
  });

  it('finds a body without Content-Length by the next delimiter, and skips a preamble', async () => {
    const bytes = body(
      'xyz',
      [
        { headers: ['Content-Type: a/b'], bytes: frame },
        { headers: ['Content-Location: /two'], bytes: enc.encode('two') },
      ],
      '\r\n',
    );
    const parts = await collect(multipartParts(chunked(bytes, 100), 'xyz'));
    expect(parts.map((p) => p.body.length)).toEqual([frame.length, 3]);
    expect(parts[0]!.headers['content-type']).toBe('a/b');
  });

  it('hands on a part before the answer has ended', async () => {
    const bytes = body('b', [
      { headers: [`Content-Length: ${frame.length}`], bytes: frame },
      { headers: ['Content-Length: 1'], bytes: Uint8Array.of(7) },
    ]);
    const firstPartEnd = bytes.indexOf(7, frame.length) - 20;
    async function* stalled(): AsyncGenerator<Uint8Array> {
      yield bytes.slice(0, firstPartEnd);
      throw new Error('the connection was cut');
    }
    const parts = multipartParts(stalled(), 'b');
    expect((await parts.next()).value?.body.length).toBe(frame.length);
    await expect(parts.next()).rejects.toThrow('the connection was cut');
  });

  it('refuses an answer cut before its close delimiter', async () => {
    const bytes = body('b', [{ headers: ['Content-Length: 3'], bytes: enc.encode('abc') }]);
    await expect(collect(multipartParts(chunked(bytes.slice(0, bytes.length - 8), 5), 'b'))).rejects.toThrow(
      'ended before its close delimiter',
    );
  });
});

describe('frame parts', () => {
  it('reads the boundary, the transfer syntax and the frame a part or an image id names', () => {
    expect(boundaryOf('multipart/related; type="application/octet-stream"; boundary=rayworks-1')).toBe('rayworks-1');
    expect(boundaryOf('multipart/related; boundary="a b"')).toBe('a b');
    expect(boundaryOf('application/octet-stream')).toBeNull();
    expect(transferSyntaxOf('application/octet-stream; transfer-syntax=1.2.840.10008.1.2.1')).toBe(
      '1.2.840.10008.1.2.1',
    );
    expect(transferSyntaxOf('application/octet-stream')).toBe('1.2.840.10008.1.2');
    expect(frameKey('/api/imaging/dicomweb/studies/1/series/2/instances/3.4/frames/1')).toBe('3.4/frames/1');
    expect(frameKey('wadors:http://h/api/imaging/dicomweb/studies/1/series/2/instances/3.4/frames/2')).toBe(
      '3.4/frames/2',
    );
    expect(frameKey('/nothing')).toBeNull();
  });
});
