import { describe, expect, it } from '@jest/globals';
import type { CaseEntity } from './case.entity.js';
import { pendingRegistrationFor } from './case-intake.service.js';

/** Registrations as the repository answers them: the oldest first. */
const reg = (id: string, over: Partial<CaseEntity>) =>
  ({ id, accessionNumber: null, patientId: 'P0', centreId: 'c1', ...over }) as CaseEntity;

describe('pendingRegistrationFor (the registration a study fills in)', () => {
  const oldByPatient = reg('old-by-patient', { patientId: 'P1', centreId: 'c2' });
  const byPatientHere = reg('by-patient-here', { patientId: 'P1', centreId: 'c1' });
  const byAccession = reg('by-accession', { accessionNumber: 'A1', patientId: 'PX', centreId: 'c2' });
  const noPatient = reg('no-patient', { patientId: '' });
  const all = [noPatient, oldByPatient, byPatientHere, byAccession];

  it.each([
    [
      'the accession first, whatever its centre or age',
      { patientId: 'P1', accessionNumber: 'A1', centreId: 'c1' },
      'by-accession',
    ],
    [
      "else the patient's, of the study's centre first",
      { patientId: 'P1', accessionNumber: 'A9', centreId: 'c1' },
      'by-patient-here',
    ],
    ['else the oldest of the patient', { patientId: 'P1', accessionNumber: null, centreId: 'c3' }, 'old-by-patient'],
    ['a study of no centre: the oldest', { patientId: 'P1', accessionNumber: null, centreId: null }, 'old-by-patient'],
    ['nothing matches', { patientId: 'P9', accessionNumber: 'A9', centreId: 'c1' }, null],
    ['an empty patient ID matches nothing', { patientId: '', accessionNumber: null, centreId: 'c1' }, null],
  ] as const)('%s', (_, study, expected) => {
    expect(pendingRegistrationFor(all, study)?.id ?? null).toBe(expected);
  });
});
