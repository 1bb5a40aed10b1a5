// The demo company's studies: a handful of real studies (pydicom's test files with new UIDs, built by
// libs/testing's buildStudyFolder) stored by STOW-RS into the demo centres as their administrators, so the worklist
// a new user opens after `npm start` has cases (imaging publishes StudyImported; the cases service makes the cases).
// Idempotent: a study whose Accession Number the demo archive already holds is skipped (a start with everything
// stored costs a QIDO per study). Needs the stack running and Debian's python3-pydicom (npm start installs both).
// Tests never use the demo company.
// For the cloud viewer (issue 11), RW-DEMO-0001 also has a CT volume (120 slices of 256 x 256 of a 3D phantom: MPR
// shows sensible axial, sagittal and coronal planes), assigned once to the demo radiologist, and an older prior CT
// of the same patient (60 slices of 3 mm over the same range, its lesion smaller) to compare it with.
// Once, it also shows the three workflows: Apex Diagnostics gets a fusion contract with Nova Reading Hub and sends
// RW-DEMO-0003 there (fusion.centre assigns it to hub.radiologist on Fusion Cases), and Sunrise Imaging offers
// RW-DEMO-0005 to the marketplace (mp.radiologist, a reader of no company, sees it and may take it).
// For reporting (issue 12), the demo readers (radiologist, jr.radiologist, hub.radiologist, mp.radiologist) get a
// signature image in their profile once (a small PNG made here), so finalize works in the demo.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ApiClient, loginHeaders } from '@rayworks/api-client';
import { AUTH_API, CASES_API, GATEWAY_PORT } from '@rayworks/contracts';
import { buildLargeCtStudy, buildStudyFolder, eventually, signaturePng, stowFiles } from '@rayworks/testing';

const DEMO_PASSWORD = 'Demo@1234';
const base = `http://127.0.0.1:${GATEWAY_PORT}`;
const dicomweb = `${base}/api/imaging/dicomweb`;
const api = new ApiClient({ baseUrl: base });

/** Whose centre each study goes to (the administrator's first centre), and what it is. */
const DEMO_STUDIES = [
  {
    by: 'gca',
    patientName: 'Sharma^Rohan',
    patientSex: 'M',
    patientBirthDate: '19710314',
    patientId: 'RW-DEMO-0001',
    accessionNumber: 'ACC-DEMO-0001',
    studyDescription: 'CT Head',
    series: ['ct'],
  },
  {
    by: 'gca',
    patientName: 'Iyer^Meera',
    patientSex: 'F',
    patientBirthDate: '19880602',
    patientId: 'RW-DEMO-0002',
    accessionNumber: 'ACC-DEMO-0002',
    studyDescription: 'MR Brain',
    series: ['mr'],
  },
  {
    by: 'gca',
    patientName: 'Khan^Imran',
    patientSex: 'M',
    patientBirthDate: '19630921',
    patientId: 'RW-DEMO-0003',
    accessionNumber: 'ACC-DEMO-0003',
    studyDescription: 'CT Chest',
    series: ['ct', 'ct-j2k'],
  },
  {
    by: 'centre.admin',
    patientName: 'Das^Priya',
    patientSex: 'F',
    patientBirthDate: '19950117',
    patientId: 'RW-DEMO-0004',
    accessionNumber: 'ACC-DEMO-0004',
    studyDescription: 'MR Spine',
    series: ['mr', 'mr-compressed'],
  },
  {
    by: 'centre.admin',
    patientName: 'Nair^Arjun',
    patientSex: 'M',
    patientBirthDate: '20010808',
    patientId: 'RW-DEMO-0005',
    accessionNumber: 'ACC-DEMO-0005',
    studyDescription: 'CT Abdomen',
    series: ['ct'],
  },
  {
    by: 'gca',
    patientName: 'Sharma^Rohan',
    patientSex: 'M',
    patientBirthDate: '19710314',
    patientId: 'RW-DEMO-0001',
    accessionNumber: 'ACC-DEMO-0006',
    studyDescription: 'CT Head volume',
    volume: { instances: 120, sliceSpacing: 1.5, lesionMm: 20 },
    assignTo: 'radiologist',
  },
  {
    by: 'gca',
    patientName: 'Sharma^Rohan',
    patientSex: 'M',
    patientBirthDate: '19710314',
    patientId: 'RW-DEMO-0001',
    accessionNumber: 'ACC-DEMO-0007',
    studyDescription: 'CT Head volume (prior)',
    volume: { instances: 60, sliceSpacing: 3, lesionMm: 12 },
    daysAgo: 180,
  },
];

