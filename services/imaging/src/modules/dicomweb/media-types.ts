/**
 * Accept negotiation for DICOMweb (PS3.18 8.7): an Accept header is a list of media ranges with parameters
 * (`multipart/related; type="application/dicom"; transfer-syntax=*`), each with an optional q. The answer picks the
 * first acceptable range by q then order; nothing acceptable is a 406.
 */
export interface MediaRange {
  type: string;
  params: Record<string, string>;
  q: number;
}

/** Splits on a separator outside double quotes. */
function splitOutsideQuotes(text: string, separator: string): string[] {
  const out: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    if (ch === separator && !quoted) {
      out.push(current);
      current = '';
    } else current += ch;
  }
  out.push(current);
  return out;
}

export function parseMediaRange(text: string): MediaRange | null {
  const [head, ...rest] = splitOutsideQuotes(text, ';').map((s) => s.trim());
  if (!head || !/^[\w.+*-]+\/[\w.+*-]+$/.test(head)) return null;
  const params: Record<string, string> = {};
  let q = 1;
  for (const param of rest) {
    const eq = param.indexOf('=');
    if (eq <= 0) continue;
    const name = param.slice(0, eq).trim().toLowerCase();
    const value = param
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (name === 'q') q = Number.isFinite(Number(value)) ? Number(value) : 0;
    else params[name] = value;
  }
  return { type: head.toLowerCase(), params, q };
}

/** The ranges of an Accept header, best first (q, then the order given); a missing header accepts anything. */
export function parseAccept(header: string | undefined): MediaRange[] {
  if (!header || !header.trim()) return [{ type: '*/*', params: {}, q: 1 }];
  return splitOutsideQuotes(header, ',')
    .map((part) => parseMediaRange(part))
    .filter((r): r is MediaRange => r !== null && r.q > 0)
    .map((r, index) => ({ r, index }))
    .sort((a, b) => b.r.q - a.r.q || a.index - b.index)
    .map(({ r }) => r);
}

const matches = (range: string, type: string): boolean => {
  if (range === '*/*') return true;
  const [rt, rs] = range.split('/');
  const [t, s] = type.split('/');
  return rt === t && (rs === '*' || rs === s);
};

/**
 * What a client may get as parts of a multipart/related answer: the ranges that allow a multipart/related answer
 * whose part type is one of `partTypes` (a bare `partType` range counts, as PS3.18 8.7.3.3 allows single-part
 * types to be asked for directly), with the transfer syntax each asked for (`*` or absent: any).
 */
export function multipartChoices(
  accept: MediaRange[],
  partTypes: readonly string[],
): { partType: string; transferSyntax: string | null }[] {
  const out: { partType: string; transferSyntax: string | null }[] = [];
  for (const range of accept) {
    if (range.type === 'multipart/related' || range.type === 'multipart/*' || range.type === '*/*') {
      const wanted = range.params['type']?.toLowerCase();
      for (const partType of partTypes)
        if (!wanted || matches(wanted, partType))
          out.push({ partType, transferSyntax: range.params['transfer-syntax'] ?? null });
    } else {
      for (const partType of partTypes)
        if (matches(range.type, partType))
          out.push({ partType, transferSyntax: range.params['transfer-syntax'] ?? null });
    }
  }
  return out;
}

/**
 * What a client accepts for a resource whose parts are of `partTypes`, best first: each multipart/related range
 * (and `*\/*`) as a multipart answer, each bare range of a part type as a single-part answer (PS3.18 8.7.3.1: a
 * single-part payload holds one item — one instance, one frame, one bulk data element), with the transfer syntax
 * asked (`*`: any, null: the default, PS3.18 Table 8.7.3-2).
 */
export function acceptChoices(
  accept: MediaRange[],
  partTypes: readonly string[],
): { partType: string; transferSyntax: string | null; multipart: boolean }[] {
  const out: { partType: string; transferSyntax: string | null; multipart: boolean }[] = [];
  for (const range of accept) {
    const multipart = range.type === 'multipart/related' || range.type === 'multipart/*' || range.type === '*/*';
    const wanted = multipart ? range.params['type']?.toLowerCase() : range.type;
    for (const partType of partTypes)
      if (!wanted || matches(wanted, partType))
        out.push({ partType, transferSyntax: range.params['transfer-syntax'] ?? null, multipart });
  }
  return out;
}

/** Whether a JSON answer (application/dicom+json, or application/json) is acceptable. */
export function acceptsDicomJson(accept: MediaRange[]): boolean {
  return accept.some((r) => matches(r.type, 'application/dicom+json') || matches(r.type, 'application/json'));
}

/** The first acceptable single-part type of `offered`, or null. */
export function pickSingle(accept: MediaRange[], offered: readonly string[]): string | null {
  for (const range of accept) for (const type of offered) if (matches(range.type, type)) return type;
  return null;
}

/**
 * The media type of a compressed frame by its transfer syntax (PS3.18 Table 8.7.3-5); native pixel data is
 * application/octet-stream.
 */
export const FRAME_MEDIA_TYPES: Record<string, string> = {
  '1.2.840.10008.1.2.4.50': 'image/jpeg',
  '1.2.840.10008.1.2.4.51': 'image/jpeg',
  '1.2.840.10008.1.2.4.57': 'image/jpeg',
  '1.2.840.10008.1.2.4.70': 'image/jpeg',
  '1.2.840.10008.1.2.4.80': 'image/jls',
  '1.2.840.10008.1.2.4.81': 'image/jls',
  '1.2.840.10008.1.2.4.90': 'image/jp2',
  '1.2.840.10008.1.2.4.91': 'image/jp2',
  '1.2.840.10008.1.2.5': 'image/dicom-rle',
};
