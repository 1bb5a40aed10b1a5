// The demo company's studies: a handful of real studies (pydicom's test files with new UIDs, built by
// libs/testing's buildStudyFolder) stored by STOW-RS into the demo centres as their administrators, so the worklist
// a new user opens after `npm start` has cases (imaging publishes StudyImported; the cases service makes the cases).
// Idempotent: a study whose Patient ID the demo archive already holds is skipped. Needs the stack running and
// Debian's python3-pydicom (npm start installs both). Tests never use the demo company.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ApiClient, loginHeaders } from '@rayworks/api-client';
import { AUTH_API, GATEWAY_PORT } from '@rayworks/contracts';
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
async function tokenOf(loginName) {
  if (!sessions.has(loginName)) {
    const session = await api.call(AUTH_API.login, {}, { headers: loginHeaders(loginName, DEMO_PASSWORD) });
    sessions.set(loginName, session.token);
  }
  return sessions.get(loginName);
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
  console.log(`[demo] studies: ${stored} stored, ${DEMO_STUDIES.length - stored} already in the demo archive`);
} finally {
  await rm(dir, { recursive: true, force: true });
}
