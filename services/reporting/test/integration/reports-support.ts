import zlib from 'node:zlib';
import { credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import { AUTH_API, ROLE_CODES } from '@rayworks/contracts';
import { everyRoleTenant, provisionTenant, tenantQuery, TEST_PASSWORD } from '@rayworks/testing';
import type { EveryRoleTenant } from '@rayworks/testing';
import { api } from '../support/cases.js';

export { api, base } from '../support/cases.js';

/**
 * Helpers of the reports' integration tests: the typed client at the gateway, a company of its own with a second
 * typist of centre c1, the events a service wrote for a case, a profile signature (studies arrive through
 * libs/testing's study arrivals).
 */

export interface ReportsTenant extends EveryRoleTenant {
  loginOf: (who: string) => string;
}

/** everyRoleTenant plus a second TYPIST of centre c1 (login `<name>.typist2`). */
export async function reportsTenant(label: string): Promise<ReportsTenant> {
  const t = await everyRoleTenant(label);
  const loginName = `${t.name}.typist2`;
  const spec = {
    ...t.spec,
    users: [
      ...(t.spec.users ?? []),
      {
        loginName,
        firstName: 'typist two',
        lastName: t.name,
        email: `${loginName}@test.rayworks.local`,
        role: ROLE_CODES.TYPIST,
        centres: ['c1'],
        password: TEST_PASSWORD,
        resetPassword: false,
      },
    ],
  };
  const provisioned = await provisionTenant(spec);
  return { ...t, ...provisioned, spec, loginOf: (who: string) => `${t.name}.${who}` };
}

export async function signIn(t: ReportsTenant, who: string): Promise<Credentials> {
  return credentialsOf(await api.call(AUTH_API.login, {}, { headers: loginHeaders(t.loginOf(who), TEST_PASSWORD) }));
}

/** The types of the events a service wrote for a case, in order (its outbox, key = case id). */
export async function outboxTypes(schema: 'cases' | 'reporting', tenantId: string, caseId: string): Promise<string[]> {
  const rows = await tenantQuery<{ type: string }>(
    tenantId,
    `SELECT envelope->>'type' AS type FROM ${schema}.outbox WHERE message_key = $1 ORDER BY id`,
    [caseId],
  );
  return rows.map((r) => r.type);
}

/** A small PNG (a grey stroke on white), as a profile signature. */
export function signaturePng(): Buffer {
  const width = 64;
  const height = 16;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width, 255);
    row[0] = 0;
    for (let x = 0; x < width; x++) if (Math.abs(y - 8 - Math.round(4 * Math.sin(x / 5))) <= 1) row[1 + x] = 40;
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Gives the signed-in user a signature image in their profile (presigned PUT, then /profile/signature). */
export async function uploadSignature(session: Credentials): Promise<string> {
  const png = signaturePng();
  const { uploadUrl, fileID } = await api.call(
    AUTH_API.signatureUploadUrl,
    { contentType: 'image/png', size: png.length },
    { session },
  );
  const put = await fetch(uploadUrl, { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: png });
  if (!put.ok) throw new Error(`signature upload answered ${put.status}`);
  await api.call(AUTH_API.setSignature, { fileID }, { session });
  return fileID;
}
