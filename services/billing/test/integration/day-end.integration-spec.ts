import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient, credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import {
  addDays,
  AUTH_API,
  BILLING_API,
  DAY_END_MESSAGES,
  DEFAULT_CENTRE_TIME_ZONE,
  GATEWAY_PORT,
  localDateTime,
  type PatientInvoice,
  type PaymentMode,
} from '@rayworks/contracts';
import {
  eventually,
  everyRoleTenant,
  tenantQuery,
  TEST_PASSWORD,
  type EveryRoleTenant,
  type EveryRoleUser,
} from '@rayworks/testing';

/**
 * A centre's day end against the running system, through the gateway (docs/decisions/0278–0280): collection by mode
 * and by user (payments less refunds), invoices, credit notes and what is owed; the cash closing with its difference,
 * once; what came after it; the desk's own collection; unpaid balances by age; a referral's commission statement; the
 * finance dashboard — each only for the centres the caller reaches, never another company's. Invoices, payments,
 * refunds and credit notes are made through the real desk (registration, payment, refund, credit note).
 */
const api = new ApiClient({ baseUrl: process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}` });
const signIn = async (t: EveryRoleTenant, who: EveryRoleUser): Promise<Credentials> =>
  credentialsOf(await api.call(AUTH_API.login, {}, { headers: loginHeaders(t.login(who), TEST_PASSWORD) }));

const rupees = (n: number) => n * 100;
/** The centres' date today (every centre of these tests is on the default clock). */
const today = () => localDateTime(new Date(), DEFAULT_CENTRE_TIME_ZONE).date;

describe('the day end', () => {
  let a: EveryRoleTenant;
  let b: EveryRoleTenant;
  let admin: Credentials;
  let desk: Credentials;
  let gca: Credentials;
  let centreAdmin: Credentials;
  let radiologist: Credentials;
  let adminB: Credentials;
  let referralId: string;
  let day: string;
  const stamp = Date.now().toString().slice(-6);
  const invoices: Record<string, PatientInvoice> = {};

  const patientAt = (centreId: string, name: string, phone: string, session: Credentials) =>
    api.call(
      BILLING_API.createPatient,
      { centreId, patientName: `${name} ${stamp}`, gender: 'Female', dateOfBirth: '1984-02-03', phoneNumber: phone },
      { session },
    );
  const register = async (
    session: Credentials,
    centreId: string,
    patientId: string,
    testCode: string,
    payment: { amountMinor: number; mode: PaymentMode } | null,
    referral: string | null = null,
  ) =>
    (
      await api.call(
        BILLING_API.createRegistration,
        {
          centreId,
          patientId,
          referralId: referral,
          items: [{ testCode }],
          payment: payment && { ...payment, reference: null },
          requestKey: randomUUID(),
        },
        { session },
      )
    ).invoice;
  const pay = (session: Credentials, invoiceId: string, amountMinor: number, mode: PaymentMode) =>
    api.call(
      BILLING_API.createPayment,
      { invoiceId, amountMinor, mode, reference: null, idempotencyKey: randomUUID() },
      { session },
    );

  beforeAll(async () => {
    [a, b] = await Promise.all([everyRoleTenant('de-a'), everyRoleTenant('de-b')]);
    [admin, desk, gca, centreAdmin, radiologist, adminB] = await Promise.all([
      signIn(a, 'admin'),
      signIn(a, 'reception'),
      signIn(a, 'gca'),
      signIn(a, 'centre.admin'),
      signIn(a, 'radiologist'),
      signIn(b, 'admin'),
    ]);
    const { c1, c2, c3 } = a.centres as Record<'c1' | 'c2' | 'c3', string>;
    // billing learns the companies' centres from auth's events
    for (const [t, s] of [
      [a, admin],
      [b, adminB],
    ] as const)
      await eventually(
        () => api.reply(BILLING_API.getBillingSettings, { centreId: t.centres.c1! }, { session: s }),
        (r) => r.status === 200,
        { what: 'billing knows the company’s centres', timeoutMs: 60_000 },
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
    const card = await api.call(
      BILLING_API.createRateCard,
      {
        name: `Walk-in ${stamp}`,
        validFrom: '2020-01-01',
        prices: [
          { testCode: 'CTHEAD', price: '2000', holidayPrice: '2000', nightPrice: '2000', processingFee: '0' },
          { testCode: 'CBC', price: '300', holidayPrice: '300', nightPrice: '300', processingFee: '0' },
          { testCode: 'LFT', price: '500', holidayPrice: '500', nightPrice: '500', processingFee: '0' },
        ],
      },
      { session: admin },
    );
    await api.call(BILLING_API.assignRateCard, { rateCardId: card._id, centreIds: [c1, c2, c3] }, { session: admin });
    // a referral paid 12.5% (auth's; billing's read model learns it from auth.referral.v1)
    referralId = (
      await api.call(
        AUTH_API.createReferral,
        { name: `Dr Mehta ${stamp}`, providerType: 'External', commissionBasisPoints: 1250 },
        { session: admin },
      )
    )._id;
    await eventually(
      () =>
        api.reply(
          BILLING_API.getCommissionStatement,
          { referralId, from: '2026-01-01', to: '2026-01-01' },
          { session: admin },
        ),
      (r) => r.status === 200,
      { what: 'billing knows the referral', timeoutMs: 60_000 },
    );

    const [p1, p2, p3] = [
      await patientAt(c1, 'Anita Rao', `91${stamp}01`, desk),
      await patientAt(c2, 'Bela Shah', `91${stamp}02`, admin),
      await patientAt(c3, 'Chanda Iyer', `91${stamp}03`, admin),
    ];
    day = today();

    // ---- the day at c1: two users take cash, card and UPI; one refunds; a credit note
    // the desk: a CT for 2000 referred by the doctor, 1500 cash now, 200 by UPI later
    invoices.v1 = await register(desk, c1, p1._id, 'CTHEAD', { amountMinor: rupees(1500), mode: 'CASH' }, referralId);
    await pay(desk, invoices.v1._id, rupees(200), 'UPI');
    // the group centre admin: a CBC for 300 by card; an LFT for 500 referred, in cash, 100 of it given back
    invoices.v2 = await register(gca, c1, p1._id, 'CBC', { amountMinor: rupees(300), mode: 'CARD' });
    invoices.v3 = await register(gca, c1, p1._id, 'LFT', { amountMinor: rupees(500), mode: 'CASH' }, referralId);
    await api.call(
      BILLING_API.refund,
      {
        invoiceId: invoices.v3._id,
        amountMinor: rupees(100),
        mode: 'CASH',
        reason: 'Overcharged',
        idempotencyKey: randomUUID(),
      },
      { session: gca },
    );
    // 50.01 of the CT's balance taken back by a credit note
    await api.call(
      BILLING_API.createCreditNote,
      { invoiceId: invoices.v1._id, amountMinor: 5001, reason: 'Goodwill', idempotencyKey: randomUUID() },
      { session: admin },
    );
    // a visit of the same referral at c3 (not in the group centre admin's reach)
    invoices.v4 = await register(admin, c3, p3._id, 'CBC', null, referralId);

    // ---- c2: unpaid invoices of several ages (dated back below), one paid in full, one of today
    const ages: [string, string, { amountMinor: number; mode: PaymentMode } | null][] = [
      ['a10', 'CBC', null],
      ['a45', 'LFT', { amountMinor: rupees(200), mode: 'CASH' }],
      ['a75', 'CTHEAD', null],
      ['a120', 'CBC', null],
      ['paid200', 'LFT', { amountMinor: rupees(500), mode: 'CASH' }],
      ['a0', 'CBC', null],
    ];
    for (const [key, code, payment] of ages) invoices[key] = await register(admin, c2, p2._id, code, payment);
    // TEST ONLY: the desk issues invoices today, so the past dates of issue are written here, as the owner role, in
    // the test's own company — an issued invoice is never changed by the product
    for (const [key, days] of [
      ['a10', 10],
      ['a45', 45],
      ['a75', 75],
      ['a120', 120],
      ['paid200', 200],
    ] as const)
      await tenantQuery(a.tenantId, `UPDATE billing.invoices SET issued_on = $2::date WHERE id = $1`, [
        invoices[key]!._id,
        addDays(day, -days),
      ]);
  }, 180_000);

  const dayEnd = (session: Credentials, centreId = a.centres.c1!, date: string | undefined = day) =>
    api.reply(BILLING_API.getDayEnd, { centreId, ...(date ? { date } : {}) }, { session });

  it('sums the day’s collection by mode and by user (payments less refunds), its invoices, credit notes and what is owed', async () => {
    const reply = await dayEnd(admin);
    expect(reply.status).toBe(200);
    const r = reply.body.data!;
    expect({ centre: r.centre.id, date: r.date, timeZone: r.timeZone, currency: r.currency }).toEqual({
      centre: a.centres.c1,
      date: day,
      timeZone: DEFAULT_CENTRE_TIME_ZONE,
      currency: 'INR',
    });
    expect(r.collection.byMode).toEqual([
      {
        mode: 'CASH',
        payments: 2,
        paidMinor: rupees(2000),
        refunds: 1,
        refundedMinor: rupees(100),
        netMinor: rupees(1900),
      },
      { mode: 'CARD', payments: 1, paidMinor: rupees(300), refunds: 0, refundedMinor: 0, netMinor: rupees(300) },
      { mode: 'UPI', payments: 1, paidMinor: rupees(200), refunds: 0, refundedMinor: 0, netMinor: rupees(200) },
    ]);
    expect(r.collection).toMatchObject({
      payments: 4,
      paidMinor: rupees(2500),
      refunds: 1,
      refundedMinor: rupees(100),
      netMinor: rupees(2400),
    });
    expect(r.byUser.map((u) => [u.user.loginName, u.netMinor, u.byMode.map((m) => [m.mode, m.netMinor])])).toEqual(
      [
        [
          a.login('gca'),
          rupees(700),
          [
            ['CASH', rupees(400)],
            ['CARD', rupees(300)],
          ],
        ],
        [
          a.login('reception'),
          rupees(1700),
          [
            ['CASH', rupees(1500)],
            ['UPI', rupees(200)],
          ],
        ],
      ].sort((x, y) => String(x[0]).localeCompare(String(y[0]))),
    );
    expect(r.invoices).toEqual({ count: 3, totalMinor: rupees(2800) });
    expect(r.creditNotes).toEqual({ count: 1, amountMinor: 5001 });
    expect(r.revenueMinor).toBe(rupees(2800) - 5001);
    // the CT: 2000 − 50.01 − 1700 paid = 249.99; the LFT: 500 − 400 = 100
    expect(r.outstanding).toEqual({
      dayInvoices: 2,
      dayBalanceMinor: 24_999 + rupees(100),
      centreInvoices: 2,
      centreBalanceMinor: 24_999 + rupees(100),
    });
    expect(r.expectedCashMinor).toBe(rupees(1900));
    expect({ closing: r.closing, afterClose: r.afterClose, late: r.lateEntries }).toEqual({
      closing: null,
      afterClose: null,
      late: [],
    });
    // the day before has nothing; a day not yet begun is refused
    const yesterday = (await dayEnd(admin, a.centres.c1!, addDays(day, -1))).body.data!;
    expect({ collection: yesterday.collection.netMinor, invoices: yesterday.invoices.count }).toEqual({
      collection: 0,
      invoices: 0,
    });
    const future = await dayEnd(admin, a.centres.c1!, addDays(day, 2));
    expect({ status: future.status, message: future.body.message }).toEqual({
      status: 400,
      message: DAY_END_MESSAGES.futureDay,
    });
  });

  it('shows the desk only what it took itself, and not the centre’s figures', async () => {
    const mine = await api.call(BILLING_API.getMyCollection, { centreId: a.centres.c1! }, { session: desk });
    expect({ date: mine.date, user: mine.user.loginName, cash: mine.cashMinor, net: mine.collection.netMinor }).toEqual(
      {
        date: day,
        user: a.login('reception'),
        cash: rupees(1500),
        net: rupees(1700),
      },
    );
    expect(mine.collection.byMode.map((m) => m.mode)).toEqual(['CASH', 'UPI']);
    // open: the desk counts blind (no expected cash before its own close)
    expect(mine.closing).toBeNull();
    expect((await dayEnd(desk)).status).toBe(403);
    expect((await api.reply(BILLING_API.getMyCollection, { centreId: a.centres.c2! }, { session: desk })).status).toBe(
      404,
    );
  });

  it('closes the day once with the counted cash: short by the difference; a second close is 409; what comes after shows as such', async () => {
    const c1 = a.centres.c1!;
    // a radiologist may not close a day; the desk may not close another centre's; nor a day not yet begun
    expect(
      (
        await api.reply(
          BILLING_API.closeDay,
          { centreId: c1, date: day, countedCashMinor: 0 },
          { session: radiologist },
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await api.reply(
          BILLING_API.closeDay,
          { centreId: a.centres.c3!, date: day, countedCashMinor: 0 },
          { session: desk },
        )
      ).status,
    ).toBe(404);
    const early = await api.reply(
      BILLING_API.closeDay,
      { centreId: c1, date: addDays(day, 1), countedCashMinor: 0 },
      { session: desk },
    );
    expect({ status: early.status, message: early.body.message }).toEqual({
      status: 400,
      message: DAY_END_MESSAGES.futureDay,
    });

    const closed = await api.reply(
      BILLING_API.closeDay,
      { centreId: c1, date: day, countedCashMinor: rupees(1850), note: 'Counted twice' },
      { session: desk },
    );
    expect({ status: closed.status, message: closed.body.message }).toEqual({
      status: 200,
      message: DAY_END_MESSAGES.dayClosed,
    });
    const closing = closed.body.data!;
    // the desk opening its day again sees the close, as its closer saw it
    const mine = await api.call(BILLING_API.getMyCollection, { centreId: c1, date: day }, { session: desk });
    expect(mine.closing).toEqual(closing);
    expect(closing).toMatchObject({
      centreId: c1,
      date: day,
      countedCashMinor: rupees(1850),
      expectedCashMinor: rupees(1900),
      differenceMinor: -rupees(50),
      result: 'SHORT',
      note: 'Counted twice',
      closedBy: { loginName: a.login('reception') },
    });
    // audited, with the figures
    const [audit] = await tenantQuery<{ action: string; details: Record<string, unknown> }>(
      a.tenantId,
      `SELECT action, details FROM billing.audit_log WHERE target_type = 'day-closing' AND target_id = $1`,
      [closing._id],
    );
    expect(audit).toEqual({
      action: 'DAY_CLOSE',
      details: {
        centreId: c1,
        date: day,
        countedCashMinor: rupees(1850),
        expectedCashMinor: rupees(1900),
        differenceMinor: -rupees(50),
      },
    });

    // a second close of the same day, by anyone, is refused and changes nothing
    const again = await api.reply(
      BILLING_API.closeDay,
      { centreId: c1, date: day, countedCashMinor: rupees(1900) },
      { session: admin },
    );
    expect({ status: again.status, message: again.body.message }).toEqual({
      status: 409,
      message: DAY_END_MESSAGES.alreadyClosed(day, a.login('reception')),
    });

    // 50 in cash taken after the close: counted in the day, shown as after the close
    const late = await pay(desk, invoices.v1!._id, rupees(50), 'CASH');
    const r = (await dayEnd(admin)).body.data!;
    expect(r.closing).toMatchObject({
      _id: closing._id,
      expectedCashMinor: rupees(1900),
      countedCashMinor: rupees(1850),
    });
    expect(r.expectedCashMinor).toBe(rupees(1950));
    expect(r.collection.netMinor).toBe(rupees(2450));
    expect(r.afterClose!.byMode).toEqual([
      { mode: 'CASH', payments: 1, paidMinor: rupees(50), refunds: 0, refundedMinor: 0, netMinor: rupees(50) },
    ]);
    expect(r.lateEntries.map((e) => [e._id, e.kind, e.mode, e.amountMinor, e.invoiceNumber])).toEqual([
      [late.payment._id, 'PAYMENT', 'CASH', rupees(50), invoices.v1!.number],
    ]);
    // the closing answered by the report is the one written: the late payment did not move it
    expect(r.closing!.collection.netMinor).toBe(rupees(2400));
  });

  it('ages what is owed by date of issue (0–30, 31–60, 61–90, over 90 days), the oldest first', async () => {
    const c2 = a.centres.c2!;
    const get = (body: Record<string, unknown>, session = admin) =>
      api.reply(BILLING_API.getOutstanding, { centreId: c2, ...body }, { session });
    const reply = await get({});
    expect(reply.status).toBe(200);
    const o = reply.body.data!;
    expect(o.today).toBe(day);
    expect(o.buckets.map((x) => [x.bucket, x.invoices, x.balanceMinor])).toEqual([
      ['0-30', 2, rupees(600)],
      ['31-60', 1, rupees(300)],
      ['61-90', 1, rupees(2000)],
      ['90+', 1, rupees(300)],
    ]);
    expect({ invoices: o.invoices, balance: o.balanceMinor, total: o.total }).toEqual({
      invoices: 5,
      balance: rupees(3200),
      total: 5,
    });
    // the paid invoice is not owed, however old
    expect(o.items.map((i) => [i.invoiceId, i.ageDays, i.bucket, i.balanceMinor])).toEqual([
      [invoices.a120!._id, 120, '90+', rupees(300)],
      [invoices.a75!._id, 75, '61-90', rupees(2000)],
      [invoices.a45!._id, 45, '31-60', rupees(300)],
      [invoices.a10!._id, 10, '0-30', rupees(300)],
      [invoices.a0!._id, 0, '0-30', rupees(300)],
    ]);
    expect(o.items[2]).toMatchObject({ totalMinor: rupees(500), paidMinor: rupees(200), issuedOn: addDays(day, -45) });
    const bucket = (await get({ bucket: '61-90' })).body.data!;
    expect({ items: bucket.items.map((i) => i.invoiceId), total: bucket.total }).toEqual({
      items: [invoices.a75!._id],
      total: 1,
    });
    const byBalance = (await get({ sortBy: 'balanceMinor', sortDir: 'desc', pageSize: 2 })).body.data!;
    expect({ first: byBalance.items[0]!.invoiceId, shown: byBalance.items.length, total: byBalance.total }).toEqual({
      first: invoices.a75!._id,
      shown: 2,
      total: 5,
    });
    // another centre's admin, a group centre admin of c1 and another company: not found; the desk: no privilege
    for (const session of [centreAdmin, gca, adminB]) expect((await get({}, session)).status).toBe(404);
    expect((await get({}, desk)).status).toBe(403);
  });

  it('states a referral’s commission: 12.5% of its visits’ totals less credit notes, rounded once, half-up', async () => {
    const statement = (session: Credentials, from = day, to = day) =>
      api.reply(BILLING_API.getCommissionStatement, { referralId, from, to }, { session });
    const all = (await statement(admin)).body.data!;
    // bases: the CT 2000 − 50.01 = 1949.99, the LFT 500, the CBC at c3 300 → 2749.99; 12.5% = 343.74875 → 343.75
    expect({
      visits: all.visits,
      base: all.baseMinor,
      exact: all.commissionExact,
      minor: all.commissionMinor,
      rate: all.referral.commissionBasisPoints,
    }).toEqual({ visits: 3, base: 274_999, exact: '343.74875', minor: 34_375, rate: 1250 });
    expect(all.items.map((v) => [v.invoiceId, v.baseMinor, v.commissionExact]).sort()).toEqual(
      [
        [invoices.v1!._id, 194_999, '243.74875'],
        [invoices.v3!._id, rupees(500), '62.50'],
        [invoices.v4!._id, rupees(300), '37.50'],
      ].sort(),
    );
    // the group centre admin reaches c1 only: the visit at c3 is not theirs to see
    const mine = (await statement(gca)).body.data!;
    expect({
      visits: mine.visits,
      base: mine.baseMinor,
      exact: mine.commissionExact,
      minor: mine.commissionMinor,
    }).toEqual({ visits: 2, base: 244_999, exact: '306.24875', minor: 30_625 });
    // a period without visits; another company
    const before = (await statement(admin, addDays(day, -30), addDays(day, -1))).body.data!;
    expect({ visits: before.visits, exact: before.commissionExact, minor: before.commissionMinor }).toEqual({
      visits: 0,
      exact: '0.00',
      minor: 0,
    });
    expect((await statement(adminB)).status).toBe(404);
    const reversed = await statement(admin, day, addDays(day, -1));
    expect({ status: reversed.status, message: reversed.body.message }).toEqual({
      status: 400,
      message: `from: ${DAY_END_MESSAGES.periodReversed}`,
    });
  });

  it('shows revenue, collection and what is owed per centre of the caller’s reach, the same figures as the day end', async () => {
    const dashboard = (session: Credentials, body: Record<string, unknown> = {}) =>
      api.reply(BILLING_API.getFinanceDashboard, { from: day, to: day, ...body }, { session });
    const d = (await dashboard(admin)).body.data!;
    const byId = new Map(d.byCentre.map((c) => [c.centre.id, c]));
    expect(d.byCentre.map((c) => c.centre.id).sort()).toEqual(
      [a.centres.c1, a.centres.c2, a.centres.c3, a.centres.hub].sort(),
    );
    const report = (await dayEnd(admin)).body.data!;
    const c1 = byId.get(a.centres.c1!)!;
    expect({
      invoices: c1.invoices,
      invoiced: c1.invoicedMinor,
      credited: c1.creditedMinor,
      revenue: c1.revenueMinor,
      collection: c1.collection,
      owed: c1.outstandingMinor,
    }).toEqual({
      invoices: report.invoices.count,
      invoiced: report.invoices.totalMinor,
      credited: report.creditNotes.amountMinor,
      revenue: report.revenueMinor,
      collection: report.collection,
      owed: report.outstanding.centreBalanceMinor,
    });
    // c2: today's one invoice (the others are dated back), today's cash, and all that is owed there — the invoices of
    // finished days read from their days' sums, today's from the entries
    const c2 = byId.get(a.centres.c2!)!;
    expect({ invoices: c2.invoices, cash: c2.collection.netMinor, owed: c2.outstandingMinor }).toEqual({
      invoices: 1,
      cash: rupees(700),
      owed: rupees(3200),
    });
    const [frontier] = await tenantQuery<{ through: string }>(
      a.tenantId,
      `SELECT frozen_through::text AS through FROM billing.finance_frontiers WHERE centre_id = $1`,
      [a.centres.c2],
    );
    expect(frontier).toEqual({ through: addDays(day, -2) });
    // a period over the finished days: the dated-back invoices come from the days' sums (twice the same answer)
    for (let read = 0; read < 2; read++) {
      const long = (await dashboard(admin, { from: addDays(day, -200), centreId: a.centres.c2 })).body.data!;
      const only = long.byCentre[0]!;
      expect({
        centres: long.byCentre.length,
        invoices: only.invoices,
        invoiced: only.invoicedMinor,
        cash: only.collection.netMinor,
        owed: only.outstandingMinor,
      }).toEqual({ centres: 1, invoices: 6, invoiced: rupees(3900), cash: rupees(700), owed: rupees(3200) });
    }
    const older = (await dashboard(admin, { from: addDays(day, -200), to: addDays(day, -40) })).body.data!;
    expect({
      invoices: older.totals.invoices,
      invoiced: older.totals.invoicedMinor,
      net: older.totals.collection.netMinor,
    }).toEqual({ invoices: 4, invoiced: rupees(500 + 2000 + 300 + 500), net: 0 });
    // a named period is each centre's today on its own clock, whatever the reader's clock says: the same figures
    const named = (await dashboard(admin, { period: 'today', from: undefined, to: undefined })).body.data!;
    expect({ from: named.from, to: named.to, days: named.byCentre.map((c) => [c.from, c.to]) }).toEqual({
      from: day,
      to: day,
      days: d.byCentre.map(() => [day, day]),
    });
    expect(named.totals).toEqual(d.totals);
    for (const [body, why] of [
      [{ period: 'today' }, 'a period and dates'],
      [{ from: undefined, to: undefined }, 'neither'],
      [{ to: undefined }, 'one date'],
    ] as const) {
      const refused = await dashboard(admin, body);
      expect({ why, status: refused.status, message: refused.body.message }).toEqual({
        why,
        status: 400,
        message: `period: ${DAY_END_MESSAGES.periodOrDates}`,
      });
    }
    const sum = (pick: (c: (typeof d.byCentre)[number]) => number) => d.byCentre.reduce((n, c) => n + pick(c), 0);
    expect(d.totals.outstandingMinor).toBe(sum((c) => c.outstandingMinor));
    expect(d.totals.collection.netMinor).toBe(sum((c) => c.collection.netMinor));
    expect(d.totals.revenueMinor).toBe(sum((c) => c.revenueMinor));

    // the group centre admin: c1 only; another company: its own centres, with nothing in them, and not A's centre
    const g = (await dashboard(gca)).body.data!;
    expect(g.byCentre.map((c) => c.centre.id)).toEqual([a.centres.c1]);
    const other = (await dashboard(adminB)).body.data!;
    expect(other.byCentre.map((c) => c.centre.id).sort()).toEqual(Object.values(b.centres).sort());
    expect({
      net: other.totals.collection.netMinor,
      owed: other.totals.outstandingMinor,
      n: other.totals.invoices,
    }).toEqual({ net: 0, owed: 0, n: 0 });
    expect((await dashboard(adminB, { centreId: a.centres.c1 })).status).toBe(404);
    expect((await dashboard(desk)).status).toBe(403);
    const tooLong = await dashboard(admin, { from: addDays(day, -366) });
    expect({ status: tooLong.status, message: tooLong.body.message }).toEqual({
      status: 400,
      message: `to: ${DAY_END_MESSAGES.periodTooLong}`,
    });
  });
  it('keeps running totals of the summed days: a period of any length, summed at once or in steps, says what its entries say', async () => {
    const c2 = a.centres.c2!;
    const figures = async (from: string, to: string) => {
      const only = (await api.call(BILLING_API.getFinanceDashboard, { from, to, centreId: c2 }, { session: admin }))
        .byCentre[0]!;
      return {
        invoices: only.invoices,
        invoiced: only.invoicedMinor,
        cash: only.collection.netMinor,
        owed: only.outstandingMinor,
      };
    };
    // TEST ONLY, as the owner in the test's own company: the summed days of c2 are forgotten, and the two payments
    // of its dated-back invoices are dated back with them, so that summing finds payments on finished days
    const forget = async (after: string | null) => {
      for (const table of ['finance_days', 'finance_day_modes'])
        await tenantQuery(
          a.tenantId,
          `DELETE FROM billing.${table} WHERE centre_id = $1 AND ($2::date IS NULL OR local_date > $2::date)`,
          [c2, after],
        );
      await tenantQuery(
        a.tenantId,
        after === null
          ? `DELETE FROM billing.finance_frontiers WHERE centre_id = $1`
          : `UPDATE billing.finance_frontiers SET frozen_through = $2::date WHERE centre_id = $1`,
        after === null ? [c2] : [c2, after],
      );
    };
    await forget(null);
    for (const [key, days] of [
      ['a45', 45],
      ['paid200', 200],
    ] as const)
      await tenantQuery(
        a.tenantId,
        `UPDATE billing.payments SET taken_at = taken_at - make_interval(days => $2) WHERE invoice_id = $1`,
        [invoices[key]!._id, days],
      );
    const expected = {
      all: { invoices: 5, invoiced: rupees(300 + 500 + 2000 + 300 + 500), cash: rupees(700), owed: rupees(3200) },
      early: { invoices: 2, invoiced: rupees(300 + 500), cash: rupees(500), owed: rupees(3200) },
      late: { invoices: 3, invoiced: rupees(300 + 500 + 2000), cash: rupees(200), owed: rupees(3200) },
    };
    const read = async () => ({
      all: await figures(addDays(day, -200), addDays(day, -2)),
      early: await figures(addDays(day, -200), addDays(day, -101)),
      late: await figures(addDays(day, -100), addDays(day, -2)),
    });
    // summed at once (the first read sums every finished day)
    expect(await read()).toEqual(expected);
    // summed in two steps: the days after day −100 forgotten, then summed again on top of the earlier ones
    await forget(addDays(day, -100));
    expect(await read()).toEqual(expected);
    // the last summed day's running totals are the sums of all the days before it
    const [check] = await tenantQuery<{ days: string; run: string; modes: string; run_modes: string }>(
      a.tenantId,
      `SELECT (SELECT sum(invoiced_minor) FROM billing.finance_days WHERE centre_id = $1)::text AS days,
              (SELECT run_invoiced_minor FROM billing.finance_days WHERE centre_id = $1
                ORDER BY local_date DESC LIMIT 1)::text AS run,
              (SELECT sum(paid_minor) FROM billing.finance_day_modes WHERE centre_id = $1 AND mode = 'CASH')::text
                AS modes,
              (SELECT run_paid_minor FROM billing.finance_day_modes WHERE centre_id = $1 AND mode = 'CASH'
                ORDER BY local_date DESC LIMIT 1)::text AS run_modes`,
      [c2],
    );
    expect(check).toEqual({
      days: String(expected.all.invoiced),
      run: String(expected.all.invoiced),
      modes: String(rupees(700)),
      run_modes: String(rupees(700)),
    });
  });
});
