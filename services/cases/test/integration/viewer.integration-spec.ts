import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import {
  AUTH_API,
  AUTH_MESSAGES,
  CASES_API,
  GATEWAY_PORT,
  IMAGING_API,
  VIEWER_DICOMWEB_PATH,
  VIEWER_MESSAGES,
  type Case,
  type MarketplaceChange,
  type ViewerAnnotation,
  type ViewerOpen,
} from '@rayworks/contracts';
import { StudyTokens } from '@rayworks/nest-kit';
import {
  buildStudyFolder,
  eventually,
  everyRoleTenant,
  localViewerTokenSecret,
  marketplaceRadiologist,
  stowFiles,
  type BuiltStudy,
  type EveryRoleTenant,
} from '@rayworks/testing';
import { api, base, caseIdOfStudy, signIn } from './worklist-support.js';

/**
 * The viewer's server side against the running system (docs/decisions/0163..0165): a case opens with a study token
 * that reaches through the gateway exactly the case's study and its priors (WADO-RS, QIDO), never another study of
 * the company, never STOW or another route, and not after its lifetime; priors are the same patient's studies of the
 * same company only; another company's user gets 404; a marketplace radiologist opens an offered case; annotations
 * are kept with the case.
 */
/** The console's configured address (PUBLIC_BASE_URL, as npm start gives every process): the Weasis link's base. */
const publicBase = (process.env.PUBLIC_BASE_URL ?? `http://localhost:${GATEWAY_PORT}`).replace(/\/+$/, '');

