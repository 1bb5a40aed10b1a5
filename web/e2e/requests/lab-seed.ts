import { BILLING_API, type Patient, type Sample } from '@rayworks/contracts';
import {
  acceptLabSample,
  labSamples,
  registerLabVisit,
  seedLabCatalogue,
  uploadSignature,
  type LabTestDefinition,
} from '@rayworks/testing';
import { client, type ApiSession } from './auth-api';

/**
 * A laboratory's data for the console's lab specs, seeded through the API (libs/testing's lab helpers: the flows
 * under test are the screens, not this setup), in the spec's own company.
 */

/** Gives the signed-in user (a pathologist) a signature in their profile: signing lab results needs one. */
export const giveSignature = (signer: ApiSession): Promise<string> => uploadSignature(client, signer.credentials);

/** Billing's LAB tests on a rate card at the centres, and the lab's definitions of them (the company's admin). */
export const seedLabTests = (
  admin: ApiSession,
  centreIds: readonly string[],
  tests: readonly LabTestDefinition[],
): Promise<void> => seedLabCatalogue(client, admin.credentials, centreIds, tests);

export interface LabVisitPatient {
  patientName: string;
  gender: 'Female' | 'Male';
  dateOfBirth: string;
  phoneNumber: string;
}

/**
 * A patient of the centre registered at the desk (`admin`) for these tests, each sample collected and accepted by
 * `lab` (a pathologist): answers the patient, the registration and its accepted samples (oldest barcode first).
 */
export async function acceptedLabVisit(
  admin: ApiSession,
  lab: ApiSession,
  visit: { centreId: string; patient: LabVisitPatient; testCodes: readonly string[]; samples?: number },
): Promise<{ patient: Patient; registrationId: string; samples: Sample[] }> {
  const patient = await admin.call(BILLING_API.createPatient, { centreId: visit.centreId, ...visit.patient });
  const registrationId = await registerLabVisit(client, admin.credentials, {
    centreId: visit.centreId,
    patientId: patient._id,
    testCodes: visit.testCodes,
  });
  const samples: Sample[] = [];
  for (const sample of await labSamples(client, admin.credentials, registrationId, visit.samples ?? 1))
    samples.push(await acceptLabSample(client, admin.credentials, lab.credentials, sample));
  return { patient, registrationId, samples };
}
