// Writes a real multi-series DICOM study (pydicom's test files, fresh UIDs) as <dir>/<StudyUID>/<SeriesUID>/<SOP>.dcm,
// the folder the import screen takes: `npm run demo:study -- /tmp/my-study` (default .local/demo-study).
// Debian's python3-pydicom must be installed (`npm start` / `npm run infra:up` install it).
import path from 'node:path';
import { buildStudyFolder } from '@rayworks/testing';

const dir = path.resolve(process.argv[2] ?? '.local/demo-study');
const study = await buildStudyFolder(dir, { patientName: 'Demo^Patient', patientId: `DEMO-${Date.now() % 100000}` });
process.stdout.write(
  `study ${study.studyInstanceUid}: ${study.series.length} series, ${study.instances.length} files, ${study.bytes} bytes\n` +
    `pick this folder on the import screen: ${path.join(dir, study.studyInstanceUid)}\n`,
);
