import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient, credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import {
  AUTH_API,
  BILLING_API,
  CASES_API,
  DEFAULT_CENTRE_TIME_ZONE,
  DEFAULT_ROLE_PRIVILEGES,
  financialYearOf,
  GATEWAY_PORT,
  grantsAllow,
  localDateTime,
  parseInvoiceNumber,
  REGISTRATION_MESSAGES,
  requirement,
  VIEWER_DICOMWEB_PATH,
  type BodyOf,
  type Patient,
  type PaymentMode,
} from '@rayworks/contracts';
import {
  buildStudyFolder,
  eventually,
  EVERY_ROLE_REACH,
  EVERY_ROLE_USERS,
  everyRoleTenant,
  stowFiles,
  TEST_PASSWORD,
  type EveryRoleTenant,
  type EveryRoleUser,
} from '@rayworks/testing';

/**
 * The registration desk against the running system, through the gateway (docs/decisions/0264, 0266): a visit is
 * priced at the centre's price of the moment (a holiday here), invoiced with the centre's next number, ordered (a
 * package expanded, a radiology test with an accession number) and paid in one step; a retry answers the first;
 * cancelling lines issues a credit note and refunds what was paid beyond the new total.
 */
const base = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}`;
const api = new ApiClient({ baseUrl: base });
const signIn = async (t: EveryRoleTenant, who: EveryRoleUser): Promise<Credentials> =>
  credentialsOf(await api.call(AUTH_API.login, {}, { headers: loginHeaders(t.login(who), TEST_PASSWORD) }));

const rupees = (n: number) => n * 100;

describe('the registration desk', () => {
  let a: EveryRoleTenant;
  let b: EveryRoleTenant;
  let admin: Credentials;
  let desk: Credentials;
  let adminB: Credentials;
  let patient: Patient;
  const stamp = Date.now().toString().slice(-6);

  beforeAll(async () => {
    [a, b] = await Promise.all([everyRoleTenant('rg-a'), everyRoleTenant('rg-b')]);
    [admin, desk, adminB] = await Promise.all([signIn(a, 'admin'), signIn(a, 'reception'), signIn(b, 'admin')]);
    const c1 = a.centres.c1!;
    // billing learns the company's centres from auth's events
    await eventually(
      () => api.reply(BILLING_API.getBillingSettings, { centreId: c1 }, { session: admin }),
      (r) => r.status === 200,
      { what: 'billing knows the company’s centres', timeoutMs: 30_000 },
    );
    await api.call(
      BILLING_API.updateBillingSettings,
      {
        centreId: c1,
        timeZone: DEFAULT_CENTRE_TIME_ZONE,
        nightWindow: null,
        discountLimits: [{ roleCode: 'RECEPTIONIST', limitBasisPoints: 1000 }],
      },
      { session: admin },
    );
    const test = (code: string, name: string, kind: 'RADIOLOGY' | 'LAB') =>
      api.call(
        BILLING_API.createTest,
        kind === 'RADIOLOGY'
          ? { code, name, kind, modality: 'CT', bodyPart: 'HEAD' }
          : { code, name, kind, sampleType: 'Blood' },
        { session: admin },
      );
    await test('CTHEAD', 'CT Head Plain', 'RADIOLOGY');
    await test('CBC', 'Complete Blood Count', 'LAB');
    await test('LFT', 'Liver Function Test', 'LAB');
    await test('GLU', 'Blood Glucose (free screening)', 'LAB');
    await api.call(
      BILLING_API.createPackage,
      { code: 'WELL', name: 'Wellness Panel', testCodes: ['CBC', 'LFT'] },
      { session: admin },
    );
    const card = await api.call(
      BILLING_API.createRateCard,
      {
        name: `Walk-in ${stamp}`,
        validFrom: '2020-01-01',
        prices: [
          { testCode: 'CTHEAD', price: '2000', holidayPrice: '2500', nightPrice: '3000', processingFee: '100' },
          { testCode: 'CBC', price: '300', holidayPrice: '400', nightPrice: '450', processingFee: '0' },
          { testCode: 'LFT', price: '500', holidayPrice: '600', nightPrice: '650', processingFee: '0' },
          { testCode: 'GLU', price: '0', holidayPrice: '0', nightPrice: '0', processingFee: '0' },
          { packageCode: 'WELL', price: '700', holidayPrice: '800', nightPrice: '900', processingFee: '0' },
        ],
      },
      { session: admin },
    );
    await api.call(
      BILLING_API.assignRateCard,
      { rateCardId: card._id, centreIds: [c1, a.centres.c2!] },
      { session: admin },
    );
    // today is a holiday at the centre (its own date, in its time zone)
    await api.call(
      BILLING_API.createHoliday,
      { centreIds: [c1], date: localDateTime(new Date(), DEFAULT_CENTRE_TIME_ZONE).date, name: 'Test holiday' },
      { session: admin },
    );
    patient = await api.call(
      BILLING_API.createPatient,
      {
        centreId: c1,
        patientName: `Ravi Kumar ${stamp}`,
        gender: 'Male',
        dateOfBirth: '1979-06-11',
        phoneNumber: `94${stamp}11`,
      },
      { session: desk },
    );
  }, 120_000);

  /** A registration at c1 for the test's patient; bad bodies on purpose too (the server judges them). */
  const register = (body: Record<string, unknown>, session = desk) =>
    api.reply(
      BILLING_API.createRegistration,
      { centreId: a.centres.c1!, patientId: patient._id, requestKey: randomUUID(), ...body } as BodyOf<
        typeof BILLING_API.createRegistration
      >,
      { session },
    );

  it('registers a CT and a lab package on a holiday: holiday prices, one invoice, the package expanded, paid in part', async () => {
    const requestKey = randomUUID();
    const reply = await register({
      requestKey,
      items: [{ testCode: 'CTHEAD' }, { packageCode: 'WELL' }],
      payment: { amountMinor: rupees(1000), mode: 'CASH' },
    });
    expect(reply.status).toBe(200);
    const { registration, invoice, payment } = reply.body.data!;
    expect(registration.priceKind).toBe('holiday');
    expect(registration.mrID).toBe(patient.mrID);
    expect(invoice.lines.map((l) => [l.code, l.priceKind, l.unitMinor])).toEqual([
      ['CTHEAD', 'holiday', rupees(2500)],
      ['WELL', 'holiday', rupees(800)],
    ]);
    expect(invoice).toMatchObject({ totalMinor: rupees(3300), paidMinor: rupees(1000), balanceMinor: rupees(2300) });
    expect(parseInvoiceNumber(invoice.number)).not.toBeNull();
    expect(payment).toMatchObject({ kind: 'PAYMENT', amountMinor: rupees(1000), mode: 'CASH' });
    // one row per test: the package's two lab tests, the CT with an accession number
    expect(
      registration.items.map((i) => [i.lineCode, i.code, i.kind, i.packageCode, i.accessionNumber !== null]),
    ).toEqual([
      ['CTHEAD', 'CTHEAD', 'RADIOLOGY', null, true],
      ['WELL', 'CBC', 'LAB', 'WELL', false],
      ['WELL', 'LFT', 'LAB', 'WELL', false],
    ]);
    expect(registration.items[0]!.accessionNumber).toMatch(/^\d{10}$/);

    // the same request again (a double click, a retry): the same visit, invoice and payment, nothing added
    const again = await register({
      requestKey,
      items: [{ testCode: 'CTHEAD' }, { packageCode: 'WELL' }],
      payment: { amountMinor: rupees(1000), mode: 'CASH' },
    });
    expect(again.body.data!.registration._id).toBe(registration._id);
    expect(again.body.data!.invoice).toMatchObject({ number: invoice.number, paidMinor: rupees(1000) });
    const visits = await api.call(BILLING_API.findPatientRegistrations, { patientId: patient._id }, { session: desk });
    expect(visits.items.filter((v) => v._id === registration._id)).toHaveLength(1);
  });

  it("orders the CT in its centre's worklist: PENDING FOR SCAN until its study arrives with the accession, then NEW", async () => {
    const { registration } = (await register({ items: [{ testCode: 'CTHEAD' }, { testCode: 'CBC' }] })).body.data!;
    const accession = registration.items.find((i) => i.kind === 'RADIOLOGY')!.accessionNumber!;
    const pending = await eventually(
      () => api.call(CASES_API.findCases, { status: 'PENDING FOR SCAN', search: patient.mrID }, { session: desk }),
      (cases) => cases.some((c) => c.accessionNumber === accession),
      { what: "the registration's case", timeoutMs: 60_000 },
    );
    const ordered = pending.filter((c) => c.accessionNumber === accession);
    expect(ordered).toHaveLength(1);
    expect(ordered[0]).toMatchObject({ patientId: patient.mrID, modality: 'CT', centreId: a.centres.c1 });
    const dir = await mkdtemp(path.join(os.tmpdir(), 'rayworks-desk-it-'));
    try {
      const study = await buildStudyFolder(path.join(dir, 'ct'), {
        series: ['ct'],
        patientId: patient.mrID,
        patientName: 'KUMAR^RAVI',
        accessionNumber: accession,
      });
      expect((await stowFiles(`${base}${VIEWER_DICOMWEB_PATH}`, desk.token, study.files)).status).toBe(200);
      const arrived = await eventually(
        () => api.call(CASES_API.findOneCase, { _id: ordered[0]!._id }, { session: desk }),
        (c) => c.status === 'NEW',
        { what: 'the CT case NEW', timeoutMs: 90_000 },
      );
      expect(arrived.studyInstanceUid).toBe(study.studyInstanceUid);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("dates the invoice on the centre's own clock (its billing settings' time zone)", async () => {
    const c2 = a.centres.c2!;
    const zone = 'Pacific/Pago_Pago';
    await api.call(
      BILLING_API.updateBillingSettings,
      { centreId: c2, timeZone: zone, nightWindow: null },
      { session: admin },
    );
    const there = await api.call(
      BILLING_API.createPatient,
      { centreId: c2, patientName: `Lata Iyer ${stamp}`, gender: 'Female', phoneNumber: `95${stamp}22` },
      { session: admin },
    );
    const reply = await api.reply(
      BILLING_API.createRegistration,
      { centreId: c2, patientId: there._id, items: [{ testCode: 'CBC' }], requestKey: randomUUID() },
      { session: admin },
    );
    expect(reply.status).toBe(200);
    const { invoice } = reply.body.data!;
    expect(invoice.issuedOn).toBe(localDateTime(new Date(invoice.issuedAt), zone).date);
    expect(invoice.financialYear).toBe(financialYearOf(new Date(invoice.issuedAt), zone));
  });

  it("names the visit's referral, as billing learned it from auth (auth.referral.v1)", async () => {
    const referral = await api.call(
      AUTH_API.createReferral,
      { name: `Dr. Anand Rao ${stamp}`, providerType: 'External' },
      { session: admin },
    );
    const reply = await eventually(
      () => register({ items: [{ testCode: 'CBC' }], referralId: referral._id, providerKind: 'External' }),
      (r) => r.status === 200,
      { what: 'billing knows the referral', timeoutMs: 30_000 },
    );
    expect(reply.body.data!.registration).toMatchObject({
      referralId: referral._id,
      referredName: referral.name,
      providerKind: 'External',
    });
  });

  it('refuses what it cannot bill and leaves nothing behind', async () => {
    const before = await api.call(BILLING_API.findPatientRegistrations, { patientId: patient._id }, { session: desk });
    // a payment beyond the total is the ledger's refusal (400 or 409, 0243); the rest have one answer each
    const cases: [string, Record<string, unknown>, Credentials, number[]][] = [
      ['nothing ordered', { items: [] }, desk, [400]],
      ['an unknown code', { items: [{ testCode: 'NOSUCH' }] }, desk, [404]],
      ['a code twice', { items: [{ testCode: 'CBC' }, { testCode: 'CBC' }] }, desk, [400]],
      ['a test on its own and in a package', { items: [{ packageCode: 'WELL' }, { testCode: 'CBC' }] }, desk, [400]],
      [
        'paid beyond',
        { items: [{ testCode: 'CBC' }], payment: { amountMinor: rupees(5000), mode: 'CASH' } },
        desk,
        [400, 409],
      ],
      ['another centre', { items: [{ testCode: 'CBC' }], centreId: a.centres.c2! }, desk, [409]],
      ['another company', { items: [{ testCode: 'CBC' }] }, adminB, [404]],
      ['an unknown referral', { items: [{ testCode: 'CBC' }], referralId: randomUUID() }, desk, [404]],
    ];
    for (const [what, body, session, statuses] of cases) {
      const reply = await register(body, session);
      expect({ what, ok: statuses.includes(reply.status) }).toEqual({ what, ok: true });
    }
    const after = await api.call(BILLING_API.findPatientRegistrations, { patientId: patient._id }, { session: desk });
    expect(after.items.length).toBe(before.items.length);
    // the package's test again on its own is named, with the lines that order it (decision 0321)
    const twice = await register({ items: [{ packageCode: 'WELL' }, { testCode: 'CBC' }] });
    expect(twice.body.message).toBe('CBC is ordered twice (by WELL and CBC): order it once');
  });

  it("needs the approver's privilege for a discount above the desk's limit (0266)", async () => {
    const big = { items: [{ testCode: 'CBC', discount: { kind: 'basisPoints', basisPoints: 2500 } }] };
    const byDesk = await register(big);
    expect({ status: byDesk.status, message: byDesk.body.message }).toEqual({
      status: 403,
      message: REGISTRATION_MESSAGES.discountNeedsApproval(['CBC']),
    });
    const small = await register({
      items: [{ testCode: 'CBC', discount: { kind: 'basisPoints', basisPoints: 1000 } }],
    });
    expect(small.body.data!.invoice.totalMinor).toBe(rupees(360));
    const byAdmin = await register(big, admin);
    expect(byAdmin.body.data!.invoice.totalMinor).toBe(rupees(300));
  });

  it('cancels lines: a credit note for them, and what was paid beyond the new total refunded', async () => {
    const made = (
      await register({
        items: [{ testCode: 'CTHEAD' }, { packageCode: 'WELL' }],
        payment: { amountMinor: rupees(1000), mode: 'UPI', reference: `UPI${stamp}` },
      })
    ).body.data!;
    const cancel = (lineCodes: string[], refundMode: PaymentMode | null) =>
      api.reply(
        BILLING_API.cancelRegistrationItems,
        {
          registrationId: made.registration._id,
          lineCodes,
          reason: 'Patient declined',
          refundMode,
          requestKey: randomUUID(),
        },
        { session: admin },
      );
    // the CT's case is in the worklist before its line is cancelled
    const accession = made.registration.items.find((i) => i.kind === 'RADIOLOGY')!.accessionNumber;
    await eventually(
      () => api.call(CASES_API.findCases, { status: 'PENDING FOR SCAN', search: patient.mrID }, { session: admin }),
      (cases) => cases.some((c) => c.accessionNumber === accession),
      { what: "the CT's case", timeoutMs: 60_000 },
    );
    const panel = await cancel(['WELL'], null);
    expect(panel.status).toBe(200);
    expect(panel.body.data!.creditNote?.amountMinor).toBe(rupees(800));
    expect(panel.body.data!.refund).toBeNull();
    expect(panel.body.data!.registration.items.map((i) => [i.code, i.status])).toEqual([
      ['CTHEAD', 'ORDERED'],
      ['CBC', 'CANCELLED'],
      ['LFT', 'CANCELLED'],
    ]);
    expect((await cancel(['WELL'], null)).status).toBe(409);
    expect((await cancel(['NOPE'], null)).status).toBe(400);
    // cancelling the CT leaves nothing to pay: the 1000 paid must go back, and the desk says how
    const noMode = await cancel(['CTHEAD'], null);
    expect(noMode.status).toBe(400);
    const ct = await cancel(['CTHEAD'], 'CASH');
    expect(ct.body.data!.refund).toMatchObject({ kind: 'REFUND', amountMinor: rupees(1000), mode: 'CASH' });
    expect(ct.body.data!.creditNote?.amountMinor).toBe(rupees(2500));
    // the cancelled CT's case, still PENDING FOR SCAN, leaves the worklist (0262)
    await eventually(
      () => api.call(CASES_API.findCases, { status: 'PENDING FOR SCAN', search: patient.mrID }, { session: admin }),
      (cases) => !cases.some((c) => c.accessionNumber === accession),
      { what: "the cancelled CT's case gone", timeoutMs: 60_000 },
    );
    const invoice = await api.call(BILLING_API.getBilling, { id: made.invoice._id }, { session: admin });
    expect(invoice).toMatchObject({
      totalMinor: rupees(3300),
      creditedMinor: rupees(3300),
      paidMinor: 0,
      balanceMinor: 0,
    });
  });

  it("shows a visit and its invoice only to billing's users who reach its centre, and never to another company", async () => {
    const made = (await register({ items: [{ testCode: 'CBC' }] })).body.data!;
    const mayView = (who: EveryRoleUser) =>
      grantsAllow(DEFAULT_ROLE_PRIVILEGES[EVERY_ROLE_USERS[who].role], requirement('BILLING', 'VIEW'));
    const reaches = (who: EveryRoleUser) => EVERY_ROLE_REACH[who] === 'company' || EVERY_ROLE_REACH[who].includes('c1');
    for (const who of Object.keys(EVERY_ROLE_USERS) as EveryRoleUser[]) {
      const s = await signIn(a, who);
      const want = !mayView(who) ? 403 : reaches(who) ? 200 : 404;
      const visit = await api.reply(BILLING_API.getRegistration, { id: made.registration._id }, { session: s });
      const invoice = await api.reply(BILLING_API.getBilling, { id: made.invoice._id }, { session: s });
      expect({ who, visit: visit.status, invoice: invoice.status }).toEqual({ who, visit: want, invoice: want });
    }
    for (const [endpoint, id] of [
      [BILLING_API.getRegistration, made.registration._id],
      [BILLING_API.getBilling, made.invoice._id],
    ] as const)
      expect((await api.reply(endpoint, { id }, { session: adminB })).status).toBe(404);
  });

  it('cancels a line billed at nothing without a credit note', async () => {
    const made = (await register({ items: [{ testCode: 'GLU' }, { testCode: 'CBC' }] })).body.data!;
    const reply = await api.reply(
      BILLING_API.cancelRegistrationItems,
      { registrationId: made.registration._id, lineCodes: ['GLU'], reason: 'Not needed', requestKey: randomUUID() },
      { session: admin },
    );
    expect(reply.status).toBe(200);
    expect(reply.body.data!.creditNote).toBeNull();
    expect(reply.body.data!.registration.items.map((i) => [i.code, i.status])).toEqual([
      ['GLU', 'CANCELLED'],
      ['CBC', 'ORDERED'],
    ]);
  });

  it('numbers invoices and visits gap-free when many desks register at once', async () => {
    const replies = await Promise.all(Array.from({ length: 12 }, () => register({ items: [{ testCode: 'LFT' }] })));
    expect(replies.map((r) => r.status)).toEqual(replies.map(() => 200));
    const sequences = replies
      .map((r) => parseInvoiceNumber(r.body.data!.invoice.number)!.sequence)
      .sort((x, y) => x - y);
    const first = sequences[0]!;
    expect(sequences).toEqual(sequences.map((_, i) => first + i));
    const visits = new Set(replies.map((r) => r.body.data!.registration.registrationID));
    expect(visits.size).toBe(12);
  });
});
