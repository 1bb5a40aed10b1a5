import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Credentials } from '@rayworks/api-client';
import {
  CASES_API,
  HANGING_MESSAGES,
  VIEWER_DICOMWEB_PATH,
  type HangingProtocol,
  type HangingRule,
} from '@rayworks/contracts';
import { buildStudyFolder, everyRoleTenant, stowFiles, type EveryRoleTenant } from '@rayworks/testing';
import { api, base, caseIdOfStudy, signIn } from './worklist-support.js';

/**
 * A centre's hanging protocols against the running system (docs/decisions/0359): saved for the case's centre by a
 * caller who may change the centre (CENTERS › EDIT, the centre in reach), one per modality and body part (saving
 * again replaces), validated, read by whoever opens the centre's case, and never another company's.
 */
describe('hanging protocols', () => {
  let a: EveryRoleTenant;
  let b: EveryRoleTenant;
  let gcaA: Credentials;
  let adminA: Credentials;
  let radiologistA: Credentials;
  let centreAdminC3: Credentials;
  let adminB: Credentials;
  let dir: string;
  let caseA: string;
  let caseB: string;

  const find = (who: Credentials, caseId: string) =>
    api.reply(CASES_API.findHangingProtocols, { caseId }, { session: who });
  const save = (who: Credentials, caseId: string, rule: unknown) =>
    api.reply(CASES_API.saveHangingProtocol, { caseId, rule } as never, { session: who });
  const chestMpr: HangingRule = {
    modality: 'CT',
    bodyPart: 'CHEST',
    layout: 'mpr',
    viewports: [{ study: 'current', series: 0 }],
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'rayworks-hanging-it-'));
    [a, b] = await Promise.all([everyRoleTenant('hanging-a'), everyRoleTenant('hanging-b')]);
    [gcaA, adminA, radiologistA, centreAdminC3, adminB] = await Promise.all([
      signIn(a, 'gca'),
      signIn(a, 'admin'),
      signIn(a, 'radiologist'),
      signIn(a, 'centre.admin'),
      signIn(b, 'admin'),
    ]);
    const gcaB = await signIn(b, 'gca');
    const dicomweb = `${base}${VIEWER_DICOMWEB_PATH}`;
    const studyA = await buildStudyFolder(path.join(dir, 'a'), { series: ['ct'], patientId: `HP-${Date.now()}` });
    const studyB = await buildStudyFolder(path.join(dir, 'b'), { series: ['ct'], patientId: `HPB-${Date.now()}` });
    expect((await stowFiles(dicomweb, gcaA.token, studyA.files)).status).toBe(200);
    expect((await stowFiles(dicomweb, gcaB.token, studyB.files)).status).toBe(200);
    [caseA, caseB] = await Promise.all([
      caseIdOfStudy(a.tenantId, studyA.studyInstanceUid),
      caseIdOfStudy(b.tenantId, studyB.studyInstanceUid),
    ]);
  }, 180_000);

  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('starts with none, and a reader without CENTERS › EDIT may not save one', async () => {
    const none = await find(gcaA, caseA);
    expect(none.status).toBe(200);
    // the case's modality and body part come with them (the viewer matches against these)
    expect(none.body.data).toMatchObject({ modality: 'CT', protocols: [] });
    expect((await save(radiologistA, caseA, chestMpr)).status).toBe(403);
    expect(((await find(gcaA, caseA)).body.data as { protocols: HangingProtocol[] }).protocols).toEqual([]);
  });

  it("saves the centre's protocol for a modality and body part, and saving the same pair again replaces it", async () => {
    const first = await save(gcaA, caseA, { ...chestMpr, modality: ' ct', bodyPart: 'chest' });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(HANGING_MESSAGES.saved);
    const saved = first.body.data as HangingProtocol;
    expect(saved).toMatchObject({ modality: 'CT', bodyPart: 'CHEST', layout: 'mpr', viewports: chestMpr.viewports });
    expect(saved.updatedBy).toBe(a.users[a.login('gca')]);

    const twoUp: HangingRule = {
      ...chestMpr,
      layout: '1x2',
      viewports: [
        { study: 'current', series: 0 },
        { study: 'prior', series: 0 },
      ],
    };
    const second = await save(adminA, caseA, twoUp);
    expect(second.status).toBe(200);
    expect((second.body.data as HangingProtocol).id).toBe(saved.id);
    // another body part is another rule
    expect((await save(adminA, caseA, { ...chestMpr, bodyPart: '' })).status).toBe(200);

    const listed = (await find(adminA, caseA)).body.data as { protocols: HangingProtocol[] };
    expect(listed.protocols.map((p) => [p.modality, p.bodyPart, p.layout])).toEqual([
      ['CT', 'CHEST', '1x2'],
      ['CT', '', 'mpr'],
    ]);
    expect(listed.protocols[0]!.viewports).toEqual(twoUp.viewports);
    expect(listed.protocols[0]!.centreId).toBe(saved.centreId);
  });

  it.each([
    ['a layout without a viewport per place', { ...chestMpr, layout: '1x2' }],
    ['MPR of the prior', { ...chestMpr, viewports: [{ study: 'prior', series: 0 }] }],
    ['a modality that is no DICOM code', { ...chestMpr, modality: 'C T;' }],
    ['an unknown layout', { ...chestMpr, layout: '3x3' }],
    ['a series place past the limit', { ...chestMpr, viewports: [{ study: 'current', series: 99 }] }],
  ])('refuses %s with 400 and changes nothing', async (_, rule) => {
    const before = (await find(adminA, caseA)).body.data;
    expect((await save(adminA, caseA, rule)).status).toBe(400);
    expect((await find(adminA, caseA)).body.data).toEqual(before);
  });

  it("answers 404 for a case out of reach: another centre's admin, another company", async () => {
    // c3's admin may edit centres, but not this case's centre (c1)
    expect((await save(centreAdminC3, caseA, chestMpr)).status).toBe(404);
    expect((await find(adminB, caseA)).status).toBe(404);
    expect((await save(adminB, caseA, chestMpr)).status).toBe(404);
    // company B's own centre has none of company A's protocols
    const own = await find(adminB, caseB);
    expect(own.status).toBe(200);
    expect((own.body.data as { protocols: HangingProtocol[] }).protocols).toEqual([]);
  });
});
