import { readFile } from 'node:fs/promises';
import { ApiClient, loginHeaders } from '@rayworks/api-client';
import { AUTH_API, GATEWAY_PORT, type UserSession } from '@rayworks/contracts';
import { stowFiles, TEST_PASSWORD, type EveryRoleTenant, type EveryRoleUser } from '@rayworks/testing';

/** Helpers of the DICOMweb integration specs: a DICOMweb client's requests, through the gateway, by hand. */
export const base = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}`;
export const dicomweb = `${base}/api/imaging/dicomweb`;
const client = new ApiClient({ baseUrl: base });

export const loginAs = (t: EveryRoleTenant, who: EveryRoleUser): Promise<UserSession> =>
  client.call(AUTH_API.login, {}, { headers: loginHeaders(t.login(who), TEST_PASSWORD) });

/** Only `Authorization: Bearer`, as DICOMweb clients send it. */
export const bearer = (s: UserSession): Record<string, string> => ({ Authorization: `Bearer ${s.token}` });

export { stowBody } from '@rayworks/testing';

export const stow = (session: UserSession, files: (string | Buffer)[], study?: string) =>
  stowFiles(dicomweb, session.token, files, study);

export async function getJson(session: UserSession, path: string, accept = 'application/dicom+json') {
  const res = await fetch(`${dicomweb}${path}`, { headers: { ...bearer(session), Accept: accept } });
  const text = await res.text();
  return { status: res.status, headers: res.headers, json: text ? (JSON.parse(text) as unknown) : null };
}

export async function getBytes(session: UserSession, path: string, accept: string) {
  const res = await fetch(`${dicomweb}${path}`, { headers: { ...bearer(session), Accept: accept } });
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? '',
    body: Buffer.from(await res.arrayBuffer()),
  };
}

/** The parts of a multipart/related answer (a reader independent of the server's writer). */
export function multipartParts(body: Buffer, contentType: string): { headers: Record<string, string>; body: Buffer }[] {
  const boundary = /boundary="?([^";]+)"?/.exec(contentType)?.[1];
  if (!boundary) throw new Error(`no boundary in ${contentType}`);
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: { headers: Record<string, string>; body: Buffer }[] = [];
  let at = body.indexOf(delimiter);
  while (at >= 0) {
    const after = at + delimiter.length;
    if (body.subarray(after, after + 2).toString() === '--') break;
    const headerEnd = body.indexOf('\r\n\r\n', after);
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headerEnd);
    const headers: Record<string, string> = {};
    for (const line of body
      .subarray(after + 2, headerEnd)
      .toString('latin1')
      .split('\r\n')) {
      const i = line.indexOf(':');
      if (i > 0) headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
    }
    parts.push({ headers, body: body.subarray(headerEnd + 4, next) });
    at = next + 2;
  }
  return parts;
}

/** A stored file's expected bytes: the original with its 128-byte preamble zeroed (CVE-2019-11687). */
export async function storedBytesOf(path: string): Promise<Buffer> {
  const bytes = await readFile(path);
  bytes.fill(0, 0, 128);
  return bytes;
}
