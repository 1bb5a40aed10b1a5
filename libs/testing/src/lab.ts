import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { ApiClient, Credentials } from '@rayworks/api-client';
import { AUTH_API, BILLING_API, LIMS_API, type Sample } from '@rayworks/contracts';
import { eventually } from './eventually.js';
import { signaturePng } from './png.js';

/**
 * A laboratory set up the way the product does it, through the typed client (the gateway), for the LIMS's and
 * reporting's integration tests and the console's end-to-end specs alike (issue 23): the signature a signer needs in
 * their profile, a lab catalogue of the test's own, a visit registered at the desk and its samples collected and
 * accepted. Never the demo company: the sessions are a test company's.
 */

/** What the LIMS's createLabTest takes: the lab's definition of a test (billing's LAB test of the same code). */
export type LabTestDefinition = z.input<typeof LIMS_API.createLabTest.body>;

/** Gives the signed-in user a signature image in their profile (presigned PUT, then /profile/signature). */
export async function uploadSignature(client: ApiClient, session: Credentials): Promise<string> {
  const png = signaturePng();
  const { uploadUrl, fileID } = await client.call(
    AUTH_API.signatureUploadUrl,
    { contentType: 'image/png', size: png.length },
    { session },
  );
  const put = await fetch(uploadUrl, {
    method: 'PUT',
    headers: { 'Content-Type': 'image/png' },
    body: new Uint8Array(png),
  });
  if (!put.ok) throw new Error(`signature upload answered ${put.status}`);
  await client.call(AUTH_API.setSignature, { fileID }, { session });
  return fileID;
}

/** Waits until billing knows the company's centre (its read model of auth's centres, fed by events). */
export async function billingKnowsCentre(client: ApiClient, admin: Credentials, centreId: string): Promise<void> {
  await eventually(
    () => client.reply(BILLING_API.getBillingSettings, { centreId }, { session: admin }),
    (r) => r.status === 200,
    { what: 'billing knows the company’s centres', timeoutMs: 30_000 },
  );
}

/**
 * A lab catalogue of the test's own, by the company's administrator: billing's LAB tests (what the desk registers,
 * of the definitions' codes and sample types) on a rate card at the centres, and the lab's definitions of them.
 */
export async function seedLabCatalogue(
  client: ApiClient,
  admin: Credentials,
  centreIds: readonly string[],
  tests: readonly LabTestDefinition[],
): Promise<void> {
  for (const centreId of centreIds) await billingKnowsCentre(client, admin, centreId);
  for (const t of tests)
    await client.call(
      BILLING_API.createTest,
      { code: t.code, name: t.name, kind: 'LAB', sampleType: t.sampleType },
      { session: admin },
    );
  const card = await client.call(
    BILLING_API.createRateCard,
    {
      name: `Lab ${randomUUID().slice(0, 8)}`,
      validFrom: '2020-01-01',
      prices: tests.map((t) => ({
        testCode: t.code,
        price: '400',
        holidayPrice: '400',
        nightPrice: '400',
        processingFee: '0',
      })),
    },
    { session: admin },
  );
  await client.call(
    BILLING_API.assignRateCard,
    { rateCardId: card._id, centreIds: [...centreIds] },
    { session: admin },
  );
  for (const t of tests) await client.call(LIMS_API.createLabTest, t, { session: admin });
}

/** A registration's samples once the LIMS has made them from billing's RegistrationCreated (`count` of them). */
export const labSamples = (
  client: ApiClient,
  session: Credentials,
  registrationId: string,
  count: number,
): Promise<Sample[]> =>
  eventually(
    async () =>
      (
        await client.call(
          LIMS_API.findSamples,
          { registrationId, sortBy: 'barcode', sortDir: 'asc', pageSize: 100 },
          { session },
        )
      ).items,
    (items) => items.length === count,
    { what: `${count} sample(s) of registration ${registrationId}`, timeoutMs: 60_000 },
  );

/** Registers a visit of the centre's patient for these test codes at the desk; answers the registration's id. */
export async function registerLabVisit(
  client: ApiClient,
  desk: Credentials,
  visit: { centreId: string; patientId: string; testCodes: readonly string[] },
): Promise<string> {
  const { registration } = await client.call(
    BILLING_API.createRegistration,
    {
      centreId: visit.centreId,
      patientId: visit.patientId,
      requestKey: randomUUID(),
      items: visit.testCodes.map((testCode) => ({ testCode })),
    },
    { session: desk },
  );
  return registration._id;
}

/** Collects a sample at the centre (`collector`) and accepts it at accession (`lab`); answers it accepted. */
export async function acceptLabSample(
  client: ApiClient,
  collector: Credentials,
  lab: Credentials,
  sample: Sample,
): Promise<Sample> {
  await client.call(LIMS_API.collectSample, { sampleId: sample._id, place: 'CENTRE' }, { session: collector });
  return client.call(LIMS_API.acceptSample, { barcode: sample.barcode }, { session: lab });
}
