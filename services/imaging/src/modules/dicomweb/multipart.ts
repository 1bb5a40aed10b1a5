import { randomBytes } from 'node:crypto';

/**
 * The writing side of multipart/related answers (RFC 2387, PS3.18 8.6.1.2): a random boundary, each part's
 * headers, the closing delimiter. Parts' bodies are streamed by the caller between `partHead` and the next part,
 * so nothing but one chunk at a time is held.
 */
export class MultipartWriter {
  readonly boundary: string;
  private parts = 0;

  constructor(
    readonly partType: string,
    boundary?: string,
  ) {
    this.boundary = boundary ?? `rayworks-${randomBytes(16).toString('hex')}`;
  }

  /** The answer's Content-Type. */
  get contentType(): string {
    return `multipart/related; type="${this.partType}"; boundary=${this.boundary}`;
  }

  /** The delimiter and headers that open the next part. */
  partHead(headers: Record<string, string>): Buffer {
    const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
    const lead = this.parts++ === 0 ? '' : '\r\n';
    return Buffer.from(`${lead}--${this.boundary}\r\n${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  }

  /** The close delimiter (after the last part; for an empty answer, the delimiter alone). */
  end(): Buffer {
    const lead = this.parts === 0 ? '' : '\r\n';
    return Buffer.from(`${lead}--${this.boundary}--\r\n`, 'latin1');
  }
}

/** The boundary and part type of a multipart/related Content-Type, or null. */
export function multipartRelatedOf(contentType: string | undefined): { boundary: string; type: string | null } | null {
  if (!contentType) return null;
  const [head, ...params] = contentType.split(';').map((s) => s.trim());
  if (head?.toLowerCase() !== 'multipart/related') return null;
  const values: Record<string, string> = {};
  for (const p of params) {
    const eq = p.indexOf('=');
    if (eq > 0)
      values[p.slice(0, eq).trim().toLowerCase()] = p
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1');
  }
  const boundary = values['boundary'];
  // RFC 2046 allows 70 characters; Orthanc's DICOMweb plugin sends two UUIDs (73): be lenient in what we accept
  if (!boundary || boundary.length > 200) return null;
  return { boundary, type: values['type']?.toLowerCase() ?? null };
}

/** The most preamble (bytes before the first delimiter, RFC 2046 5.1.1) a request may carry. */
export const MAX_PREAMBLE_BYTES = 64 * 1024;

/**
 * The body from its first delimiter on: RFC 2046 lets a multipart body start with a preamble (clients such as
 * dicomweb-client begin with a CRLF) that the receiver ignores; the parser wants the delimiter first.
 */
export async function* fromFirstDelimiter(
  body: AsyncIterable<Uint8Array>,
  boundary: string,
): AsyncGenerator<Uint8Array> {
  const delimiter = Buffer.from(`--${boundary}`, 'latin1');
  let head: Buffer | null = Buffer.alloc(0);
  for await (const chunk of body) {
    if (head === null) {
      yield chunk;
      continue;
    }
    head = Buffer.concat([head, chunk]);
    const at = head.indexOf(delimiter);
    if (at >= 0) {
      yield head.subarray(at);
      head = null;
    } else if (head.length > MAX_PREAMBLE_BYTES + delimiter.length) {
      throw new MultipartPreambleError(`no multipart delimiter in the first ${MAX_PREAMBLE_BYTES} bytes`);
    }
  }
  if (head !== null && head.length > 0) yield head;
}

export class MultipartPreambleError extends Error {}
