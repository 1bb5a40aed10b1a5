import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { UserSession } from '@rayworks/contracts';
import {
  buildStudyFolder,
  everyRoleTenant,
  FIXTURE_TRANSFER_SYNTAXES,
  newDicomUid,
  type BuiltSeries,
  type BuiltStudy,
  type EveryRoleTenant,
} from '@rayworks/testing';
import { getBytes, loginAs, multipartParts, stow } from './dicomweb-support.js';

/**
 * The viewer's batched frames retrieve (docs/decisions/0330): `GET …/series/{uid}/pixeldata?instances=…` gives
 * every frame of the instances named, in the order named, one part each with its frame's Content-Location, the same
 * bytes as the one-frame route; reach is checked once for the request (another company's or centre's series, or an
 * instance of another series, is 404), a bad list is 400, and the OpenAPI document lists every status.
 */
const OCTETS_ANY = 'multipart/related; type="application/octet-stream"; transfer-syntax=*';
const NATIVE = 'multipart/related; type="application/octet-stream"';

describe('WADO-RS: many instances’ frames in one answer', () => {
  let a: EveryRoleTenant;
  let b: EveryRoleTenant;
  let dir: string;
  let study: BuiltStudy;
  let stack: BuiltSeries;
  let compressed: BuiltSeries;
  let adminA: UserSession;
  let centreAdminC3: UserSession;
  let adminB: UserSession;
  const seriesPath = (series: BuiltSeries) => `/studies/${study.studyInstanceUid}/series/${series.seriesInstanceUid}`;

  beforeAll(async () => {
    [a, b] = await Promise.all([everyRoleTenant('sfa'), everyRoleTenant('sfb')]);
    dir = await mkdtemp(path.join(tmpdir(), 'series-frames-it-'));
    study = await buildStudyFolder(path.join(dir, 's'), { series: [{ kind: 'mr-stack', copies: 5 }, 'ct-j2k'] });
    stack = study.series[0]!;
    compressed = study.series[1]!;
    const reception = await loginAs(a, 'reception');
    expect((await stow(reception, study.files)).status).toBe(200);
    [adminA, centreAdminC3, adminB] = await Promise.all([
      loginAs(a, 'admin'),
      loginAs(a, 'centre.admin'),
      loginAs(b, 'admin'),
    ]);
  }, 180_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('gives the frames of the instances named, in that order, each the bytes of the one-frame route', async () => {
    const asked = [...stack.instances].reverse().slice(0, 4);
    const res = await getBytes(
      adminA,
      `${seriesPath(stack)}/pixeldata?instances=${asked.map((i) => i.sopInstanceUid).join(',')}`,
      OCTETS_ANY,
    );
    expect(res.status).toBe(200);
    expect(res.contentType).toMatch(/^multipart\/related; type="application\/octet-stream"; boundary=/);
    const parts = multipartParts(res.body, res.contentType);
    expect(parts.map((p) => p.headers['content-location'])).toEqual(
      asked.map((i) => `/api/imaging/dicomweb${seriesPath(stack)}/instances/${i.sopInstanceUid}/frames/1`),
    );
    for (const [k, instance] of asked.entries()) {
      const one = await getBytes(
        adminA,
        `${seriesPath(stack)}/instances/${instance.sopInstanceUid}/frames/1`,
        OCTETS_ANY,
      );
      const [frame] = multipartParts(one.body, one.contentType);
      expect(parts[k]!.headers['content-type']).toBe(frame!.headers['content-type']);
      expect(parts[k]!.headers['content-length']).toBe(String(frame!.body.length));
      expect(parts[k]!.body.equals(frame!.body)).toBe(true);
    }
  });

  it('gives every instance of the series by instance number when none is named', async () => {
    const res = await getBytes(adminA, `${seriesPath(stack)}/pixeldata`, OCTETS_ANY);
    expect(res.status).toBe(200);
    const locations = multipartParts(res.body, res.contentType).map((p) => p.headers['content-location']);
    const byNumber = [...stack.instances].sort((x, y) => x.instanceNumber - y.instanceNumber);
    expect(locations).toEqual(
      byNumber.map((i) => `/api/imaging/dicomweb${seriesPath(stack)}/instances/${i.sopInstanceUid}/frames/1`),
    );
  });

  it('gives compressed frames as stored with transfer-syntax=*, decoded when native frames are asked, 406 otherwise', async () => {
    const sops = compressed.instances.map((i) => i.sopInstanceUid).join(',');
    const stored = await getBytes(adminA, `${seriesPath(compressed)}/pixeldata?instances=${sops}`, OCTETS_ANY);
    expect(stored.status).toBe(200);
    const [storedFrame] = multipartParts(stored.body, stored.contentType);
    const first = compressed.instances[0]!;
    const one = await getBytes(
      adminA,
      `${seriesPath(compressed)}/instances/${first.sopInstanceUid}/frames/1`,
      OCTETS_ANY,
    );
    const [oneFrame] = multipartParts(one.body, one.contentType);
    expect(storedFrame!.headers['content-type']).toBe(oneFrame!.headers['content-type']);
    expect(storedFrame!.headers['content-type']).toContain(`transfer-syntax=${first.transferSyntaxUid}`);
    expect(storedFrame!.body.equals(oneFrame!.body)).toBe(true);
    const native = await getBytes(adminA, `${seriesPath(compressed)}/pixeldata?instances=${sops}`, NATIVE);
    expect(native.status).toBe(200);
    const [nativeFrame] = multipartParts(native.body, native.contentType);
    expect(nativeFrame!.headers['content-type']).toBe(
      `application/octet-stream; transfer-syntax=${FIXTURE_TRANSFER_SYNTAXES.explicitLittleEndian}`,
    );
    expect(nativeFrame!.body.length).toBeGreaterThan(storedFrame!.body.length);
    expect((await getBytes(adminA, `${seriesPath(compressed)}/pixeldata`, 'image/png')).status).toBe(406);
  });

  it("answers 404 for another company's or another centre's series, and for an instance of another series", async () => {
    const sops = stack.instances.map((i) => i.sopInstanceUid).join(',');
    expect((await getBytes(adminB, `${seriesPath(stack)}/pixeldata?instances=${sops}`, OCTETS_ANY)).status).toBe(404);
    expect((await getBytes(adminB, `${seriesPath(stack)}/pixeldata`, OCTETS_ANY)).status).toBe(404);
    expect((await getBytes(centreAdminC3, `${seriesPath(stack)}/pixeldata?instances=${sops}`, OCTETS_ANY)).status).toBe(
      404,
    );
    const other = compressed.instances[0]!.sopInstanceUid;
    expect(
      (await getBytes(adminA, `${seriesPath(stack)}/pixeldata?instances=${sops},${other}`, OCTETS_ANY)).status,
    ).toBe(404);
    expect(
      (await getBytes(adminA, `${seriesPath(stack)}/pixeldata?instances=${newDicomUid()}`, OCTETS_ANY)).status,
    ).toBe(404);
  });

  it('refuses a bad instance list with 400 naming the parameter', async () => {
    const sop = stack.instances[0]!.sopInstanceUid;
    const bad = async (list: string) => {
      const res = await getBytes(adminA, `${seriesPath(stack)}/pixeldata?instances=${list}`, OCTETS_ANY);
      expect(res.status).toBe(400);
      expect(res.body.toString('utf8')).toContain('instances');
    };
    await bad('not-a-uid');
    await bad(`${sop},${sop}`);
    await bad('');
    await bad(Array.from({ length: 101 }, () => newDicomUid()).join(','));
  });

  it('documents every status the route answers in the OpenAPI document', () => {
    const document = JSON.parse(
      readFileSync(fileURLToPath(new URL('../../openapi.json', import.meta.url)), 'utf8'),
    ) as { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
    const route = Object.entries(document.paths).find(([p]) => p.endsWith('/series/{series}/pixeldata'));
    expect(route).toBeDefined();
    expect(Object.keys(route![1]['get']!.responses).sort()).toEqual(
      expect.arrayContaining(['200', '400', '401', '403', '404', '406']),
    );
  });
});
