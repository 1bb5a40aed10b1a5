import { ApiClient, credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import { AUTH_API, BILLING_API, GATEWAY_PORT, type Patient, type Sample } from '@rayworks/contracts';
import {
  acceptLabSample,
  everyRoleTenant,
  labSamples,
  registerLabVisit,
  seedLabCatalogue,
  TEST_PASSWORD,
  uploadSignature,
  type EveryRoleTenant,
  type EveryRoleUser,
  type LabTestDefinition,
} from '@rayworks/testing';

/**
 * A laboratory of its own for the LIMS's integration tests, set up the way the product does it, through the gateway:
 * billing's catalogue and a rate card for the lab tests, the lab's definitions of them, a patient at each of the
 * company's centres c1 and c2; then visits registered at the desk (billing's RegistrationCreated through the real
 * Kafka), their samples collected and accepted at accession. Never the demo company.
 */
export const api = new ApiClient({ baseUrl: process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}` });

export type LabTestInput = LabTestDefinition;
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
  await uploadSignature(api, as.pathologist);
  const stamp = Date.now().toString().slice(-6);
  await seedLabCatalogue(api, as.admin, [tenant.centres.c1!, tenant.centres.c2!], tests);
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

  return {
    tenant,
    as,
    patients,
    register: (centre, testCodes) =>
      registerLabVisit(api, as.admin, {
        centreId: tenant.centres[centre]!,
        patientId: patients[centre]._id,
        testCodes,
      }),
    samples: (registrationId, count) => labSamples(api, as.admin, registrationId, count),
    accept: (sample) => acceptLabSample(api, as.admin, as.pathologist, sample),
  };
}
