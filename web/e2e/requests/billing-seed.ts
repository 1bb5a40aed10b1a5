import { BILLING_API, DEFAULT_CENTRE_TIME_ZONE, localDateTime, type Patient } from '@rayworks/contracts';
import { eventually } from '@rayworks/testing';
import type { ApiSession } from './auth-api';

/** Today at a centre ('YYYY-MM-DD' on its clock: the demo's and the tests' centres keep Asia/Kolkata). */
export const centreToday = (now = new Date()): string => localDateTime(now, DEFAULT_CENTRE_TIME_ZONE).date;

/** Waits until billing knows a centre of the company (its read model of auth's centres, fed by events). */
export async function billingKnowsCentre(session: ApiSession, centreId: string): Promise<void> {
  await eventually(
    () =>
      session.call(BILLING_API.findDuplicatePatients, { centreId, patientName: 'x', phoneNumber: '9000000000' }).then(
        () => true,
        () => false,
      ),
    (known) => known,
    { what: 'billing knows the centre', timeoutMs: 60_000 },
  );
}

/** A small catalogue of the test's own: a CT, two lab tests and a package of the two (by code). */
export async function seedCatalogue(admin: ApiSession): Promise<void> {
  await admin.call(BILLING_API.createTest, {
    code: 'CT-HEAD',
    name: 'CT Head Plain',
    kind: 'RADIOLOGY',
    modality: 'CT',
    bodyPart: 'Head',
  });
  await admin.call(BILLING_API.createTest, { code: 'LIPID', name: 'Lipid Profile', kind: 'LAB', sampleType: 'Blood' });
  await admin.call(BILLING_API.createTest, { code: 'HBA1C', name: 'HbA1c', kind: 'LAB', sampleType: 'Blood' });
  await admin.call(BILLING_API.createPackage, {
    code: 'DIAB-PANEL',
    name: 'Diabetes Panel',
    testCodes: ['LIPID', 'HBA1C'],
  });
}

/** A patient of the centre, registered through the API. */
export const seedPatient = (desk: ApiSession, centreId: string, name: string, phone: string): Promise<Patient> =>
  desk.call(BILLING_API.createPatient, {
    centreId,
    patientName: name,
    gender: 'Female',
    dateOfBirth: '1979-06-15',
    phoneNumber: phone,
  });
