import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { io, type Socket } from 'socket.io-client';
import { ApiClient, credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import {
  AUTH_API,
  BILLING_API,
  DEFAULT_CENTRE_TIME_ZONE,
  GATEWAY_PORT,
  LIMS_API,
  REALTIME_PATH,
  RegistrationCreatedV1,
  SAMPLE_BARCODE_PATTERN,
  SAMPLE_MESSAGES,
  type Patient,
  type RegistrationCreatedPayload,
  type Sample,
  type SampleRejectedMessage,
} from '@rayworks/contracts';
import {
  eventually,
  everyRoleTenant,
  labSamples,
  registerLabVisit,
  TEST_PASSWORD,
  tenantQuery,
  TestEvents,
  type EveryRoleTenant,
  type EveryRoleUser,
} from '@rayworks/testing';

/**
 * Samples from registrations to accession against the running system, through the gateway (docs/decisions/0297–0300):
 * a registration made at billing's desk gives its samples to collect (billing's RegistrationCreated through the real
 * Kafka), once however often it is delivered; a cancellation cancels the orders and a sample left with none (not an
 * accepted one); collection; accession by barcode (accept once; reject → a new sample to collect, the event
 * published, the centre told in real time); another company's or an unknown barcode is a 404; reach by centre.
 */
jest.setTimeout(120_000);
const BASE = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}`;
const api = new ApiClient({ baseUrl: BASE });
const signIn = async (t: EveryRoleTenant, who: EveryRoleUser): Promise<Credentials> =>
  credentialsOf(await api.call(AUTH_API.login, {}, { headers: loginHeaders(t.login(who), TEST_PASSWORD) }));

let a: EveryRoleTenant;
let b: EveryRoleTenant;
const s: Record<string, Credentials> = {};
let adminB: Credentials;
const patients: Record<'c1' | 'c2', Patient> = {} as Record<'c1' | 'c2', Patient>;
const events = new TestEvents();
const stamp = Date.now().toString().slice(-6);

/** The samples of a registration as a user sees them (oldest barcode first). */
const samplesOf = async (registrationId: string, who = 'admin') =>
  (
    await api.call(
      LIMS_API.findSamples,
      { registrationId, sortBy: 'barcode', sortDir: 'asc', pageSize: 100 },
      { session: s[who]! },
    )
  ).items;
const waitForSamples = (registrationId: string, count: number) => labSamples(api, s.admin!, registrationId, count);
const codes = (sample: Sample) => sample.orders.map((o) => `${o.testCode}:${o.status}`).sort();

/** A visit of the centre's patient for these tests, registered at billing's desk; answers its id. */
const register = (centre: 'c1' | 'c2', tests: string[]) =>
  registerLabVisit(api, s.admin!, { centreId: a.centres[centre]!, patientId: patients[centre]._id, testCodes: tests });

const reply = (
  endpoint: typeof LIMS_API.acceptSample | typeof LIMS_API.scanSample,
  barcode: string,
  who: Credentials,
) => api.reply(endpoint, { barcode }, { session: who });

beforeAll(async () => {
  [a, b] = await Promise.all([everyRoleTenant('samples-a'), everyRoleTenant('samples-b')]);
  for (const who of ['admin', 'reception', 'centre.admin', 'pathologist', 'gca'] as const)
    s[who] = await signIn(a, who);
  adminB = await signIn(b, 'admin');
  await eventually(
    () => api.reply(BILLING_API.getBillingSettings, { centreId: a.centres.c2! }, { session: s.admin! }),
    (r) => r.status === 200,
    { what: 'billing knows the company’s centres', timeoutMs: 30_000 },
  );
  const tests = [
    { code: 'CBC', name: 'Complete Blood Count', sampleType: 'Whole Blood (EDTA)' },
    { code: 'LFT', name: 'Liver Function Test', sampleType: 'Serum' },
    { code: 'KFT', name: 'Kidney Function Test', sampleType: 'SERUM' },
    // billing says serum; the lab's own definition says fluoride plasma in a grey top
    { code: 'GLU', name: 'Glucose Fasting', sampleType: 'Serum' },
  ];
  for (const t of tests) await api.call(BILLING_API.createTest, { ...t, kind: 'LAB' }, { session: s.admin! });
  const card = await api.call(
    BILLING_API.createRateCard,
    {
      name: `Lab ${stamp}`,
      validFrom: '2020-01-01',
      prices: tests.map((t) => ({
        testCode: t.code,
        price: '500',
        holidayPrice: '500',
        nightPrice: '500',
        processingFee: '0',
      })),
    },
    { session: s.admin! },
  );
  await api.call(
    BILLING_API.assignRateCard,
    { rateCardId: card._id, centreIds: [a.centres.c1!, a.centres.c2!] },
    { session: s.admin! },
  );
  for (const centre of ['c1', 'c2'] as const)
    patients[centre] = await api.call(
      BILLING_API.createPatient,
      {
        centreId: a.centres[centre]!,
        patientName: `Meera Iyer ${centre} ${stamp}`,
        gender: 'Female',
        dateOfBirth: '1990-04-12',
        phoneNumber: `94${stamp}${centre === 'c1' ? '01' : '02'}`,
      },
      { session: s.admin! },
    );
  await api.call(
    LIMS_API.createLabTest,
    {
      code: 'GLU',
      name: 'Glucose Fasting',
      subDepartmentCode: 'BIOC',
      subDepartmentName: 'Biochemistry',
      sampleType: 'PLASMA_FLUORIDE',
      container: 'GREY_FLUORIDE',
      turnaroundHours: 4,
      method: 'Hexokinase',
      loincCode: null,
      parameters: [
        { code: 'GLU', name: 'Glucose', type: 'Numeric', unit: 'mg/dL', ranges: [{ low: '70', high: '100' }] },
      ],
    },
    { session: s.admin! },
  );
  await events.start();
}, 120_000);

afterAll(async () => {
  await events.stop();
});

describe('a registration at the desk', () => {
  let registrationId: string;
  let samples: Sample[];

  beforeAll(async () => {
    registrationId = await register('c1', ['CBC', 'LFT', 'KFT']);
    samples = await waitForSamples(registrationId, 2);
  });

  it('gives one sample per sample type and container, each with its tests, patient and a company barcode', async () => {
    const [first, second] = samples;
    expect(
      samples
        .map((x) => [x.sampleType, x.container, codes(x)])
        .sort((p, q) => String(p[0]).localeCompare(String(q[0]))),
    ).toEqual([
      ['SERUM', 'RED_PLAIN', ['KFT:ORDERED', 'LFT:ORDERED']],
      ['WB_EDTA', 'LAVENDER_EDTA', ['CBC:ORDERED']],
    ]);
    for (const x of samples) {
      expect(x.barcode).toMatch(SAMPLE_BARCODE_PATTERN);
      expect(x).toMatchObject({
        status: 'PENDING_COLLECTION',
        centreId: a.centres.c1,
        groupId: a.groups.g,
        patientId: patients.c1._id,
        mrNumber: patients.c1.mrID,
        patientName: patients.c1.patientName,
        dateOfBirth: '1990-04-12',
      });
    }
    // consecutive numbers of the company's counter
    expect(Number(second!.barcode.slice(1)) - Number(first!.barcode.slice(1))).toBe(1);
    // the registering centre's time zone (billing's, the default here): its calendar counts the patient's age (0374)
    const zones = await tenantQuery<{ time_zone: string | null }>(
      a.tenantId,
      `SELECT DISTINCT time_zone FROM lims.samples WHERE registration_id = $1`,
      [registrationId],
    );
    expect(zones).toEqual([{ time_zone: DEFAULT_CENTRE_TIME_ZONE }]);
  });

  it("is seen by the registration's centre and the company, not by another centre's users", async () => {
    expect((await samplesOf(registrationId, 'gca')).length).toBe(2);
    expect(await samplesOf(registrationId, 'centre.admin')).toEqual([]);
    expect(await samplesOf(registrationId, 'pathologist')).toEqual([]);
    // accession by barcode is narrowed the same way: the pathologist of c2 does not reach c1's sample
    const scanned = await reply(LIMS_API.scanSample, samples[0]!.barcode, s.pathologist!);
    expect([scanned.status, scanned.body.message]).toEqual([404, SAMPLE_MESSAGES.notFound]);
  });

  it('is a 404 for another company and for an unknown barcode, and changes nothing', async () => {
    for (const [barcode, who] of [
      [samples[0]!.barcode, adminB],
      ['L999999998', s.admin!],
      ['not a barcode', s.admin!],
    ] as const) {
      const answer = await reply(LIMS_API.acceptSample, barcode, who);
      expect([answer.status, answer.body.message]).toEqual([404, SAMPLE_MESSAGES.notFound]);
    }
    expect((await samplesOf(registrationId)).map((x) => x.status)).toEqual([
      'PENDING_COLLECTION',
      'PENDING_COLLECTION',
    ]);
  });
});

describe("the lab's own test definition", () => {
  it("puts a test in the sample type and container of the lab's definition, before billing's sample type", async () => {
    const registrationId = await register('c1', ['GLU', 'KFT']);
    const samples = await waitForSamples(registrationId, 2);
    expect(samples.map((x) => [x.sampleType, x.container, codes(x)]).sort()).toEqual([
      ['PLASMA_FLUORIDE', 'GREY_FLUORIDE', ['GLU:ORDERED']],
      ['SERUM', 'RED_PLAIN', ['KFT:ORDERED']],
    ]);
  });
});

describe('the same registration delivered again', () => {
  it('makes no second order or sample (the same event again, or the registration in another event)', async () => {
    const payload: RegistrationCreatedPayload = {
      registrationId: randomUUID(),
      registrationNumber: `REG-${stamp}-X`,
      centreId: a.centres.c1!,
      groupId: a.groups.g!,
      patient: {
        id: patients.c1._id,
        mrNumber: patients.c1.mrID,
        patientName: patients.c1.patientName,
        gender: 'Female',
        dateOfBirth: null,
        ageYears: null,
        phoneNumber: null,
      },
      referral: null,
      providerKind: 'Internal',
      registeredAt: new Date().toISOString(),
      items: ['CBC', 'LFT'].map((code) => ({
        itemId: randomUUID(),
        kind: 'LAB' as const,
        code,
        name: code,
        modality: null,
        accessionNumber: null,
        bodyPart: null,
        sampleType: code === 'CBC' ? 'WB_EDTA' : 'Serum',
        packageCode: null,
      })),
    };
    const send = (p: RegistrationCreatedPayload, id = randomUUID(), key = payload.registrationId) =>
      events
        .send(RegistrationCreatedV1.topic, key, {
          id,
          type: RegistrationCreatedV1.type,
          version: RegistrationCreatedV1.version,
          occurredAt: new Date().toISOString(),
          tenantId: a.tenantId,
          actor: { type: 'user', id: a.users[a.login('reception')]! },
          correlationId: `it-${id}`,
          causationId: null,
          payload: p,
        })
        .then(() => id);
    const eventId = await send(payload);
    await waitForSamples(payload.registrationId, 2);
    await send(payload, eventId);
    await send(payload);
    // a later registration on the same partition: once its sample is there, the two before were handled
    const marker = {
      ...payload,
      registrationId: randomUUID(),
      items: [{ ...payload.items[0]!, itemId: randomUUID() }],
    };
    await send(marker, randomUUID(), payload.registrationId);
    await waitForSamples(marker.registrationId, 1);
    const rows = await tenantQuery<{ n: string }>(
      a.tenantId,
      `SELECT count(*) AS n FROM lims.lab_orders WHERE registration_id = $1
       UNION ALL SELECT count(*) FROM lims.samples WHERE registration_id = $1`,
      [payload.registrationId],
    );
    expect(rows.map((r) => Number(r.n))).toEqual([2, 2]);
    // handled, not refused: no delivery of it went to the dead letters
    const dead = await tenantQuery<{ n: string }>(
      a.tenantId,
      `SELECT count(*) AS n FROM lims.dead_letters WHERE message_key = $1`,
      [payload.registrationId],
    );
    expect(Number(dead[0]!.n)).toBe(0);
  });
});

describe('collection and accession', () => {
  let serum: Sample;
  let blood: Sample;
  let registrationId: string;

  beforeAll(async () => {
    registrationId = await register('c1', ['CBC', 'LFT']);
    const samples = await waitForSamples(registrationId, 2);
    serum = samples.find((x) => x.sampleType === 'SERUM')!;
    blood = samples.find((x) => x.sampleType === 'WB_EDTA')!;
  });

  it('collects once, with the collector, time and place', async () => {
    const at = new Date(Date.now() - 10 * 60_000).toISOString();
    const collected = await api.reply(
      LIMS_API.collectSample,
      { sampleId: serum._id, place: 'HOME', collectedAt: at, collectorName: 'Phlebotomist Anil' },
      { session: s.reception! },
    );
    expect([collected.status, collected.body.message]).toEqual([200, SAMPLE_MESSAGES.collected]);
    expect(collected.body.data).toMatchObject({
      status: 'COLLECTED',
      collectionPlace: 'HOME',
      collectedAt: at,
      collectedBy: { userId: a.users[a.login('reception')], loginName: 'Phlebotomist Anil' },
    });
    const again = await api.reply(
      LIMS_API.collectSample,
      { sampleId: serum._id, place: 'CENTRE' },
      { session: s.reception! },
    );
    expect([again.status, again.body.message]).toEqual([409, SAMPLE_MESSAGES.notAllowed('collected', 'collected')]);
    const future = await api.reply(
      LIMS_API.collectSample,
      { sampleId: blood._id, place: 'CENTRE', collectedAt: new Date(Date.now() + 3_600_000).toISOString() },
      { session: s.reception! },
    );
    expect([future.status, future.body.message]).toEqual([400, `collectedAt: ${SAMPLE_MESSAGES.collectedInFuture}`]);
  });

  it('accepts a collected sample once (accept twice → 409), and publishes SampleAccepted', async () => {
    const notCollected = await reply(LIMS_API.acceptSample, blood.barcode, s.admin!);
    expect([notCollected.status, notCollected.body.message]).toEqual([
      409,
      SAMPLE_MESSAGES.notAllowed('pending collection', 'accepted'),
    ]);
    // the scanner types lower case and spaces: the barcode still matches
    const accepted = await reply(LIMS_API.acceptSample, ` ${serum.barcode.toLowerCase()} `, s.admin!);
    expect([accepted.status, accepted.body.message, accepted.body.data?.status]).toEqual([
      200,
      SAMPLE_MESSAGES.accepted,
      'ACCEPTED',
    ]);
    const twice = await reply(LIMS_API.acceptSample, serum.barcode, s.admin!);
    expect([twice.status, twice.body.message]).toEqual([409, SAMPLE_MESSAGES.notAllowed('accepted', 'accepted')]);
    const published = await tenantQuery<{ type: string }>(
      a.tenantId,
      `SELECT envelope->>'type' AS type FROM lims.outbox WHERE envelope->'payload'->>'sampleId' = $1`,
      [serum._id],
    );
    expect(published.map((e) => e.type)).toEqual(['SampleAccepted']);
    const audit = await tenantQuery<{ action: string }>(
      a.tenantId,
      `SELECT action FROM lims.audit_log WHERE target_id = $1 AND action LIKE 'SAMPLE_%' ORDER BY id`,
      [serum._id],
    );
    expect(audit.map((e) => e.action)).toEqual(['SAMPLE_CREATE', 'SAMPLE_COLLECT', 'SAMPLE_ACCEPT']);
  });

  it('rejects with a reason: a new sample to collect with the tests, SampleRejected, the centre told at once', async () => {
    await api.call(LIMS_API.collectSample, { sampleId: blood._id, place: 'CENTRE' }, { session: s.reception! });
    const listen = async (who: Credentials) => {
      const socket: Socket = io(BASE, {
        path: REALTIME_PATH,
        transports: ['websocket'],
        reconnection: false,
        auth: { token: who.token, sessionToken: who.sessionToken },
      });
      const got: SampleRejectedMessage[] = [];
      socket.on('lims:sample-rejected', (m: SampleRejectedMessage) => got.push(m));
      await new Promise<void>((resolve, reject) => {
        socket.on('system:hello', () => resolve());
        socket.on('connect_error', reject);
      });
      return { got, socket };
    };
    const [desk, otherCentre] = await Promise.all([listen(s.reception!), listen(s['centre.admin']!)]);
    try {
      const noReason = await api.reply(
        LIMS_API.rejectSample,
        { barcode: blood.barcode, reason: 'OTHER' },
        { session: s.admin! },
      );
      expect([noReason.status, noReason.body.message]).toEqual([400, `note: ${SAMPLE_MESSAGES.noteRequired}`]);
      const rejected = await api.reply(
        LIMS_API.rejectSample,
        { barcode: blood.barcode, reason: 'HAEMOLYSED', note: 'pink serum' },
        { session: s.admin! },
      );
      expect([rejected.status, rejected.body.message]).toEqual([200, SAMPLE_MESSAGES.rejected]);
      const { rejected: old, recollection } = rejected.body.data!;
      expect(old).toMatchObject({ status: 'REJECTED', rejectionReason: 'HAEMOLYSED', rejectionNote: 'pink serum' });
      expect(old.orders).toEqual([]);
      expect(recollection).toMatchObject({
        status: 'PENDING_COLLECTION',
        recollectionOf: blood._id,
        sampleType: 'WB_EDTA',
        container: 'LAVENDER_EDTA',
        registrationId,
      });
      expect(recollection.barcode).not.toBe(blood.barcode);
      expect(codes(recollection)).toEqual(['CBC:ORDERED']);
      const told = await eventually(
        async () => desk.got,
        (got) => got.length > 0,
        { what: 'the centre told of the rejection', timeoutMs: 10_000 },
      );
      expect(told).toEqual([
        expect.objectContaining({
          sampleId: blood._id,
          barcode: blood.barcode,
          centreId: a.centres.c1,
          reason: 'HAEMOLYSED',
          recollectionBarcode: recollection.barcode,
        }),
      ]);
      expect(otherCentre.got).toEqual([]);
      const published = await tenantQuery<{ type: string; recollection: string }>(
        a.tenantId,
        `SELECT envelope->>'type' AS type, envelope->'payload'->'recollection'->>'barcode' AS recollection
           FROM lims.outbox WHERE envelope->'payload'->>'sampleId' = $1`,
        [blood._id],
      );
      expect(published).toEqual([{ type: 'SampleRejected', recollection: recollection.barcode }]);
      const twice = await api.reply(
        LIMS_API.rejectSample,
        { barcode: blood.barcode, reason: 'CLOTTED' },
        { session: s.admin! },
      );
      expect(twice.status).toBe(409);
    } finally {
      desk.socket.close();
      otherCentre.socket.close();
    }
  });
});

describe('a cancellation at the desk', () => {
  it("cancels the items' orders and a sample left with none; an accepted sample stays", async () => {
    const registrationId = await register('c1', ['CBC', 'LFT', 'KFT']);
    const [serum, blood] = (await waitForSamples(registrationId, 2)).sort((p, q) =>
      p.sampleType.localeCompare(q.sampleType),
    );
    expect(serum!.sampleType).toBe('SERUM');
    await api.call(
      BILLING_API.cancelRegistrationItems,
      { registrationId, lineCodes: ['CBC', 'LFT'], reason: 'Patient left', requestKey: randomUUID() },
      { session: s.admin! },
    );
    const after = await eventually(
      () => samplesOf(registrationId),
      (items) => items.some((x) => x.status === 'CANCELLED'),
      { what: 'the cancellation applied', timeoutMs: 60_000 },
    );
    const byId = (id: string) => after.find((x) => x._id === id)!;
    expect([byId(blood!._id).status, codes(byId(blood!._id))]).toEqual(['CANCELLED', ['CBC:CANCELLED']]);
    expect([byId(serum!._id).status, codes(byId(serum!._id))]).toEqual([
      'PENDING_COLLECTION',
      ['KFT:ORDERED', 'LFT:CANCELLED'],
    ]);

    // accepted, then its last test cancelled: the orders are cancelled, the sample stays ACCEPTED
    await api.call(LIMS_API.collectSample, { sampleId: serum!._id, place: 'CENTRE' }, { session: s.reception! });
    await api.call(LIMS_API.acceptSample, { barcode: serum!.barcode }, { session: s.admin! });
    await api.call(
      BILLING_API.cancelRegistrationItems,
      {
        registrationId,
        lineCodes: ['KFT'],
        reason: 'Doctor changed the order',
        requestKey: randomUUID(),
      },
      { session: s.admin! },
    );
    const kept = await eventually(
      async () => (await samplesOf(registrationId)).find((x) => x._id === serum!._id)!,
      (x) => codes(x).includes('KFT:CANCELLED'),
      { what: 'the last order cancelled', timeoutMs: 60_000 },
    );
    expect(kept.status).toBe('ACCEPTED');
    const audit = await tenantQuery<{ details: { sampleCancelled: boolean; kept?: string } }>(
      a.tenantId,
      `SELECT details FROM lims.audit_log WHERE target_id = $1 AND action = 'SAMPLE_ORDERS_CANCELLED' ORDER BY id`,
      [serum!._id],
    );
    expect(audit.map((e) => e.details)).toEqual([
      expect.objectContaining({ sampleCancelled: false }),
      expect.objectContaining({ sampleCancelled: false, kept: 'the sample is ACCEPTED' }),
    ]);
  });
});