/** YYYYMMDD of a day `daysAgo` before today. */
const dicomDate = (daysAgo = 0) =>
  new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10).replaceAll('-', '');

/** Writes a demo study's files: pydicom's test files, or the 3D phantom volume (256 x 256 slices). */
function buildDemoStudy(dir, { volume, daysAgo, assignTo: _assignTo, ...study }) {
  const attributes = { ...study, studyDate: dicomDate(daysAgo) };
  if (!volume) return buildStudyFolder(dir, attributes);
  const { series: _series, ...rest } = attributes;
  return buildLargeCtStudy(dir, {
    ...rest,
    ...volume,
    rows: 256,
    cols: 256,
    phantom: 'volume',
    seriesDescription: study.studyDescription,
  });
}

const sessions = new Map();
async function sessionOf(loginName) {
  if (!sessions.has(loginName)) {
    sessions.set(loginName, await api.call(AUTH_API.login, {}, { headers: loginHeaders(loginName, DEMO_PASSWORD) }));
  }
  return sessions.get(loginName);
}
const tokenOf = async (loginName) => (await sessionOf(loginName)).token;

/** The case of a demo patient (of one study, given its accession number), once the cases service has made it. */
async function caseOf(session, patientId, accessionNumber) {
  const matches = (c) =>
    c.patientId === patientId && (accessionNumber === undefined || c.accessionNumber === accessionNumber);
  const page = await eventually(
    () => api.call(CASES_API.getCases, { search: patientId }, { session }),
    (p) => p.items.some(matches),
    { what: `the case of ${accessionNumber ?? patientId}`, timeoutMs: 60_000 },
  );
  return page.items.find(matches);
}

/**
 * The volume study's case goes to the demo radiologist once, while it is NEW and unassigned (users move the demo's
 * cases on; a later start leaves them be), so "Open in viewer" is one click away in the radiologist's worklist.
 */
async function assignDemoCases() {
  for (const study of DEMO_STUDIES.filter((s) => s.assignTo)) {
    const session = await sessionOf(study.by);
    const c = await caseOf(session, study.patientId, study.accessionNumber);
    if (c.status !== 'NEW' || c.radiologistId || !c.centreId) continue;
    const radiologistId = (await sessionOf(study.assignTo))._id;
    await eventually(
      () => api.call(CASES_API.caseAssignees, { centreId: c.centreId, as: 'radiologist' }, { session }),
      (a) => a.assignees.some((x) => x.id === radiologistId),
      { what: `${study.assignTo} among the radiologists of the case's centre`, timeoutMs: 60_000 },
    );
    const [result] = (
      await api.call(CASES_API.assignCases, { cases: [{ _id: c._id, version: c.version }], radiologistId }, { session })
    ).results;
    console.log(
      `[demo] ${study.accessionNumber} (${study.studyDescription}) assigned to ${study.assignTo}: ${result.status}`,
    );
  }
}

/**
 * Fusion and marketplace, shown once: when the Apex group has no fusion contract with the Nova hub yet, it gets one,
 * RW-DEMO-0003 is sent there and RW-DEMO-0005 is offered to the marketplace (each only while it is a NEW centre case:
 * users move the demo's cases on, and a later start leaves them be).
 */