describe('viewer', () => {
  const dicomweb = `${base}${VIEWER_DICOMWEB_PATH}`;
  let a: EveryRoleTenant;
  let b: EveryRoleTenant;
  let adminA: Credentials;
  let gcaA: Credentials;
  let adminB: Credentials;
  let gcaB: Credentials;
  let dir: string;
  const patient = `VWR-${Date.now()}`;
  let current: BuiltStudy;
  let prior: BuiltStudy;
  let otherPatient: BuiltStudy;
  let otherCompany: BuiltStudy;
  let caseId: string;
  let opened: ViewerOpen;

  const store = async (who: Credentials, name: string, attrs: Parameters<typeof buildStudyFolder>[1]) => {
    const built = await buildStudyFolder(path.join(dir, name), { series: ['ct'], ...attrs });
    const { status } = await stowFiles(dicomweb, who.token, built.files);
    expect(status).toBe(200);
    return built;
  };
  const get = (url: string, token: string, accept = 'application/dicom+json') =>
    fetch(url, { headers: { Authorization: `Bearer ${token}`, Accept: accept } });
  const open = (session: Credentials, id: string) => api.reply(CASES_API.openViewer, { caseId: id }, { session });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'rayworks-viewer-it-'));
    [a, b] = await Promise.all([everyRoleTenant('viewer-a'), everyRoleTenant('viewer-b')]);
    [adminA, gcaA, adminB, gcaB] = await Promise.all([
      signIn(a, 'admin'),
      signIn(a, 'gca'),
      signIn(b, 'admin'),
      signIn(b, 'gca'),
    ]);
    current = await store(gcaA, 'current', {
      patientId: patient,
      patientName: 'Viewer^Current',
      studyDate: '20260301',
    });
    prior = await store(gcaA, 'prior', { patientId: patient, patientName: 'Viewer^Current', studyDate: '20250301' });
    otherPatient = await store(gcaA, 'other', { patientId: `${patient}-X`, studyDate: '20260302' });
    otherCompany = await store(gcaB, 'company-b', { patientId: patient, studyDate: '20240101' });
    caseId = await caseIdOfStudy(a.tenantId, current.studyInstanceUid);
    await Promise.all([
      caseIdOfStudy(a.tenantId, prior.studyInstanceUid),
      caseIdOfStudy(b.tenantId, otherCompany.studyInstanceUid),
    ]);
  }, 180_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('opens a case: its study, patient, priors of the same patient in the same company, a study token, the Weasis link', async () => {
    const reply = await open(adminA, caseId);
    expect(reply.status).toBe(200);
    opened = reply.body.data as ViewerOpen;
    expect(opened.caseId).toBe(caseId);
    expect(opened.studyInstanceUid).toBe(current.studyInstanceUid);
    expect(opened.patient.id).toBe(patient);
    expect(opened.seriesInstanceUids).toBeNull();
    expect(typeof opened.cloudUploading).toBe('boolean');
    expect(opened.dicomweb.url).toBe(VIEWER_DICOMWEB_PATH);
    const ttl = new Date(opened.dicomweb.expiresAt).getTime() - Date.now();
    expect(ttl).toBeGreaterThan(800_000);
    expect(ttl).toBeLessThanOrEqual(900_000);
    // same patient ID, same company, another study: the prior alone (not the other patient, not company B's)
    expect(opened.priors.map((p) => p.studyInstanceUid)).toEqual([prior.studyInstanceUid]);
    expect(opened.priors[0]!.caseId).toEqual(expect.any(String));
    // the Weasis link carries the configured public DICOMweb URL, the study and the same token
    const command = decodeURIComponent(opened.weasisUrl.slice('weasis://?'.length));
    expect(command).toContain(`--url "${publicBase}${VIEWER_DICOMWEB_PATH}"`);
    expect(command).toContain(`-r "studyUID=${current.studyInstanceUid}"`);
    expect(command).toContain(`-H "Authorization: Bearer ${opened.dicomweb.token}"`);
  });

  it('builds the Weasis link from the configured public URL, never from a forged Host (0220)', async () => {
    const forged = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest(
        `${base}/api/cases/cases/viewer/open`,
        {
          method: 'POST',
          headers: {
            host: 'evil.example',
            'x-forwarded-host': 'evil.example',
            'x-forwarded-proto': 'https',
            'content-type': 'application/json',
            authorization: `Bearer ${adminA.token}`,
            'x-session-token': adminA.sessionToken,
          },
        },
        (res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        },
      );
      req.on('error', reject);
      req.end(JSON.stringify({ caseId }));
    });
    expect(forged.status).toBe(200);
    const weasisUrl = (JSON.parse(forged.body) as { data: ViewerOpen }).data.weasisUrl;
    const command = decodeURIComponent(weasisUrl.slice('weasis://?'.length));
    expect(command).not.toContain('evil.example');
    expect(command).toContain(`--url "${publicBase}${VIEWER_DICOMWEB_PATH}"`);
  });

  it("the token reaches the case's study and its prior through the gateway (WADO-RS metadata, frames)", async () => {
    const token = opened.dicomweb.token;
    const metadata = await get(`${dicomweb}/studies/${current.studyInstanceUid}/metadata`, token);
    expect(metadata.status).toBe(200);
    const instances = (await metadata.json()) as unknown[];
    expect(instances.length).toBe(current.instances.length);
    const s = current.instances[0]!;
    const series = await get(
      `${dicomweb}/studies/${current.studyInstanceUid}/series/${s.seriesInstanceUid}/metadata`,
      token,
    );
    expect(series.status).toBe(200);
    const frame = await get(
      `${dicomweb}/studies/${current.studyInstanceUid}/series/${s.seriesInstanceUid}/instances/${s.sopInstanceUid}/frames/1`,
      token,
      'multipart/related; type="application/octet-stream"; transfer-syntax=*',
    );
    expect(frame.status).toBe(200);
    const rendered = await get(
      `${dicomweb}/studies/${current.studyInstanceUid}/series/${s.seriesInstanceUid}/instances/${s.sopInstanceUid}/rendered`,
      token,
      'image/jpeg',
    );
    expect(rendered.status).toBe(200);
    expect(rendered.headers.get('content-type')).toContain('image/jpeg');
    expect((await get(`${dicomweb}/studies/${prior.studyInstanceUid}/metadata`, token)).status).toBe(200);
  });

  it('another study of the same company is 404 with the token, as for a study out of reach', async () => {
    const token = opened.dicomweb.token;
    expect((await get(`${dicomweb}/studies/${otherPatient.studyInstanceUid}/metadata`, token)).status).toBe(404);
    expect((await get(`${dicomweb}/studies/${otherCompany.studyInstanceUid}/metadata`, token)).status).toBe(404);
    // the same user's own access token does reach it: the limit is the token's
    expect((await get(`${dicomweb}/studies/${otherPatient.studyInstanceUid}/metadata`, adminA.token)).status).toBe(200);
  });

  it("frames and bulk data (one narrow query, decision 0171) keep the token's limit, the UIDs' nesting and the company", async () => {
    const token = opened.dicomweb.token;
    const octets = 'multipart/related; type="application/octet-stream"; transfer-syntax=*';
    const instance = (study: BuiltStudy, i = study.instances[0]!) =>
      `${dicomweb}/studies/${study.studyInstanceUid}/series/${i.seriesInstanceUid}/instances/${i.sopInstanceUid}`;
    const own = await get(`${instance(current)}/frames/1`, token, octets);
    expect(own.status).toBe(200);
    // a known length (no chunked answer), the frame's bytes inside
    expect(Number(own.headers.get('content-length'))).toBe((await own.arrayBuffer()).byteLength);
    expect((await get(`${instance(current)}/bulkdata/7FE00010`, token, octets)).status).toBe(200);
    // another study of the company, another company's: 404 with the token; the user's own token reaches the first
    expect((await get(`${instance(otherPatient)}/frames/1`, token, octets)).status).toBe(404);
    expect((await get(`${instance(otherPatient)}/bulkdata/7FE00010`, token, octets)).status).toBe(404);
    expect((await get(`${instance(otherCompany)}/frames/1`, token, octets)).status).toBe(404);
    expect((await get(`${instance(otherCompany)}/frames/1`, adminA.token, octets)).status).toBe(404);
    expect((await get(`${instance(otherPatient)}/frames/1`, adminA.token, octets)).status).toBe(200);
    // the token's study in the path, another study's instance under it: 404 (series and instance must be the study's)
    const foreign = otherPatient.instances[0]!;
    expect(
      (
        await get(
          `${dicomweb}/studies/${current.studyInstanceUid}/series/${foreign.seriesInstanceUid}/instances/${foreign.sopInstanceUid}/frames/1`,
          token,
          octets,
        )
      ).status,
    ).toBe(404);
    const s = current.instances[0]!;
    expect(
      (
        await get(
          `${dicomweb}/studies/${current.studyInstanceUid}/series/${s.seriesInstanceUid}/instances/${foreign.sopInstanceUid}/frames/1`,
          token,
          octets,
        )
      ).status,
    ).toBe(404);
  });

  it("QIDO with the token lists only the token's studies", async () => {
    const res = await get(`${dicomweb}/studies?limit=1000`, opened.dicomweb.token);
    expect(res.status).toBe(200);
    const uids = ((await res.json()) as Array<Record<string, { Value?: string[] }>>).map(
      (s) => s['0020000D']!.Value![0],
    );
    expect(uids.sort()).toEqual([current.studyInstanceUid, prior.studyInstanceUid].sort());
    const series = await get(`${dicomweb}/series?limit=1000`, opened.dicomweb.token);
    const seriesStudies = new Set(
      ((await series.json()) as Array<Record<string, { Value?: string[] }>>).map((s) => s['0020000D']!.Value![0]),
    );
    expect([...seriesStudies].sort()).toEqual([current.studyInstanceUid, prior.studyInstanceUid].sort());
  });

  it('STOW and every non-DICOMweb route refuse the token (401)', async () => {
    const stow = await stowFiles(dicomweb, opened.dicomweb.token, current.files.slice(0, 1));
    expect(stow.status).toBe(401);
    const study = await api.reply(CASES_API.openViewer, { caseId }, { session: { token: opened.dicomweb.token } });
    expect(study.status).toBe(401);
    const findOne = await api.reply(
      CASES_API.findOneCase,
      { _id: caseId },
      { session: { token: opened.dicomweb.token } },
    );
    expect(findOne.status).toBe(401);
    // imaging's own JSON API (not DICOMweb) refuses it too
    const studies = await api.reply(IMAGING_API.getStudies, {} as never, { session: { token: opened.dicomweb.token } });
    expect(studies.status).toBe(401);
  });

  it('a token past its exp is refused with the viewer-link-expired message; a forged one is refused', async () => {
    const tokens = new StudyTokens(localViewerTokenSecret());
    const { token } = await tokens.sign(
      {
        userId: randomUUID(),
        loginName: 'expired@test',
        tenantId: a.tenantId,
        caseId,
        studies: [current.studyInstanceUid],
      },
      new Date(Date.now() - 3_600_000),
    );
    const res = await get(`${dicomweb}/studies/${current.studyInstanceUid}/metadata`, token);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { message: string }).message).toBe(VIEWER_MESSAGES.linkExpired);
    const forged = await new StudyTokens('x'.repeat(40)).sign({
      userId: randomUUID(),
      loginName: 'forged@test',
      tenantId: a.tenantId,
      caseId,
      studies: [otherPatient.studyInstanceUid],
    });
    const refused = await get(`${dicomweb}/studies/${otherPatient.studyInstanceUid}/metadata`, forged.token);
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { message: string }).message).toBe(AUTH_MESSAGES.unauthorized);
  });

  it("another company's user, and a user of the company outside the case's centre, get 404", async () => {
    expect((await open(adminB, caseId)).status).toBe(404);
    const otherCentre = await signIn(a, 'centre.admin');
    expect((await open(otherCentre, caseId)).status).toBe(404);
    expect((await api.reply(CASES_API.findViewerAnnotations, { caseId }, { session: otherCentre })).status).toBe(404);
  });

  it('without WORKLIST › COMPARE_STUDIES: no priors, and the token reaches the case study alone', async () => {
    const reception = await signIn(a, 'reception');
    const reply = await open(reception, caseId);
    expect(reply.status).toBe(200);
    const view = reply.body.data as ViewerOpen;
    expect(view.priors).toEqual([]);
    expect((await get(`${dicomweb}/studies/${current.studyInstanceUid}/metadata`, view.dicomweb.token)).status).toBe(
      200,
    );
    expect((await get(`${dicomweb}/studies/${prior.studyInstanceUid}/metadata`, view.dicomweb.token)).status).toBe(404);
  });

  it('annotations are kept with the case: save, find, update, delete; another company → 404; limits → 400', async () => {
    const s = current.instances[0]!;
    const annotation: ViewerAnnotation = {
      id: randomUUID(),
      kind: 'measurement',
      toolName: 'Length',
      studyInstanceUid: current.studyInstanceUid,
      seriesInstanceUid: s.seriesInstanceUid,
      sopInstanceUid: s.sopInstanceUid,
      frameNumber: null,
      label: 'Lesion',
      value: '42.1 mm',
      data: {
        handles: {
          points: [
            [0, 0, 0],
            [42.1, 0, 0],
          ],
        },
      },
    };
    const saved = await api.reply(CASES_API.saveViewerAnnotation, { caseId, annotation }, { session: adminA });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(VIEWER_MESSAGES.annotationSaved);
    expect(saved.body.data).toMatchObject({ id: annotation.id, value: '42.1 mm', createdBy: expect.any(String) });

    const updated = await api.call(
      CASES_API.saveViewerAnnotation,
      { caseId, annotation: { ...annotation, value: '43.0 mm' } },
      { session: gcaA },
    );
    expect(updated.value).toBe('43.0 mm');
    const found = await api.call(CASES_API.findViewerAnnotations, { caseId }, { session: adminA });
    expect(found.annotations).toHaveLength(1);
    expect(found.annotations[0]).toMatchObject({ id: annotation.id, value: '43.0 mm', data: annotation.data });

    // a key image on the prior is allowed; on a study of another patient it is not
    const onPrior = {
      ...annotation,
      id: randomUUID(),
      kind: 'keyImage' as const,
      toolName: 'KeyImage',
      studyInstanceUid: prior.studyInstanceUid,
    };
    expect(
      (await api.reply(CASES_API.saveViewerAnnotation, { caseId, annotation: onPrior }, { session: adminA })).status,
    ).toBe(200);
    const elsewhere = { ...annotation, id: randomUUID(), studyInstanceUid: otherPatient.studyInstanceUid };
    expect(
      (await api.reply(CASES_API.saveViewerAnnotation, { caseId, annotation: elsewhere }, { session: adminA })).status,
    ).toBe(400);
    // a large Cornerstone state within the limit is kept whole
    const large = { ...annotation, id: randomUUID(), data: { blob: 'y'.repeat(60_000) } };
    const largeSaved = await api.reply(
      CASES_API.saveViewerAnnotation,
      { caseId, annotation: large },
      { session: adminA },
    );
    expect(largeSaved.status).toBe(200);
    expect(((largeSaved.body.data as ViewerAnnotation).data.blob as string).length).toBe(60_000);
    expect(
      (await api.reply(CASES_API.deleteViewerAnnotation, { caseId, id: large.id }, { session: adminA })).status,
    ).toBe(200);
    // too large a data object, too long a label
    const big = { ...annotation, id: randomUUID(), data: { blob: 'x'.repeat(70_000) } };
    expect(
      (await api.reply(CASES_API.saveViewerAnnotation, { caseId, annotation: big }, { session: adminA })).status,
    ).toBe(400);
    const long = { ...annotation, id: randomUUID(), label: 'x'.repeat(201) };
    expect(
      (await api.reply(CASES_API.saveViewerAnnotation, { caseId, annotation: long }, { session: adminA })).status,
    ).toBe(400);

    // another company's user: 404 for every call
    expect((await api.reply(CASES_API.findViewerAnnotations, { caseId }, { session: adminB })).status).toBe(404);
    expect((await api.reply(CASES_API.saveViewerAnnotation, { caseId, annotation }, { session: adminB })).status).toBe(
      404,
    );
    expect(
      (await api.reply(CASES_API.deleteViewerAnnotation, { caseId, id: annotation.id }, { session: adminB })).status,
    ).toBe(404);

    const deleted = await api.reply(
      CASES_API.deleteViewerAnnotation,
      { caseId, id: annotation.id },
      { session: adminA },
    );
    expect(deleted.status).toBe(200);
    expect(deleted.body.data).toEqual({ id: annotation.id });
    expect(
      (await api.reply(CASES_API.deleteViewerAnnotation, { caseId, id: annotation.id }, { session: adminA })).status,
    ).toBe(404);
    const after = await api.call(CASES_API.findViewerAnnotations, { caseId }, { session: adminA });
    expect(after.annotations.map((x) => x.id)).toEqual([onPrior.id]);
  });

  it("a marketplace radiologist opens an offered case: the token carries the case's company", async () => {
    const offeredStudy = await store(gcaA, 'offered', { patientId: `${patient}-M`, studyDate: '20260303' });
    const offeredId = await caseIdOfStudy(a.tenantId, offeredStudy.studyInstanceUid);
    const c = await eventually(
      () => api.call(CASES_API.findOneCase, { _id: offeredId }, { session: adminA }),
      (x: Case) => x.status === 'NEW',
      { what: 'the offered case as NEW' },
    );
    const offer = await api.reply(CASES_API.offerToMarketplace, { _id: c._id, version: c.version } as never, {
      session: adminA,
    });
    expect(offer.status).toBe(200);
    expect((offer.body.data as MarketplaceChange).case.workflowType).toBe('Marketplace');
    const mp = await marketplaceRadiologist('viewer-mp');
    const session = credentialsOf(
      await api.call(AUTH_API.login, {}, { headers: loginHeaders(mp.loginName, mp.password) }),
    );
    const reply = await open(session, offeredId);
    expect(reply.status).toBe(200);
    const view = reply.body.data as ViewerOpen;
    const res = await get(`${dicomweb}/studies/${offeredStudy.studyInstanceUid}/metadata`, view.dicomweb.token);
    expect(res.status).toBe(200);
    // and nothing else of the company
    expect((await open(session, caseId)).status).toBe(404);
    expect((await get(`${dicomweb}/studies/${current.studyInstanceUid}/metadata`, view.dicomweb.token)).status).toBe(
      404,
    );
  });
});
