/** One part of a multipart/related answer: its headers (names lower-cased) and body (a copy of its own). */
export interface MultipartPart {
  headers: Record<string, string>;
  body: Uint8Array;
}

/** The boundary of a multipart Content-Type, or null. */
export function boundaryOf(contentType: string | null): string | null {
  if (!contentType || !/^\s*multipart\//i.test(contentType)) return null;
  const match = /;\s*boundary=("([^"]+)"|[^;\s]+)/i.exec(contentType);
  return match ? (match[2] ?? match[1] ?? null) : null;
}

const IMPLICIT_LE = '1.2.840.10008.1.2';

/** `<sop>/frames/<n>`: what an image id and a part's Content-Location share. */
export function frameKey(url: string): string | null {
  const at = url.lastIndexOf('/instances/');
  return at < 0 ? null : url.slice(at + '/instances/'.length);
}

/** The transfer syntax of a frame part's Content-Type (its parameter; native frames without it: implicit LE). */
export function transferSyntaxOf(contentType: string | undefined): string {
  const match = /transfer-syntax\s*=\s*"?([0-9.]+)"?/i.exec(contentType ?? '');
  return match?.[1] ?? IMPLICIT_LE;
}

const CRLF2 = [13, 10, 13, 10];

function indexOf(haystack: Uint8Array, needle: ArrayLike<number>, from: number, to: number): number {
  const first = needle[0];
  outer: for (let i = from; i <= to - needle.length; i++) {
    if (haystack[i] !== first) continue;
    for (let k = 1; k < needle.length; k++) if (haystack[i + k] !== needle[k]) continue outer;
    return i;
  }
  return -1;
}

/**
 * The parts of a multipart/related body (RFC 2046) as its chunks arrive — each part handed on as soon as its last
 * byte is in, without waiting for the answer's end (the viewer decodes a frame while the rest of its batch is still
 * on the wire; docs/decisions/0330). A part's Content-Length, when given (Rayworks' DICOMweb gives it), is read
 * directly; otherwise its end is the next delimiter. Holds the unfinished part only.
 */
export async function* multipartParts(
  chunks: AsyncIterable<Uint8Array>,
  boundary: string,
): AsyncGenerator<MultipartPart> {
  const delimiter = new TextEncoder().encode(`--${boundary}`);
  const next = new TextEncoder().encode(`\r\n--${boundary}`);
  let buf = new Uint8Array(1 << 20);
  let start = 0;
  let end = 0;
  let state: 'delimiter' | 'body' = 'delimiter';
  let closed = false;
  let headers: Record<string, string> = {};
  let length: number | null = null;
  const append = (chunk: Uint8Array) => {
    if (end + chunk.length > buf.length) {
      const live = end - start;
      const bigger = live + chunk.length > buf.length / 2 ? new Uint8Array((live + chunk.length) * 2) : buf;
      bigger.set(buf.subarray(start, end), 0);
      buf = bigger;
      start = 0;
      end = live;
    }
    buf.set(chunk, end);
    end += chunk.length;
  };
  for await (const chunk of chunks) {
    append(chunk);
    for (;;) {
      if (state === 'delimiter') {
        const at = indexOf(buf, delimiter, start, end);
        if (at < 0) break;
        start = at;
        // a delimiter line: `--boundary` then `--` (the close) or the part's headers up to an empty line
        if (end - start < delimiter.length + 2) break;
        if (buf[start + delimiter.length] === 45 && buf[start + delimiter.length + 1] === 45) {
          closed = true;
          break;
        }
        const blank = indexOf(buf, CRLF2, start, end);
        if (blank < 0) break;
        const lines = new TextDecoder('latin1').decode(buf.subarray(start, blank)).split('\r\n').slice(1);
        headers = {};
        for (const line of lines) {
          const colon = line.indexOf(':');
          if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
        }
        const declared = Number(headers['content-length']);
        length = Number.isInteger(declared) && declared >= 0 ? declared : null;
        start = blank + 4;
        state = 'body';
      }
      if (state === 'body') {
        let bodyEnd: number;
        if (length !== null) {
          if (end - start < length) break;
          bodyEnd = start + length;
        } else {
          bodyEnd = indexOf(buf, next, start, end);
          if (bodyEnd < 0) break;
        }
        yield { headers, body: buf.slice(start, bodyEnd) };
        // the CRLF before the next delimiter (RFC 2046) belongs to the delimiter
        start = bodyEnd;
        state = 'delimiter';
        continue;
      }
      break;
    }
    if (closed) return;
  }
  if (!closed) throw new Error('the multipart answer ended before its close delimiter');
}