async function showWorkflows() {
  const admin = await sessionOf('admin');
  const fused = await caseOf(admin, 'RW-DEMO-0003');
  const centres = await api.call(AUTH_API.getCentres, { search: 'Nova Reading Hub' }, { session: admin });
  const hub = centres.items.find((c) => c.name === 'Nova Reading Hub');
  const { contracts } = await api.call(CASES_API.fusionContracts, {}, { session: admin });
  if (contracts.some((c) => c.senderGroupId === fused.groupId && c.fusionCentreId === hub._id)) return;
  await api.call(
    CASES_API.createFusionContract,
    { senderGroupId: fused.groupId, fusionCentreId: hub._id },
    {
      session: admin,
    },
  );
  const isNew = (c) => c.status === 'NEW' && c.workflowType === 'Center' && c.fusionStatus === null;
  if (isNew(fused))
    await api.call(
      CASES_API.fusionSend,
      { _id: fused._id, version: fused.version, fusionCentreId: hub._id },
      {
        session: admin,
      },
    );
  const offered = await caseOf(admin, 'RW-DEMO-0005');
  if (isNew(offered))
    await api.call(CASES_API.offerToMarketplace, { _id: offered._id, version: offered.version }, { session: admin });
  console.log(
    '[demo] workflows: RW-DEMO-0003 sent to Nova Reading Hub (fusion), RW-DEMO-0005 offered to the marketplace',
  );
}

/**
 * The demo users who sign reports: each gets a qualification and a signature image in their profile once (finalize
 * needs the signature; so does the pathologist's signing of lab results).
 */
const DEMO_SIGNERS = ['radiologist', 'jr.radiologist', 'hub.radiologist', 'mp.radiologist', 'pathologist'];
/** Their qualifications, printed under the signature and in the report footer's fields. */
const DEMO_QUALIFICATIONS = {
  radiologist: 'MD, DNB (Radiology)',
  'jr.radiologist': 'MBBS, DMRD',
  'hub.radiologist': 'MD (Radiology)',
  'mp.radiologist': 'MD (Radiology), FRCR',
  pathologist: 'MD (Pathology)',
};

async function giveDemoSignatures() {
  let given = 0;
  for (const [i, loginName] of DEMO_SIGNERS.entries()) {
    try {
      const session = await sessionOf(loginName);
      const profile = await api.call(AUTH_API.getProfile, undefined, { session });
      if (!profile.qualificationName) {
        await api.call(
          AUTH_API.setSpecialization,
          { specialization: profile.specialization ?? [], qualificationName: DEMO_QUALIFICATIONS[loginName] },
          { session },
        );
      }
      if (profile.signature) continue;
      const png = signaturePng(240, 80, i);
      const { uploadUrl, fileID } = await api.call(
        AUTH_API.signatureUploadUrl,
        { contentType: 'image/png', size: png.length },
        { session },
      );
      const put = await fetch(uploadUrl, { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: png });
      if (!put.ok) throw new Error(`the signature upload answered ${put.status}`);
      await api.call(AUTH_API.setSignature, { fileID }, { session });
      given += 1;
    } catch (error) {
      console.warn(`[demo] no signature for ${loginName}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (given > 0) console.log(`[demo] signatures: ${given} given to the demo readers`);
}

async function archived(token, accessionNumber) {
  const res = await fetch(`${dicomweb}/studies?AccessionNumber=${encodeURIComponent(accessionNumber)}&limit=1`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/dicom+json' },
  });
  if (res.status === 204) return false;
  if (!res.ok) throw new Error(`QIDO for ${accessionNumber} answered ${res.status}`);
  const text = await res.text();
  return text.trim() !== '' && JSON.parse(text).length > 0;
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'rayworks-demo-studies-'));
let stored = 0;
try {
  for (const { by, ...study } of DEMO_STUDIES) {
    const token = await tokenOf(by);
    if (await archived(token, study.accessionNumber)) continue;
    const built = await buildDemoStudy(path.join(dir, study.accessionNumber), study);
    const { status } = await stowFiles(dicomweb, token, built.files);
    if (status !== 200) throw new Error(`storing ${study.accessionNumber} answered ${status}`);
    stored += 1;
  }
  await showWorkflows();
  await assignDemoCases();
  await giveDemoSignatures();
  console.log(`[demo] studies: ${stored} stored, ${DEMO_STUDIES.length - stored} already in the demo archive`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
