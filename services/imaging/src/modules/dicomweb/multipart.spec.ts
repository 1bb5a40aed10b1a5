import { describe, expect, it } from '@jest/globals';
import { parseMultipart } from '@remix-run/multipart-parser/node';
import { acceptsDicomJson, multipartChoices, parseAccept, pickSingle } from './media-types.js';
import { fromFirstDelimiter, MultipartPreambleError, MultipartWriter, multipartRelatedOf } from './multipart.js';

describe('multipart/related writer', () => {
  it('writes parts a standard multipart parser reads back byte for byte', () => {
    const writer = new MultipartWriter('application/dicom');
    const first = Buffer.from([0, 1, 2, 0x0d, 0x0a, 0x2d, 0x2d, 255]);
    const second = Buffer.from('second');
    const body = Buffer.concat([
      writer.partHead({ 'Content-Type': 'application/dicom', 'Content-Location': '/a' }),
      first,
      writer.partHead({ 'Content-Type': 'application/dicom' }),
      second,
      writer.end(),
    ]);
    const related = multipartRelatedOf(writer.contentType)!;
    expect(related.type).toBe('application/dicom');
    const parts = [...parseMultipart(body, { boundary: related.boundary })];
    expect(parts.map((p) => Buffer.from(p.bytes))).toEqual([first, second]);
    expect(parts[0]!.headers['content-location']).toBe('/a');
  });

  it('writes an empty answer as the close delimiter alone', () => {
    const writer = new MultipartWriter('application/dicom', 'b');
    expect(writer.end().toString()).toBe('--b--\r\n');
  });

  it('reads the boundary and type of a request, and refuses other types', () => {
    expect(multipartRelatedOf('multipart/related; type="application/dicom"; boundary=abc')).toEqual({
      boundary: 'abc',
      type: 'application/dicom',
    });
    const orthanc = `${'a'.repeat(36)}-${'b'.repeat(36)}`;
    expect(multipartRelatedOf(`multipart/related; type=application/dicom; boundary=${orthanc}`)?.boundary).toBe(
      orthanc,
    );
    expect(multipartRelatedOf('multipart/form-data; boundary=abc')).toBeNull();
    expect(multipartRelatedOf('multipart/related')).toBeNull();
    expect(multipartRelatedOf(undefined)).toBeNull();
  });
});

describe('multipart preamble', () => {
  const collect = async (chunks: string[], boundary: string) => {
    async function* source() {
      for (const c of chunks) yield Buffer.from(c);
    }
    const out: Buffer[] = [];
    for await (const c of fromFirstDelimiter(source(), boundary)) out.push(Buffer.from(c));
    return Buffer.concat(out).toString();
  };

  it('drops what comes before the first delimiter (a leading CRLF, as dicomweb-client sends), even split across chunks', async () => {
    expect(await collect(['\r\n--b', 'x\r\nA\r\n--bx--'], 'bx')).toBe('--bx\r\nA\r\n--bx--');
    expect(await collect(['--bx\r\n', 'rest'], 'bx')).toBe('--bx\r\nrest');
  });

  it('refuses a body without a delimiter in its first 64 KiB', async () => {
    await expect(collect(['x'.repeat(70 * 1024)], 'bx')).rejects.toThrow(MultipartPreambleError);
  });
});

describe('Accept negotiation', () => {
  it('orders ranges by q and keeps quoted parameters whole', () => {
    const accept = parseAccept(
      'image/png;q=0.5, multipart/related; type="application/dicom"; transfer-syntax=*, image/jpeg',
    );
    expect(accept.map((r) => r.type)).toEqual(['multipart/related', 'image/jpeg', 'image/png']);
    expect(accept[0]!.params).toEqual({ type: 'application/dicom', 'transfer-syntax': '*' });
  });

  it('finds the multipart choices for a part type, with the transfer syntax asked for', () => {
    expect(multipartChoices(parseAccept('multipart/related; type="application/dicom"'), ['application/dicom'])).toEqual(
      [{ partType: 'application/dicom', transferSyntax: null }],
    );
    expect(multipartChoices(parseAccept('application/dicom+json'), ['application/dicom'])).toEqual([]);
    expect(multipartChoices(parseAccept(undefined), ['application/dicom'])).toHaveLength(1);
    expect(
      multipartChoices(parseAccept('multipart/related; type="image/jpeg"; transfer-syntax=1.2.840.10008.1.2.4.50'), [
        'image/jpeg',
        'application/octet-stream',
      ]),
    ).toEqual([{ partType: 'image/jpeg', transferSyntax: '1.2.840.10008.1.2.4.50' }]);
  });

  it('accepts DICOM JSON from */*, application/json and application/dicom+json only', () => {
    expect(acceptsDicomJson(parseAccept('application/dicom+json'))).toBe(true);
    expect(acceptsDicomJson(parseAccept('*/*'))).toBe(true);
    expect(acceptsDicomJson(parseAccept('application/dicom'))).toBe(false);
    expect(pickSingle(parseAccept('image/*'), ['image/jpeg', 'image/png'])).toBe('image/jpeg');
    expect(pickSingle(parseAccept('image/gif'), ['image/jpeg', 'image/png'])).toBeNull();
  });
});
