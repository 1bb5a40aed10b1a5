// The demo company's studies: a handful of real studies (pydicom's test files with new UIDs, built by
// libs/testing's buildStudyFolder) stored by STOW-RS into the demo centres as their administrators, so the worklist
// a new user opens after `npm start` has cases (imaging publishes StudyImported; the cases service makes the cases).
// Idempotent: a study whose Patient ID the demo archive already holds is skipped. Needs the stack running and
// Debian's python3-pydicom (npm start installs both). Tests never use the demo company.
// Once, it also shows the three workflows: Apex Diagnostics gets a fusion contract with Nova Reading Hub and sends
// RW-DEMO-0003 there (fusion.centre assigns it to hub.radiologist on Fusion Cases), and Sunrise Imaging offers
// RW-DEMO-0005 to the marketplace (mp.radiologist, a reader of no company, sees it and may take it).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ApiClient, loginHeaders } from '@rayworks/api-client';
import { AUTH_API, CASES_API, GATEWAY_PORT } from '@rayworks/contracts';
import { eventually } from '@rayworks/testing';
import { buildStudyFolder, stowFiles } from '@rayworks/testing';

const DEMO_PASSWORD = 'Demo@1234';
const base = `http://127.0.0.1:${GATEWAY_PORT}`;
const dicomweb = `${base}/api/imaging/dicomweb`;
const api = new ApiClient({ baseUrl: base });

/** Whose centre each study goes to (the administrator's first centre), and what it is. */
const DEMO_STUDIES = [
  {
    by: 'gca',
    patientName: 'Sharma^Rohan',
    patientId: 'RW-DEMO-0001',
    accessionNumber: 'ACC-DEMO-0001',
    studyDescription: 'CT Head',
    series: ['ct'],
  },
  {
    by: 'gca',
    patientName: 'Iyer^Meera',
    patientId: 'RW-DEMO-0002',
    accessionNumber: 'ACC-DEMO-0002',
    studyDescription: 'MR Brain',
    series: ['mr'],
  },
  {
    by: 'gca',
    patientName: 'Khan^Imran',
    patientId: 'RW-DEMO-0003',
    accessionNumber: 'ACC-DEMO-0003',
    studyDescription: 'CT Chest',
    series: ['ct', 'ct-j2k'],
  },
  {
    by: 'centre.admin',
    patientName: 'Das^Priya',
    patientId: 'RW-DEMO-0004',
    accessionNumber: 'ACC-DEMO-0004',
    studyDescription: 'MR Spine',
    series: ['mr', 'mr-compressed'],
  },
  {
    by: 'centre.admin',
    patientName: 'Nair^Arjun',
    patientId: 'RW-DEMO-0005',
    accessionNumber: 'ACC-DEMO-0005',
    studyDescription: 'CT Abdomen',
    series: ['ct'],
  },
];

const sessions = new Map();
async function sessionOf(loginName) {
  if (!sessions.has(loginName)) {
    sessions.set(loginName, await api.call(AUTH_API.login, {}, { headers: loginHeaders(loginName, DEMO_PASSWORD) }));
  }
  return sessions.get(loginName);
}
const tokenOf = async (loginName) => (await sessionOf(loginName)).token;

/** The case of a demo patient, once the cases service has made it from the study. */
async function caseOf(session, patientId) {
  const page = await eventually(
    () => api.call(CASES_API.getCases, { search: patientId }, { session }),
    (p) => p.items.some((c) => c.patientId === patientId),
    { what: `the case of ${patientId}`, timeoutMs: 60_000 },
  );
  return page.items.find((c) => c.patientId === patientId);
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

async function archived(token, patientId) {
  const res = await fetch(`${dicomweb}/studies?PatientID=${encodeURIComponent(patientId)}&limit=1`, {
    headers: { Authorization: `Bearer ${token}`, Accept: 'application/dicom+json' },
  });
  if (res.status === 204) return false;
  if (!res.ok) throw new Error(`QIDO for ${patientId} answered ${res.status}`);
  const text = await res.text();
  return text.trim() !== '' && JSON.parse(text).length > 0;
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'rayworks-demo-studies-'));
let stored = 0;
try {
  const today = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  for (const { by, ...study } of DEMO_STUDIES) {
    const token = await tokenOf(by);
    if (await archived(token, study.patientId)) continue;
    const built = await buildStudyFolder(path.join(dir, study.patientId), { ...study, studyDate: today });
    const { status } = await stowFiles(dicomweb, token, built.files);
    if (status !== 200) throw new Error(`storing ${study.patientId} answered ${status}`);
    stored += 1;
  }
  await showWorkflows();
  console.log(`[demo] studies: ${stored} stored, ${DEMO_STUDIES.length - stored} already in the demo archive`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
