import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { ApiClient, credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import { AUTH_API, BILLING_API, GATEWAY_PORT, LIMS_API, type Patient, type Sample } from '@rayworks/contracts';
import {
  eventually,
  everyRoleTenant,
  signaturePng,
  TEST_PASSWORD,
  type EveryRoleTenant,
  type EveryRoleUser,
} from '@rayworks/testing';

/**
 * A laboratory of its own for the LIMS's integration tests, set up the way the product does it, through the gateway:
 * billing's catalogue and a rate card for the lab tests, the lab's definitions of them, a patient at each of the
 * company's centres c1 and c2; then visits registered at the desk (billing's RegistrationCreated through the real
 * Kafka), their samples collected and accepted at accession. Never the demo company.
 */
export const api = new ApiClient({ baseUrl: process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}` });

export type LabTestInput = z.input<typeof LIMS_API.createLabTest.body>;
export type LabCentre = 'c1' | 'c2';

export interface Lab {
  readonly tenant: EveryRoleTenant;
  /** Signed-in users of the company (admin, pathologist of c2, reception and gca of c1). */
  readonly as: Record<'admin' | 'pathologist' | 'reception' | 'gca', Credentials>;
  readonly patients: Record<LabCentre, Patient>;
  /** Registers a visit of the centre's patient for these test codes; answers the registration's id. */
  register(centre: LabCentre, testCodes: readonly string[]): Promise<string>;
  /** The registration's samples once the LIMS has made them (`count` of them). */
  samples(registrationId: string, count: number): Promise<Sample[]>;
  /** Collects (the company's administrator) and accepts (the pathologist) a sample; answers it accepted. */
  accept(sample: Sample): Promise<Sample>;
}

/** Gives the signed-in user a signature image in their profile (presigned PUT, then /profile/signature). */
export async function uploadSignature(session: Credentials): Promise<string> {
  const png = signaturePng();
  const { uploadUrl, fileID } = await api.call(
    AUTH_API.signatureUploadUrl,
    { contentType: 'image/png', size: png.length },
    { session },
  );
  const put = await fetch(uploadUrl, { method: 'PUT', headers: { 'Content-Type': 'image/png' }, body: png });
  if (!put.ok) throw new Error(`signature upload answered ${put.status}`);
  await api.call(AUTH_API.setSignature, { fileID }, { session });
  return fileID;
}

export const signIn = async (t: EveryRoleTenant, who: EveryRoleUser): Promise<Credentials> =>
  credentialsOf(await api.call(AUTH_API.login, {}, { headers: loginHeaders(t.login(who), TEST_PASSWORD) }));

/**
 * A company with a laboratory: billing's LAB tests, a rate card at c1 and c2, the lab's definitions, two patients;
 * the pathologist has a signature in their profile (signing needs one).
 */
export async function labCompany(prefix: string, tests: readonly LabTestInput[]): Promise<Lab> {
  const tenant = await everyRoleTenant(prefix);
  const as = {
    admin: await signIn(tenant, 'admin'),
    pathologist: await signIn(tenant, 'pathologist'),
    reception: await signIn(tenant, 'reception'),
    gca: await signIn(tenant, 'gca'),
  };
  await uploadSignature(as.pathologist);
  const stamp = Date.now().toString().slice(-6);
  await eventually(
    () => api.reply(BILLING_API.getBillingSettings, { centreId: tenant.centres.c2! }, { session: as.admin }),
    (r) => r.status === 200,
    { what: 'billing knows the company’s centres', timeoutMs: 30_000 },
  );
  for (const t of tests)
    await api.call(
      BILLING_API.createTest,
      { code: t.code, name: t.name, kind: 'LAB', sampleType: t.sampleType },
      { session: as.admin },
    );
  const card = await api.call(
    BILLING_API.createRateCard,
    {
      name: `Lab ${stamp}`,
      validFrom: '2020-01-01',
      prices: tests.map((t) => ({
        testCode: t.code,
        price: '400',
        holidayPrice: '400',
        nightPrice: '400',
        processingFee: '0',
      })),
    },
    { session: as.admin },
  );
  await api.call(
    BILLING_API.assignRateCard,
    { rateCardId: card._id, centreIds: [tenant.centres.c1!, tenant.centres.c2!] },
    { session: as.admin },
  );
  for (const t of tests) await api.call(LIMS_API.createLabTest, t, { session: as.admin });
  const patients = {} as Record<LabCentre, Patient>;
  for (const [n, centre] of (['c1', 'c2'] as const).entries())
    patients[centre] = await api.call(
      BILLING_API.createPatient,
      {
        centreId: tenant.centres[centre]!,
        patientName: `Kavya Rao ${centre} ${stamp}`,
        gender: 'Female',
        dateOfBirth: '1984-07-09',
        phoneNumber: `93${stamp}0${n}`,
      },
      { session: as.admin },
    );

  const samplesOf = async (registrationId: string) =>
    (
      await api.call(
        LIMS_API.findSamples,
        { registrationId, sortBy: 'barcode', sortDir: 'asc', pageSize: 100 },
        { session: as.admin },
      )
    ).items;

  return {
    tenant,
    as,
    patients,
    async register(centre, testCodes) {
      const { registration } = await api.call(
        BILLING_API.createRegistration,
        {
          centreId: tenant.centres[centre]!,
          patientId: patients[centre]._id,
          requestKey: randomUUID(),
          items: testCodes.map((testCode) => ({ testCode })),
        },
        { session: as.admin },
      );
      return registration._id;
    },
    samples: (registrationId, count) =>
      eventually(
        () => samplesOf(registrationId),
        (items) => items.length === count,
        { what: `${count} sample(s) of registration ${registrationId}`, timeoutMs: 60_000 },
      ),
    async accept(sample) {
      await api.call(LIMS_API.collectSample, { sampleId: sample._id, place: 'CENTRE' }, { session: as.admin });
      return api.call(LIMS_API.acceptSample, { barcode: sample.barcode }, { session: as.pathologist });
    },
  };
}
