import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { ApiClient, loginHeaders } from '@rayworks/api-client';
import { AUTH_API, GATEWAY_PORT, type UserSession } from '@rayworks/contracts';
import { TEST_PASSWORD, type EveryRoleTenant, type EveryRoleUser } from '@rayworks/testing';

/** Helpers of the DICOMweb integration specs: a DICOMweb client's requests, through the gateway, by hand. */
export const base = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}`;
export const dicomweb = `${base}/api/imaging/dicomweb`;
const client = new ApiClient({ baseUrl: base });

export const loginAs = (t: EveryRoleTenant, who: EveryRoleUser): Promise<UserSession> =>
  client.call(AUTH_API.login, {}, { headers: loginHeaders(t.login(who), TEST_PASSWORD) });

/** Only `Authorization: Bearer`, as DICOMweb clients send it. */
export const bearer = (s: UserSession): Record<string, string> => ({ Authorization: `Bearer ${s.token}` });

/** A STOW-RS body of these files (or raw parts). */
export async function stowBody(parts: (string | Buffer)[]): Promise<{ body: Buffer; contentType: string }> {
  const boundary = `it-${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const bytes = typeof part === 'string' ? await readFile(part) : part;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Type: application/dicom\r\n\r\n`), bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    body: Buffer.concat(chunks),
    contentType: `multipart/related; type="application/dicom"; boundary=${boundary}`,
  };
}

export async function stow(session: UserSession, files: (string | Buffer)[], study?: string) {
  const { body, contentType } = await stowBody(files);
  const res = await fetch(`${dicomweb}/studies${study ? `/${study}` : ''}`, {
    method: 'POST',
    headers: { ...bearer(session), 'Content-Type': contentType, Accept: 'application/dicom+json' },
    body,
  });
  return { status: res.status, json: (await res.json()) as Record<string, { vr: string; Value?: unknown[] }> };
}

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
