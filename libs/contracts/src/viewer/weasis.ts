/**
 * The Weasis link (docs/decisions/0164-study-token.md): `weasis://?<the URL-encoded launch command>`, the command
 * `$dicom:rs --url "<DICOMweb base URL>" -r "studyUID=<uid>" ... -H "Authorization: Bearer <token>"` (Weasis' DICOMweb
 * retrieve: the archive's address, one -r per study, the header every request sends). Every value is double-quoted
 * and checked: a UID is digits and dots, the token is base64url and dots, the URL is an absolute http(s) address with
 * no quote, backslash, whitespace or control character, so nothing in them can end an argument early or add one.
 */
export interface WeasisLinkInput {
  /** The absolute DICOMweb base URL, e.g. https://rayworks.example/api/imaging/dicomweb. */
  dicomwebUrl: string;
  studyInstanceUids: readonly string[];
  token: string;
}

const UID = /^[0-9]+(\.[0-9]+)*$/;
const TOKEN = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$/;

export class WeasisLinkError extends Error {}

function checkedUrl(text: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new WeasisLinkError(`not an absolute URL: ${text}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new WeasisLinkError(`not http(s): ${text}`);
  // URL keeps what it was given in most places: refuse outright anything that could close or split the argument.
  if (/["'\\\s`$]/.test(text) || [...text].some((ch) => ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f))
    throw new WeasisLinkError('the DICOMweb URL holds a quote, backslash, space or control character');
  return text.replace(/\/+$/, '');
}

/** The Weasis launch command (before URL encoding). */
export function weasisCommand({ dicomwebUrl, studyInstanceUids, token }: WeasisLinkInput): string {
  const url = checkedUrl(dicomwebUrl);
  if (studyInstanceUids.length === 0) throw new WeasisLinkError('no study to open');
  for (const uid of studyInstanceUids)
    if (uid.length > 64 || !UID.test(uid)) throw new WeasisLinkError(`not a UID: ${uid}`);
  if (!TOKEN.test(token)) throw new WeasisLinkError('the token is not a JWT');
  return [
    '$dicom:rs',
    `--url "${url}"`,
    ...studyInstanceUids.map((uid) => `-r "studyUID=${uid}"`),
    `-H "Authorization: Bearer ${token}"`,
  ].join(' ');
}

/** `weasis://?` and the URL-encoded launch command. */
export function weasisLink(input: WeasisLinkInput): string {
  return `weasis://?${encodeURIComponent(weasisCommand(input))}`;
}
