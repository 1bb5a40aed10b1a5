import { describe, expect, it } from '@jest/globals';
import { weasisCommand, weasisLink, WeasisLinkError } from './weasis.js';

const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl-_';
const url = 'https://rayworks.example/api/imaging/dicomweb';

/** Splits a command line the way a shell-like parser (Weasis') does: double-quoted arguments, no escapes inside. */
function argv(command: string): string[] {
  const out: string[] = [];
  const re = /"([^"]*)"|(\S+)/g;
  for (let m = re.exec(command); m; m = re.exec(command)) out.push(m[1] ?? m[2]!);
  return out;
}

describe('weasisLink', () => {
  it('parses back to the $dicom:rs command with the URL, each study and the bearer header', () => {
    const link = weasisLink({ dicomwebUrl: url, studyInstanceUids: ['1.2.3', '1.2.4'], token });
    expect(link.startsWith('weasis://?')).toBe(true);
    const command = decodeURIComponent(link.slice('weasis://?'.length));
    expect(command).toBe(
      `$dicom:rs --url "${url}" -r "studyUID=1.2.3" -r "studyUID=1.2.4" -H "Authorization: Bearer ${token}"`,
    );
    expect(argv(command)).toEqual([
      '$dicom:rs',
      '--url',
      url,
      '-r',
      'studyUID=1.2.3',
      '-r',
      'studyUID=1.2.4',
      '-H',
      `Authorization: Bearer ${token}`,
    ]);
  });

  it('encodes every character that is not safe in a URL query', () => {
    const link = weasisLink({ dicomwebUrl: url, studyInstanceUids: ['1.2.3'], token });
    expect(link.slice('weasis://?'.length)).not.toMatch(/[ "$:/]/);
  });

  it('drops a trailing slash of the base URL', () => {
    expect(weasisCommand({ dicomwebUrl: `${url}/`, studyInstanceUids: ['1'], token })).toContain(`--url "${url}"`);
  });

  it.each([
    ['a quote in the URL', { dicomwebUrl: 'https://x.example/a"b', studyInstanceUids: ['1.2'], token }],
    ['a space in the URL', { dicomwebUrl: 'https://x.example/a b', studyInstanceUids: ['1.2'], token }],
    ['a backslash in the URL', { dicomwebUrl: 'https://x.example/a\\b', studyInstanceUids: ['1.2'], token }],
    ['a relative URL', { dicomwebUrl: '/api/imaging/dicomweb', studyInstanceUids: ['1.2'], token }],
    ['another scheme', { dicomwebUrl: 'javascript:alert(1)', studyInstanceUids: ['1.2'], token }],
    ['a quote in a UID', { dicomwebUrl: url, studyInstanceUids: ['1.2" -r "studyUID=9.9'], token }],
    ['a space in a UID', { dicomwebUrl: url, studyInstanceUids: ['1.2 3'], token }],
    ['no study', { dicomwebUrl: url, studyInstanceUids: [], token }],
    ['a quote in the token', { dicomwebUrl: url, studyInstanceUids: ['1.2'], token: 'a.b" --url "https://evil' }],
    ['a space in the token', { dicomwebUrl: url, studyInstanceUids: ['1.2'], token: 'a.b c' }],
  ])('refuses %s (it could not break out of its argument)', (_, input) => {
    expect(() => weasisLink(input)).toThrow(WeasisLinkError);
  });

  it('whatever the values, a built command has exactly the expected arguments', () => {
    const uids = ['1.2.840.10008.1', '2.25.1234567890123456789'];
    const args = argv(
      weasisCommand({
        dicomwebUrl: 'http://127.0.0.1:8080/api/imaging/dicomweb?x=1&y=2',
        studyInstanceUids: uids,
        token,
      }),
    );
    expect(args).toHaveLength(3 + uids.length * 2 + 2);
    expect(args.filter((a) => a === '-H')).toHaveLength(1);
    expect(args.filter((a) => a === '--url')).toHaveLength(1);
  });
});
