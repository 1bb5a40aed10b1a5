import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient, credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import {
  AUTH_API,
  BILLING_API,
  DEFAULT_ROLE_PRIVILEGES,
  GATEWAY_PORT,
  GENERIC,
  grantsAllow,
  PRICE_MESSAGES,
  requirement,
  SPECIFIC,
} from '@rayworks/contracts';
import {
  eventually,
  EVERY_ROLE_REACH,
  EVERY_ROLE_USERS,
  everyRoleTenant,
  TEST_PASSWORD,
  type EveryRoleTenant,
  type EveryRoleUser,
  withOwnerClient,
} from '@rayworks/testing';

/**
 * Prices against the running system, through the gateway (docs/decisions/0249, 0250): a centre's billing settings and
 * holidays, rate cards with versioned prices and their assignment, and the quote the desk previews — holiday and night
 * prices on the centre's clock, a referral's card before the default, a price edit that leaves the billed row readable,
 * the spec's messages for bad prices, and nothing of another centre or company.
 */
const api = new ApiClient({ baseUrl: process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}` });
const signIn = async (t: EveryRoleTenant, who: EveryRoleUser): Promise<Credentials> =>
  credentialsOf(await api.call(AUTH_API.login, {}, { headers: loginHeaders(t.login(who), TEST_PASSWORD) }));
const USERS = Object.keys(EVERY_ROLE_USERS) as EveryRoleUser[];
const reaches = (who: EveryRoleUser, centre: 'c1' | 'c2' | 'c3') =>
  EVERY_ROLE_REACH[who] === 'company' || EVERY_ROLE_REACH[who].includes(centre);
const mayReadSettings = (who: EveryRoleUser) =>
  grantsAllow(
    DEFAULT_ROLE_PRIVILEGES[EVERY_ROLE_USERS[who].role],
    requirement('FINANCE', GENERIC.VIEW, GENERIC.EDIT, SPECIFIC.HOLIDAY_CALENDAR_VIEW, SPECIFIC.HOLIDAY_CALENDAR_EDIT),
  );
const mayPreview = (who: EveryRoleUser) =>
  grantsAllow(
    DEFAULT_ROLE_PRIVILEGES[EVERY_ROLE_USERS[who].role],
    requirement('BILLING', GENERIC.VIEW, GENERIC.CREATE),
  );

/** Prices as the form types them (rupees as text). */
const prices = (price: string, holidayPrice: string, nightPrice: string, processingFee = '0') => ({
  price,
  holidayPrice,
  nightPrice,
  processingFee,
});

describe('prices', () => {
  let a: EveryRoleTenant;
  let b: EveryRoleTenant;
  const session = new Map<EveryRoleUser, Credentials>();
  let adminB: Credentials;
  const admin = () => session.get('admin')!;
  const desk = () => session.get('reception')!;
  let c1: string;
  let c2: string;
  let c3: string;

  beforeAll(async () => {
    [a, b] = await Promise.all([everyRoleTenant('pr-a'), everyRoleTenant('pr-b')]);
    for (const who of USERS) session.set(who, await signIn(a, who));
    adminB = await signIn(b, 'admin');
    [c1, c2, c3] = [a.centres.c1!, a.centres.c2!, a.centres.c3!];
    // billing learns a company's centres from auth's events (its read model of auth.org.v1)
    for (const [centreId, s] of [
      [c1, admin()],
      [c2, admin()],
      [c3, admin()],
      [b.centres.c1!, adminB],
    ] as const)
      await eventually(
        () => api.reply(BILLING_API.getBillingSettings, { centreId }, { session: s }),
        (r) => r.status === 200,
        { what: 'billing knows the company’s centres', timeoutMs: 30_000 },
      );
    // the catalogue: a CT (exempt), a taxable lab test and a package of both
    await api.call(
      BILLING_API.createTest,
      { code: 'CT-HEAD', name: 'CT Head', kind: 'RADIOLOGY', modality: 'CT', bodyPart: 'Head' },
      { session: admin() },
    );
    await api.call(
      BILLING_API.createTest,
      { code: 'VITD', name: 'Vitamin D', kind: 'LAB', sampleType: 'Serum', taxable: true },
      { session: admin() },
    );
    await api.call(
      BILLING_API.createPackage,
      { code: 'CHECKUP', name: 'Check-up', testCodes: ['CT-HEAD', 'VITD'] },
      { session: admin() },
    );
  }, 180_000);

  it("reads a centre's settings (its defaults until saved) only where the caller reaches it (404) and holds FINANCE (403)", async () => {
    const defaults = await api.call(BILLING_API.getBillingSettings, { centreId: c2 }, { session: admin() });
    expect(defaults).toEqual({
      centreId: c2,
      timeZone: 'Asia/Kolkata',
      nightWindow: null,
      taxStateCode: null,
      taxRateBasisPoints: 1800,
      discountLimits: [],
      saved: false,
      updatedAt: null,
    });
    for (const who of USERS)
      for (const [key, centreId] of [
        ['c1', c1],
        ['c2', c2],
        ['c3', c3],
      ] as const) {
        const reply = await api.reply(BILLING_API.getBillingSettings, { centreId }, { session: session.get(who)! });
        const want = !mayReadSettings(who) ? 403 : reaches(who, key) ? 200 : 404;
        expect({ who, key, status: reply.status }).toEqual({ who, key, status: want });
      }
    const foreign = await api.reply(BILLING_API.getBillingSettings, { centreId: c1 }, { session: adminB });
    expect({ status: foreign.status, message: foreign.body.message }).toEqual({
      status: 404,
      message: PRICE_MESSAGES.centreNotFound,
    });
  });

  it('saves a centre’s clock, tax and discount limits; refuses another centre’s (404) and a bad zone (400)', async () => {
    const saved = await api.call(
      BILLING_API.updateBillingSettings,
      {
        centreId: c1,
        timeZone: 'Asia/Kolkata',
        nightWindow: { start: '22:00', end: '06:00' },
        taxStateCode: '29',
        taxRateBasisPoints: 1800,
        discountLimits: [{ roleCode: 'RECEPTIONIST', limitBasisPoints: 500 }],
      },
      { session: session.get('gca')! },
    );
    expect(saved).toMatchObject({
      centreId: c1,
      nightWindow: { start: '22:00', end: '06:00' },
      taxStateCode: '29',
      discountLimits: [{ roleCode: 'RECEPTIONIST', limitBasisPoints: 500 }],
      saved: true,
    });
    const elsewhere = await api.reply(
      BILLING_API.updateBillingSettings,
      { centreId: c3, timeZone: 'UTC' },
      { session: session.get('gca')! },
    );
    expect(elsewhere.status).toBe(404);
    const desk403 = await api.reply(BILLING_API.updateBillingSettings, { centreId: c1 }, { session: desk() });
    expect(desk403.status).toBe(403);
    const badZone = await api.reply(
      BILLING_API.updateBillingSettings,
      { centreId: c1, timeZone: 'Asia/Bangalore' },
      { session: admin() },
    );
    expect({ status: badZone.status, message: badZone.body.message }).toEqual({
      status: 400,
      message: 'timeZone: Time Zone is not valid',
    });
    expect(
      (await api.call(BILLING_API.getBillingSettings, { centreId: c1 }, { session: admin() })).nightWindow,
    ).toEqual({ start: '22:00', end: '06:00' });
  });

  it('keeps holidays per centre: added to several at once, listed and removed within reach, a date once (409)', async () => {
    const { holidays } = await api.call(
      BILLING_API.createHoliday,
      { centreIds: [c1, c2], date: '2027-01-26', name: 'Republic Day' },
      { session: session.get('group.admin')! },
    );
    expect(holidays.map((h) => [h.centreId, h.date, h.name]).sort()).toEqual(
      [
        [c1, '2027-01-26', 'Republic Day'],
        [c2, '2027-01-26', 'Republic Day'],
      ].sort(),
    );
    const twice = await api.reply(
      BILLING_API.createHoliday,
      { centreIds: [c2], date: '2027-01-26', name: 'Again' },
      { session: admin() },
    );
    expect(twice.status).toBe(409);
    const outOfReach = await api.reply(
      BILLING_API.createHoliday,
      { centreIds: [c1, c3], date: '2027-08-15', name: 'Independence Day' },
      { session: session.get('group.admin')! },
    );
    expect({ status: outOfReach.status, message: outOfReach.body.message }).toEqual({
      status: 404,
      message: PRICE_MESSAGES.centreNotFound,
    });
    // nothing was added at c1 by the refused call
    const listed = await api.call(
      BILLING_API.findHolidays,
      { from: '2027-01-01', to: '2027-12-31' },
      { session: desk() },
    );
    expect(listed.items.map((h) => [h.centreId, h.date])).toEqual([[c1, '2027-01-26']]);
    const c2Holiday = holidays.find((h) => h.centreId === c2)!;
    expect(
      (await api.reply(BILLING_API.deleteHoliday, { id: c2Holiday._id }, { session: session.get('gca')! })).status,
    ).toBe(404);
    expect((await api.reply(BILLING_API.deleteHoliday, { id: c2Holiday._id }, { session: adminB })).status).toBe(404);
    const removed = await api.call(BILLING_API.deleteHoliday, { id: c2Holiday._id }, { session: admin() });
    expect(removed._id).toBe(c2Holiday._id);
    const left = await api.call(BILLING_API.findHolidays, { from: '2027-01-01' }, { session: admin() });
    expect(left.items.map((h) => h.centreId)).toEqual([c1]);
  });

  it("refuses bad prices with the spec's messages word for word, and writes no card", async () => {
    const tooMuch = await api.reply(
      BILLING_API.createRateCard,
      { name: 'Bad card', validFrom: '2026-01-01', prices: [{ testCode: 'CT-HEAD', ...prices('100001', '1', '1') }] },
      { session: admin() },
    );
    expect({ status: tooMuch.status, message: tooMuch.body.message }).toEqual({
      status: 400,
      message: 'prices.0.price: Price should be in Between 0 to 100000',
    });
    const night = await api.reply(
      BILLING_API.createRateCard,
      { name: 'Bad card', validFrom: '2026-01-01', prices: [{ testCode: 'CT-HEAD', ...prices('10', '10', '-5') }] },
      { session: admin() },
    );
    expect(night.body.message).toBe('prices.0.nightPrice: Night Price should be in Between 0 to 100000');
    const fee = await api.reply(
      BILLING_API.createRateCard,
      {
        name: 'Bad card',
        validFrom: '2026-01-01',
        prices: [{ testCode: 'CT-HEAD', ...prices('500', '600', '700', '500') }],
      },
      { session: admin() },
    );
    expect({ status: fee.status, message: fee.body.message }).toEqual({
      status: 400,
      // spec §5, word for word
      message: 'prices.0.processingFee: Please give Processing fee less than the actual price',
    });
    const unknown = await api.reply(
      BILLING_API.createRateCard,
      { name: 'Bad card', validFrom: '2026-01-01', prices: [{ testCode: 'NOPE', ...prices('1', '1', '1') }] },
      { session: admin() },
    );
    expect({ status: unknown.status, message: unknown.body.message }).toEqual({
      status: 400,
      message: `prices: ${PRICE_MESSAGES.unknownItems(['NOPE'])}`,
    });
    expect((await api.call(BILLING_API.getRateCards, { search: 'Bad card' }, { session: admin() })).total).toBe(0);
  });

  it("prices a visit on the centre's calendar: holiday, night across midnight on its clock, referral card first", async () => {
    const standard = await api.call(
      BILLING_API.createRateCard,
      {
        name: 'Standard',
        validFrom: '2026-01-01',
        prices: [
          { testCode: 'CT-HEAD', ...prices('1500', '1800', '2000.50', '100') },
          { testCode: 'VITD', ...prices('1000', '1100', '1200') },
          { packageCode: 'CHECKUP', ...prices('2300', '2600', '2900') },
        ],
      },
      { session: admin() },
    );
    // a referral's card names one of the company's referrals (auth's; billing learns them from auth.referral.v1)
    const unknownReferral = await api.reply(
      BILLING_API.createRateCard,
      { name: 'Dr Nobody', referralId: randomUUID(), validFrom: '2026-01-01' },
      { session: admin() },
    );
    expect({ status: unknownReferral.status, message: unknownReferral.body.message }).toEqual({
      status: 404,
      message: PRICE_MESSAGES.referralNotFound,
    });
    const referralId = (
      await api.call(AUTH_API.createReferral, { name: 'Dr Rao', providerType: 'External' }, { session: admin() })
    )._id;
    const referral = (
      await eventually(
        () =>
          api.reply(
            BILLING_API.createRateCard,
            {
              name: 'Dr Rao',
              referralId,
              validFrom: '2026-01-01',
              prices: [{ testCode: 'CT-HEAD', ...prices('1200', '1300', '1400') }],
            },
            { session: admin() },
          ),
        (r) => r.status === 200,
        { what: 'billing knows the referral', timeoutMs: 60_000 },
      )
    ).body.data!;
    // the receptionist may not assign cards; the centre's admin may, at the centres it reaches
    expect(
      (await api.reply(BILLING_API.assignRateCard, { rateCardId: standard._id, centreIds: [c1] }, { session: desk() }))
        .status,
    ).toBe(403);
    const assigned = await api.call(
      BILLING_API.assignRateCard,
      { rateCardId: standard._id, centreIds: [c1] },
      { session: session.get('gca')! },
    );
    expect(assigned.centreIds).toEqual([c1]);
    await api.call(BILLING_API.assignRateCard, { rateCardId: referral._id, centreIds: [c1] }, { session: admin() });

    const preview = (
      at: string,
      items: ({ testCode: string } | { packageCode: string })[],
      ref: string | null = null,
    ) => api.call(BILLING_API.previewPrice, { centreId: c1, referralId: ref, items, at }, { session: desk() });

    // 2027-02-10 12:00 in Kolkata: a normal day
    const day = await preview('2027-02-10T06:30:00Z', [{ testCode: 'CT-HEAD' }, { packageCode: 'CHECKUP' }]);
    expect(day.quote.priceKind).toBe('normal');
    expect(day.quote.lines.map((l) => [l.code, l.kind, l.priceKind, l.unitMinor, l.rateCardId])).toEqual([
      ['CT-HEAD', 'TEST', 'normal', 150000, standard._id],
      ['CHECKUP', 'PACKAGE', 'normal', 230000, standard._id],
    ]);
    expect(day.quote.lines[0]!.processingFeeMinor).toBe(10000);
    // a package orders its tests (for cases and the LIMS)
    expect(day.quote.lines[1]!.tests.map((t) => [t.code, t.kind, t.modality, t.sampleType])).toEqual([
      ['CT-HEAD', 'RADIOLOGY', 'CT', null],
      ['VITD', 'LAB', null, 'Serum'],
    ]);
    expect(day.totals.totalMinor).toBe(380000);

    // Republic Day at the centre: 26 January 10:00 in Kolkata is 04:30 UTC
    const holiday = await preview('2027-01-26T04:30:00Z', [{ testCode: 'CT-HEAD' }]);
    expect(holiday.quote.priceKind).toBe('holiday');
    expect(holiday.quote.lines.map((l) => [l.priceKind, l.unitMinor])).toEqual([['holiday', 180000]]);

    // the night window 22:00–06:00 on Kolkata's clock, across midnight: 22:30 and 00:30 are night, 06:15 is not —
    // although in UTC 17:00 and 19:00 are evening and 00:45 is the middle of the night
    for (const [at, kind, unit] of [
      ['2027-02-09T17:00:00Z', 'night', 200050],
      ['2027-02-09T19:00:00Z', 'night', 200050],
      ['2027-02-10T00:45:00Z', 'normal', 150000],
    ] as const) {
      const q = await preview(at, [{ testCode: 'CT-HEAD' }]);
      expect({ at, kind: q.quote.priceKind, unit: q.quote.lines[0]!.unitMinor }).toEqual({ at, kind, unit });
    }

    // the referral's card prices what it has; the default card the rest
    const referred = await preview('2027-02-10T06:30:00Z', [{ testCode: 'CT-HEAD' }, { testCode: 'VITD' }], referralId);
    expect(referred.quote.lines.map((l) => [l.code, l.unitMinor, l.rateCardId])).toEqual([
      ['CT-HEAD', 120000, referral._id],
      ['VITD', 100000, standard._id],
    ]);
    // the taxable test: CGST and SGST at the centre's 18%
    expect(referred.quote.lines[1]!.tax).toEqual({ kind: 'intraState', rateBasisPoints: 1800 });
    expect(referred.totals).toMatchObject({ cgstExact: '90.00', sgstExact: '90.00', totalMinor: 238000 });
    // another referral has no card here: the default prices it
    const other = await preview('2027-02-10T06:30:00Z', [{ testCode: 'CT-HEAD' }], randomUUID());
    expect(other.quote.lines[0]!.rateCardId).toBe(standard._id);
  });

  it('refuses a second card for the same client that meets its dates at a centre (409); another centre is free', async () => {
    const first = await api.call(
      BILLING_API.createRateCard,
      { name: 'Corporate Acme 2026', corporateClient: 'Acme', validFrom: '2026-01-01', validTo: '2026-12-31' },
      { session: admin() },
    );
    const second = await api.call(
      BILLING_API.createRateCard,
      { name: 'Corporate Acme 2027', corporateClient: 'Acme', validFrom: '2026-12-01' },
      { session: admin() },
    );
    await api.call(BILLING_API.assignRateCard, { rateCardId: first._id, centreIds: [c2] }, { session: admin() });
    const clash = await api.reply(
      BILLING_API.assignRateCard,
      { rateCardId: second._id, centreIds: [c2] },
      { session: admin() },
    );
    expect({ status: clash.status, message: clash.body.message }).toEqual({
      status: 409,
      message: PRICE_MESSAGES.rateCardOverlap([a.spec.centres!.find((c) => c.key === 'c2')!.code]),
    });
    // from 2027 the dates no longer meet
    const moved = await api.call(
      BILLING_API.updateRateCard,
      { id: second._id, name: 'Corporate Acme 2027', corporateClient: 'Acme', validFrom: '2027-01-01' },
      { session: admin() },
    );
    expect(moved.validFrom).toBe('2027-01-01');
    expect(
      (await api.call(BILLING_API.assignRateCard, { rateCardId: second._id, centreIds: [c2] }, { session: admin() }))
        .centreIds,
    ).toEqual([c2]);
    // and moving it back is refused: nothing changed
    const back = await api.reply(
      BILLING_API.updateRateCard,
      { id: second._id, name: 'Corporate Acme 2027', corporateClient: 'Acme', validFrom: '2026-06-01' },
      { session: admin() },
    );
    expect(back.status).toBe(409);
    expect((await api.call(BILLING_API.getRateCard, { id: second._id }, { session: admin() })).validFrom).toBe(
      '2027-01-01',
    );
  });

  it('keeps every price version: an edit after a quote bills the new price, and the quoted row stays readable', async () => {
    const card = await api.call(
      BILLING_API.createRateCard,
      {
        name: 'Centre Two',
        validFrom: '2026-01-01',
        prices: [{ testCode: 'CT-HEAD', ...prices('900', '900', '900') }],
      },
      { session: admin() },
    );
    await api.call(BILLING_API.assignRateCard, { rateCardId: card._id, centreIds: [c2] }, { session: admin() });
    const atC2 = (at: Date) =>
      api.call(
        BILLING_API.previewPrice,
        { centreId: c2, items: [{ testCode: 'CT-HEAD' }], at: at.toISOString() },
        { session: admin() },
      );
    const before = new Date();
    const quoted = (await atC2(before)).quote.lines[0]!;
    expect(quoted.unitMinor).toBe(90000);

    const edited = await api.call(
      BILLING_API.updateRateCard,
      {
        id: card._id,
        name: 'Centre Two',
        validFrom: '2026-01-01',
        prices: [
          { testCode: 'CT-HEAD', ...prices('950', '950', '950') },
          { testCode: 'VITD', ...prices('300', '300', '300') },
        ],
      },
      { session: admin() },
    );
    const newRow = edited.prices.find((p) => p.code === 'CT-HEAD')!;
    expect(newRow._id).not.toBe(quoted.rateCardPriceId);
    expect(newRow.normalMinor).toBe(95000);

    // the row the quote named is still there, unchanged
    const old = await api.call(BILLING_API.getRateCardPrice, { id: quoted.rateCardPriceId }, { session: admin() });
    expect(old).toMatchObject({ _id: quoted.rateCardPriceId, code: 'CT-HEAD', normalMinor: 90000, withdrawn: false });
    // and the database itself refuses to change a version in place
    const refused = await withOwnerClient(async (client) => {
      await client.query('BEGIN');
      try {
        await client.query(`SELECT set_config('app.tenant_id', $1, true)`, [a.tenantId]);
        await client.query('UPDATE billing.rate_card_prices SET normal_minor = 1 WHERE id = $1', [
          quoted.rateCardPriceId,
        ]);
        return null;
      } catch (error) {
        return (error as Error).message;
      } finally {
        await client.query('ROLLBACK');
      }
    });
    expect(refused).toBe('a rate card price row is never changed: insert the next version');
    // a visit priced now gets the new row; the instant before the edit still the old one
    const after = (await atC2(new Date(Date.now() + 1000))).quote.lines[0]!;
    expect([after.rateCardPriceId, after.unitMinor]).toEqual([newRow._id, 95000]);
    expect((await atC2(before)).quote.lines[0]!.rateCardPriceId).toBe(quoted.rateCardPriceId);

    // an unchanged row is not a new version; a row left out is withdrawn: no price for it from then on
    const again = await api.call(
      BILLING_API.updateRateCard,
      {
        id: card._id,
        name: 'Centre Two',
        validFrom: '2026-01-01',
        prices: [{ testCode: 'CT-HEAD', ...prices('950', '950', '950') }],
      },
      { session: admin() },
    );
    expect(again.prices.map((p) => [p.code, p._id])).toEqual([['CT-HEAD', newRow._id]]);
    const noPrice = await api.reply(
      BILLING_API.previewPrice,
      { centreId: c2, items: [{ testCode: 'VITD' }] },
      { session: admin() },
    );
    expect({ status: noPrice.status, message: noPrice.body.message }).toEqual({
      status: 400,
      message: PRICE_MESSAGES.noPrice('VITD'),
    });
  });

  it('prices only at a centre the caller reaches and of its own company (404), for those who bill (403)', async () => {
    for (const who of USERS)
      for (const [key, centreId] of [
        ['c1', c1],
        ['c3', c3],
      ] as const) {
        const reply = await api.reply(
          BILLING_API.previewPrice,
          { centreId, items: [{ testCode: 'CT-HEAD' }], at: '2027-02-10T06:30:00Z' },
          { session: session.get(who)! },
        );
        // c3 has no card: a 400 there for those who reach it
        const want = !mayPreview(who) ? 403 : !reaches(who, key) ? 404 : key === 'c1' ? 200 : 400;
        expect({ who, key, status: reply.status }).toEqual({ who, key, status: want });
      }
    const foreign = await api.reply(
      BILLING_API.previewPrice,
      { centreId: c1, items: [{ testCode: 'CT-HEAD' }] },
      { session: adminB },
    );
    expect({ status: foreign.status, message: foreign.body.message }).toEqual({
      status: 404,
      message: PRICE_MESSAGES.centreNotFound,
    });
    const unknown = await api.reply(
      BILLING_API.previewPrice,
      { centreId: c1, items: [{ testCode: 'MRI-SPINE' }] },
      { session: desk() },
    );
    expect({ status: unknown.status, message: unknown.body.message }).toEqual({
      status: 404,
      message: PRICE_MESSAGES.unknownCode('MRI-SPINE'),
    });
    // another company sees none of the cards or their price rows
    const cards = await api.call(BILLING_API.getRateCards, { search: 'Standard' }, { session: admin() });
    const standard = cards.items.find((c) => c.name === 'Standard')!;
    expect(standard).toMatchObject({ centreIds: [c1], priceCount: 3 });
    expect((await api.reply(BILLING_API.getRateCard, { id: standard._id }, { session: adminB })).status).toBe(404);
    const full = await api.call(BILLING_API.getRateCard, { id: standard._id }, { session: admin() });
    expect(
      (await api.reply(BILLING_API.getRateCardPrice, { id: full.prices[0]!._id }, { session: adminB })).status,
    ).toBe(404);
    expect((await api.call(BILLING_API.getRateCards, {}, { session: adminB })).total).toBe(0);
    // a centre outside the caller's reach cannot be assigned, and its assignments are not shown
    const c3Assign = await api.reply(
      BILLING_API.assignRateCard,
      { rateCardId: standard._id, centreIds: [c1, c3] },
      { session: session.get('gca')! },
    );
    expect(c3Assign.status).toBe(404);
    const byCentreAdmin = await api.call(
      BILLING_API.getRateCard,
      { id: standard._id },
      { session: session.get('centre.admin')! },
    );
    expect(byCentreAdmin.centreIds).toEqual([]);
  });
});
