import { createHmac, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient, credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import {
  AUTH_API,
  BILLING_API,
  GATEWAY_PORT,
  LOCAL_PAYMENT_SIGNATURE_HEADER,
  ONLINE_PAYMENT_TAKER,
  PAYMENT_LINK_MESSAGES,
  serviceApiPrefix,
  WEBHOOK_TOLERANCE_SECONDS,
  type LocalPaymentEvent,
  type PaymentLink,
  type Patient,
} from '@rayworks/contracts';
import {
  eventually,
  everyRoleTenant,
  TEST_PASSWORD,
  tenantQuery,
  type EveryRoleTenant,
  type EveryRoleUser,
  stackProcesses,
} from '@rayworks/testing';

/**
 * Online payment through payment links against the running system, through the gateway (docs/decisions/0281–0284):
 * the desk makes a link for an invoice's balance, the patient's page reads it by token and pays at the local payment
 * gateway billing runs, whose signed webhook records the payment once; webhooks are refused without a valid, fresh
 * signature, received once per event id, and judged on the link as it stands when they arrive out of order.
 */
const BASE = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}`;
const api = new ApiClient({ baseUrl: BASE });
const signIn = async (t: EveryRoleTenant, who: EveryRoleUser): Promise<Credentials> =>
  credentialsOf(await api.call(AUTH_API.login, {}, { headers: loginHeaders(t.login(who), TEST_PASSWORD) }));

// the secret billing was started with (scripts/lib/processes.mjs gives it to billing alone)
const { processTable } = await stackProcesses();
const SECRET = processTable().find((p) => p.name === 'billing')!.env.PAYMENT_WEBHOOK_SECRET!;

const WEBHOOK_URL = `${BASE}${serviceApiPrefix('billing')}${BILLING_API.paymentLinkWebhook.path.replace(':provider', 'local')}`;
const rupees = (n: number) => n * 100;
const tokenOf = (url: string) => new URL(url).searchParams.get('token')!;

/** Signs as the contract says: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (written here anew). */
const signature = (body: string, at: Date, secret = SECRET) => {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;
};

/** Posts a webhook as the provider does (the exact bytes; a signature header unless `header` is null). */
async function postWebhook(body: string, header: string | null = signature(body, new Date())) {
  const res = await fetch(WEBHOOK_URL, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(header === null ? {} : { [LOCAL_PAYMENT_SIGNATURE_HEADER]: header }),
    },
    body,
  });
  return { status: res.status, body: (await res.json()) as { data: { outcome: string } | null; message: string } };
}

describe('online payment through payment links', () => {
  let a: EveryRoleTenant;
  let b: EveryRoleTenant;
  let admin: Credentials;
  let desk: Credentials;
  let adminB: Credentials;
  let patient: Patient;
  const stamp = Date.now().toString().slice(-6);

  beforeAll(async () => {
    [a, b] = await Promise.all([everyRoleTenant('pl-a'), everyRoleTenant('pl-b')]);
    [admin, desk, adminB] = await Promise.all([signIn(a, 'admin'), signIn(a, 'reception'), signIn(b, 'admin')]);
    const c1 = a.centres.c1!;
    // billing learns the company's centres from auth's events
    await eventually(
      () => api.reply(BILLING_API.getBillingSettings, { centreId: c1 }, { session: admin }),
      (r) => r.status === 200,
      { what: 'billing knows the company’s centres', timeoutMs: 30_000 },
    );
    await api.call(
      BILLING_API.createTest,
      { code: 'CBC', name: 'Complete Blood Count', kind: 'LAB', sampleType: 'Blood' },
      { session: admin },
    );
    const card = await api.call(
      BILLING_API.createRateCard,
      {
        name: `Walk-in ${stamp}`,
        validFrom: '2020-01-01',
        prices: [{ testCode: 'CBC', price: '1500', holidayPrice: '1500', nightPrice: '1500', processingFee: '0' }],
      },
      { session: admin },
    );
    await api.call(BILLING_API.assignRateCard, { rateCardId: card._id, centreIds: [c1] }, { session: admin });
    patient = await api.call(
      BILLING_API.createPatient,
      {
        centreId: c1,
        patientName: `Ravi Kumar ${stamp}`,
        gender: 'Male',
        dateOfBirth: '1979-06-11',
        phoneNumber: `93${stamp}11`,
      },
      { session: desk },
    );
  }, 120_000);

  /** A new visit with an unpaid invoice of ₹1,500 (`paid`: taken at the desk at once). */
  async function invoice(paid = 0): Promise<{ id: string; number: string }> {
    const { invoice } = await api.call(
      BILLING_API.createRegistration,
      {
        centreId: a.centres.c1!,
        patientId: patient._id,
        requestKey: randomUUID(),
        items: [{ testCode: 'CBC' }],
        ...(paid > 0 ? { payment: { amountMinor: paid, mode: 'CASH' as const } } : {}),
      },
      { session: desk },
    );
    return { id: invoice._id, number: invoice.number };
  }

  const billing = (id: string) => api.call(BILLING_API.getBilling, { id }, { session: admin });
  const linksOf = async (invoiceId: string) =>
    (await api.call(BILLING_API.findPaymentLinks, { invoiceId }, { session: desk })).links;
  const createLink = (invoiceId: string, session = desk) =>
    api.call(BILLING_API.createPaymentLink, { invoiceId, validForHours: 24 }, { session });

  /** The local provider's event for a link, as its gateway writes it. */
  const eventFor = (
    link: PaymentLink,
    tenantId: string,
    over: Partial<LocalPaymentEvent['data']> & { type?: LocalPaymentEvent['type']; created?: Date } = {},
  ): string => {
    const { type = 'payment.succeeded', created = new Date(), ...data } = over;
    const event: LocalPaymentEvent = {
      id: `evt_${randomUUID().replace(/-/g, '')}`,
      type,
      created: Math.floor(created.getTime() / 1000),
      data: {
        checkoutId: `cs_${randomUUID().replace(/-/g, '')}`,
        paymentId: `pay_${randomUUID().replace(/-/g, '')}`,
        amountMinor: link.amountMinor,
        currency: link.currency,
        failureReason: type === 'payment.failed' ? 'Card declined' : null,
        metadata: { tenantId, linkId: link._id, attemptId: randomUUID() },
        ...data,
      },
    };
    return JSON.stringify(event);
  };

  it('pays a link end to end through the local gateway: the invoice’s paid amount goes up once', async () => {
    const inv = await invoice();
    const before = await billing(inv.id);
    expect(before).toMatchObject({ totalMinor: rupees(1500), paidMinor: 0, balanceMinor: rupees(1500) });

    const created = await api.reply(
      BILLING_API.createPaymentLink,
      { invoiceId: inv.id, validForHours: 24 },
      { session: desk },
    );
    expect(created.status).toBe(200);
    expect(created.body.message).toBe(PAYMENT_LINK_MESSAGES.created);
    const { link, url } = created.body.data!;
    expect(link).toMatchObject({
      invoiceId: inv.id,
      amountMinor: rupees(1500),
      status: 'OPEN',
      provider: 'local',
      events: [],
    });
    expect(new URL(url).pathname).toBe('/payment');
    const token = tokenOf(url);

    // what the patient's page reads: only what the patient needs
    const shown = await api.call(BILLING_API.readPaymentLink, { token });
    expect(shown).toEqual({
      centreName: a.centreName('c1'),
      invoiceNumber: inv.number,
      patientName: 'Ravi',
      amountMinor: rupees(1500),
      currency: 'INR',
      status: 'OPEN',
      expiresAt: link.expiresAt,
      paidAt: null,
      attempt: null,
    });

    const { checkoutUrl, attemptId } = await api.call(BILLING_API.startPaymentLinkCheckout, { token });
    const page = await fetch(checkoutUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Pay ₹1,500.00');
    // the patient presses Pay: back to the page at once, the webhook afterwards
    const paid = await fetch(`${checkoutUrl}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get('location')!);
    expect([back.pathname, back.searchParams.get('token'), back.searchParams.get('attempt')]).toEqual([
      '/payment',
      token,
      attemptId,
    ]);

    const after = await eventually(
      () => api.call(BILLING_API.readPaymentLink, { token, attemptId }),
      (r) => r.status === 'PAID',
      { what: 'the webhook recorded the payment', timeoutMs: 30_000 },
    );
    expect(after.attempt).toEqual({ state: 'PAID', failureReason: null });
    const billed = await billing(inv.id);
    expect(billed).toMatchObject({ paidMinor: rupees(1500), balanceMinor: 0, status: 'PAID' });
    expect(billed.payments).toHaveLength(1);
    expect(billed.payments[0]).toMatchObject({
      kind: 'PAYMENT',
      mode: 'ONLINE',
      amountMinor: rupees(1500),
      takenBy: ONLINE_PAYMENT_TAKER,
    });
    const [paidLink] = await linksOf(inv.id);
    expect(paidLink).toMatchObject({ status: 'PAID', paymentId: billed.payments[0]!._id, refundDueMinor: 0 });
    expect(paidLink!.providerPaymentId).toBe(billed.payments[0]!.reference);
    expect(paidLink!.events.map((e) => [e.type, e.outcome])).toEqual([['PAID', 'APPLIED']]);

    // a paid link is neither paid again nor cancelled
    expect((await api.reply(BILLING_API.startPaymentLinkCheckout, { token })).body.message).toBe(
      PAYMENT_LINK_MESSAGES.alreadyPaid,
    );
    const cancel = await api.reply(BILLING_API.cancelPaymentLink, { linkId: link._id }, { session: desk });
    expect([cancel.status, cancel.body.message]).toEqual([409, PAYMENT_LINK_MESSAGES.alreadyPaid]);
  });

  it('takes a replayed event once: the same event id again (one at a time or many at once) changes nothing', async () => {
    const inv = await invoice();
    const { link } = await createLink(inv.id);
    const body = eventFor(link, a.tenantId);
    expect(await postWebhook(body)).toMatchObject({ status: 200, body: { data: { outcome: 'APPLIED' } } });
    expect(await postWebhook(body)).toMatchObject({ status: 200, body: { data: { outcome: 'REPLAYED' } } });

    // another link, its event delivered eight times at once
    const inv2 = await invoice();
    const { link: link2 } = await createLink(inv2.id);
    const body2 = eventFor(link2, a.tenantId);
    const outcomes = (await Promise.all(Array.from({ length: 8 }, () => postWebhook(body2)))).map(
      (r) => r.body.data?.outcome,
    );
    expect(outcomes.sort()).toEqual(['APPLIED', ...Array<string>(7).fill('REPLAYED')]);

    for (const id of [inv.id, inv2.id]) {
      const billed = await billing(id);
      expect(billed.payments).toHaveLength(1);
      expect(billed.paidMinor).toBe(rupees(1500));
      expect((await linksOf(id))[0]!.events).toHaveLength(1);
    }
  });

  it('refuses a forged, tampered or unsigned webhook with 401 and changes nothing', async () => {
    const inv = await invoice();
    const { link } = await createLink(inv.id);
    const body = eventFor(link, a.tenantId);
    const now = new Date();
    const tampered = body.replace(`"amountMinor":${link.amountMinor}`, `"amountMinor":${link.amountMinor - 100}`);
    expect(tampered).not.toBe(body);
    for (const [sent, header] of [
      [body, signature(body, now, 'a-forger-does-not-know-the-secret-0123456789')],
      [tampered, signature(body, now)],
      [body, null],
      [body, 'v1=deadbeef'],
      // one hex digit of the right signature changed (to another digit: '0' would leave a leading '0' as it was)
      [body, signature(body, now).replace(/v1=(.)/, (_, d: string) => `v1=${d === '0' ? '1' : '0'}`)],
    ] as const) {
      const reply = await postWebhook(sent, header);
      expect([reply.status, reply.body.message]).toEqual([401, PAYMENT_LINK_MESSAGES.badSignature]);
    }
    expect(await billing(inv.id)).toMatchObject({ paidMinor: 0, payments: [] });
    expect((await linksOf(inv.id))[0]).toMatchObject({ status: 'OPEN', events: [] });
  });

  it('refuses a signature whose time is past the tolerance (a replayed request), and changes nothing', async () => {
    const inv = await invoice();
    const { link } = await createLink(inv.id);
    const body = eventFor(link, a.tenantId);
    const old = new Date(Date.now() - (WEBHOOK_TOLERANCE_SECONDS + 60) * 1000);
    const future = new Date(Date.now() + (WEBHOOK_TOLERANCE_SECONDS + 60) * 1000);
    for (const at of [old, future]) {
      const reply = await postWebhook(body, signature(body, at));
      expect([reply.status, reply.body.message]).toEqual([401, PAYMENT_LINK_MESSAGES.staleSignature]);
    }
    expect(await billing(inv.id)).toMatchObject({ paidMinor: 0, payments: [] });
    expect((await linksOf(inv.id))[0]).toMatchObject({ status: 'OPEN', events: [] });
    // the same event signed now is taken
    expect((await postWebhook(body)).body.data?.outcome).toBe('APPLIED');
  });

  it('answers 400 naming the field for a signed body that is not an event, 404 for a provider it does not run', async () => {
    const inv = await invoice();
    const { link } = await createLink(inv.id);
    const noAmount = JSON.stringify({
      ...JSON.parse(eventFor(link, a.tenantId)),
      data: { ...JSON.parse(eventFor(link, a.tenantId)).data, amountMinor: 'lots' },
    });
    const reply = await postWebhook(noAmount);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toMatch(/^data\.amountMinor: /);
    expect((await postWebhook('{not json')).body.message).toBe('The webhook body is not valid JSON');
    const stripe = await fetch(WEBHOOK_URL.replace(/local$/, 'stripe'), { method: 'POST', body: '{}' });
    expect(stripe.status).toBe(404);
    expect(await billing(inv.id)).toMatchObject({ paidMinor: 0, payments: [] });
  });

  it('judges events that arrive out of order on the link as it stands: no second effect, money not taken is due back', async () => {
    // a failure after the payment: ignored
    const inv = await invoice();
    const { link, url } = await createLink(inv.id);
    const failedEarlier = eventFor(link, a.tenantId, {
      type: 'payment.failed',
      created: new Date(Date.now() - 60_000),
    });
    expect((await postWebhook(eventFor(link, a.tenantId))).body.data?.outcome).toBe('APPLIED');
    expect((await postWebhook(failedEarlier)).body.data?.outcome).toBe('IGNORED');
    // a second payment of the paid link (another payment id): recorded, due back, the invoice untouched
    expect((await postWebhook(eventFor(link, a.tenantId))).body.data?.outcome).toBe('REFUND_DUE');
    const billed = await billing(inv.id);
    expect([billed.paidMinor, billed.payments.length]).toEqual([rupees(1500), 1]);
    const [paid] = await linksOf(inv.id);
    expect(paid!.status).toBe('PAID');
    expect(paid!.events.map((e) => e.outcome)).toEqual(['APPLIED', 'IGNORED', 'REFUND_DUE']);
    expect(paid!.refundDueMinor).toBe(rupees(1500));
    expect((await api.call(BILLING_API.readPaymentLink, { token: tokenOf(url) })).status).toBe('PAID');

    // a failed attempt on an open link, then the payment of another attempt
    const inv2 = await invoice();
    const { link: link2, url: url2 } = await createLink(inv2.id);
    const attemptId = randomUUID();
    const failed = eventFor(link2, a.tenantId, {
      type: 'payment.failed',
      metadata: { tenantId: a.tenantId, linkId: link2._id, attemptId },
    });
    expect((await postWebhook(failed)).body.data?.outcome).toBe('FAILED');
    const shown = await api.call(BILLING_API.readPaymentLink, { token: tokenOf(url2), attemptId });
    expect([shown.status, shown.attempt]).toEqual(['OPEN', { state: 'FAILED', failureReason: 'Card declined' }]);
    expect((await postWebhook(eventFor(link2, a.tenantId))).body.data?.outcome).toBe('APPLIED');
    expect((await billing(inv2.id)).paidMinor).toBe(rupees(1500));

    // paid after the desk cancelled the link: recorded for a refund, the invoice untouched
    const inv3 = await invoice();
    const { link: link3 } = await createLink(inv3.id);
    const cancelled = await api.reply(BILLING_API.cancelPaymentLink, { linkId: link3._id }, { session: desk });
    expect([cancelled.status, cancelled.body.message, cancelled.body.data?.status]).toEqual([
      200,
      PAYMENT_LINK_MESSAGES.cancelled,
      'CANCELLED',
    ]);
    expect((await postWebhook(eventFor(link3, a.tenantId))).body.data?.outcome).toBe('REFUND_DUE');
    expect(await billing(inv3.id)).toMatchObject({ paidMinor: 0, payments: [] });
    const [refundDue] = await linksOf(inv3.id);
    expect(refundDue).toMatchObject({ status: 'CANCELLED', refundDueMinor: rupees(1500), paymentId: null });
    expect(refundDue!.events[0]).toMatchObject({
      type: 'PAID',
      outcome: 'REFUND_DUE',
      note: 'Paid after the link was cancelled',
    });

    // paid online after the desk took the whole balance in cash: the ledger refuses it, so it is due back
    const inv4 = await invoice();
    const { link: link4 } = await createLink(inv4.id);
    await api.call(
      BILLING_API.createPayment,
      { invoiceId: inv4.id, amountMinor: rupees(1500), mode: 'CASH', reference: null, idempotencyKey: randomUUID() },
      { session: desk },
    );
    expect((await postWebhook(eventFor(link4, a.tenantId))).body.data?.outcome).toBe('REFUND_DUE');
    const settled = await billing(inv4.id);
    expect([settled.paidMinor, settled.payments.map((p) => p.mode)]).toEqual([rupees(1500), ['CASH']]);
    expect((await linksOf(inv4.id))[0]!.events[0]!.note).toMatch(/^The invoice did not take it: /);
  });

  it('an expired link shows EXPIRED, starts no payment (410), takes none, and frees the invoice for a new link', async () => {
    const inv = await invoice();
    const { link, url } = await createLink(inv.id);
    const again = await api.reply(
      BILLING_API.createPaymentLink,
      { invoiceId: inv.id, validForHours: 24 },
      { session: desk },
    );
    expect([again.status, again.body.message]).toEqual([409, PAYMENT_LINK_MESSAGES.alreadyOpen]);
    // its expiry passes (the clock cannot be moved: the row's expiry is)
    await tenantQuery(
      a.tenantId,
      `UPDATE billing.payment_links SET expires_at = now() - interval '1 minute' WHERE id = $1`,
      [link._id],
    );
    const token = tokenOf(url);
    expect((await api.call(BILLING_API.readPaymentLink, { token })).status).toBe('EXPIRED');
    const start = await api.reply(BILLING_API.startPaymentLinkCheckout, { token });
    expect([start.status, start.body.message]).toEqual([410, PAYMENT_LINK_MESSAGES.expired]);
    expect((await postWebhook(eventFor(link, a.tenantId))).body.data?.outcome).toBe('REFUND_DUE');
    expect(await billing(inv.id)).toMatchObject({ paidMinor: 0, payments: [] });
    // a new link for the invoice: the lapsed one gives up its place
    const fresh = await createLink(inv.id);
    expect(fresh.link.status).toBe('OPEN');
    expect((await linksOf(inv.id)).map((l) => l.status)).toEqual(['OPEN', 'EXPIRED']);
  });

  it("finds no link with another company's token (404), nor another company's links", async () => {
    const inv = await invoice();
    const { link, url } = await createLink(inv.id);
    const token = tokenOf(url);
    const [, secret] = token.split('.');
    const asB = `${Buffer.from(b.tenantId.replace(/-/g, ''), 'hex').toString('base64url')}.${secret}`;
    for (const t of [asB, `${token.split('.')[0]}.${'A'.repeat(43)}`]) {
      const read = await api.reply(BILLING_API.readPaymentLink, { token: t });
      expect([read.status, read.body.message]).toEqual([404, PAYMENT_LINK_MESSAGES.notFound]);
      expect((await api.reply(BILLING_API.startPaymentLinkCheckout, { token: t })).status).toBe(404);
    }
    expect((await api.reply(BILLING_API.readPaymentLink, { token: 'not-a-token' })).status).toBe(400);
    // B's desk reaches neither the invoice nor the link
    expect((await api.reply(BILLING_API.findPaymentLinks, { invoiceId: inv.id }, { session: adminB })).status).toBe(
      404,
    );
    expect((await api.reply(BILLING_API.cancelPaymentLink, { linkId: link._id }, { session: adminB })).status).toBe(
      404,
    );
    expect(
      (await api.reply(BILLING_API.createPaymentLink, { invoiceId: inv.id, validForHours: 1 }, { session: adminB }))
        .status,
    ).toBe(404);
    // an event naming company B for A's link finds nothing to record it against
    expect((await postWebhook(eventFor(link, b.tenantId))).body.data?.outcome).toBe('IGNORED');
    expect(await billing(inv.id)).toMatchObject({ paidMinor: 0, payments: [] });
  });

  it('refuses a link for nothing due, out of reach or without the privilege, and a bad body, changing nothing', async () => {
    const settled = await invoice(rupees(1500));
    const nothing = await api.reply(
      BILLING_API.createPaymentLink,
      { invoiceId: settled.id, validForHours: 24 },
      { session: desk },
    );
    expect([nothing.status, nothing.body.message]).toEqual([409, PAYMENT_LINK_MESSAGES.nothingDue]);
    const inv = await invoice();
    const radiologist = await signIn(a, 'radiologist');
    expect(
      (
        await api.reply(
          BILLING_API.createPaymentLink,
          { invoiceId: inv.id, validForHours: 24 },
          { session: radiologist },
        )
      ).status,
    ).toBe(403);
    const c3 = await signIn(a, 'centre.admin');
    const far = await api.reply(
      BILLING_API.createPaymentLink,
      { invoiceId: inv.id, validForHours: 24 },
      { session: c3 },
    );
    expect([far.status, far.body.message]).toEqual([404, 'Invoice not found']);
    const tooLong = await api.reply(
      BILLING_API.createPaymentLink,
      { invoiceId: inv.id, validForHours: 10_000 },
      { session: desk },
    );
    expect(tooLong.status).toBe(400);
    expect(tooLong.body.message).toMatch(/^validForHours: /);
    expect(await linksOf(inv.id)).toEqual([]);
    expect(await linksOf(settled.id)).toEqual([]);
  });
});
