import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';

/**
 * A STOW-RS client (PS3.18 10.5), by hand, as a DICOMweb client sends it: one multipart/related body of
 * application/dicom parts, the access token alone. The DICOMweb specs and the demo's study seed store through it.
 */
export async function stowBody(parts: (string | Buffer)[]): Promise<{ body: Buffer; contentType: string }> {
  const boundary = `rw-${randomBytes(8).toString('hex')}`;
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

/** Stores these files (paths or bytes) at `<dicomweb>/studies[/<study>]`; answers the status and the DICOM JSON. */
export async function stowFiles(dicomweb: string, token: string, files: (string | Buffer)[], study?: string) {
  const { body, contentType } = await stowBody(files);
  const res = await fetch(`${dicomweb}/studies${study ? `/${study}` : ''}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': contentType, Accept: 'application/dicom+json' },
    body: new Uint8Array(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, { vr: string; Value?: unknown[] }> };
}
