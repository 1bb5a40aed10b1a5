import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient, credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import {
  AUTH_API,
  BILLING_API,
  CASES_API,
  FUSION_INVOICE_MESSAGES,
  FusionCaseChangedV1,
  GATEWAY_PORT,
  INVOICE_MESSAGES,
  ROLE_CODES,
  type Case,
  type FusionInvoice,
  type FusionInvoiceDetail,
  type FusionRate,
} from '@rayworks/contracts';
import {
  arriveAt,
  casesKnowUsers,
  eventually,
  everyRoleTenant,
  provisionTenant,
  tenantQuery,
  TEST_PASSWORD,
  TestEvents,
  withOwnerClient,
  type EveryRoleTenant,
  type EveryRoleUser,
} from '@rayworks/testing';

/**
 * Fusion invoicing against the running system, across three companies of its own (docs/decisions/0274–0277): a client
 * company A whose group sends cases to the fusion centre of a hub company B (a platform contract), and a company C
 * that is neither. Reads are completed through the real fusion flow (cases' /fusion/send and /fusion/worklistupdate);
 * billing turns each completion (cases.fusion.v1) into one line of A's centre's invoice of the month, exactly once.
 */
const api = new ApiClient({ baseUrl: process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}` });
const signInAs = async (loginName: string): Promise<Credentials> =>
  credentialsOf(await api.call(AUTH_API.login, {}, { headers: loginHeaders(loginName, TEST_PASSWORD) }));
const signIn = (t: EveryRoleTenant, who: EveryRoleUser) => signInAs(t.login(who));

/** A platform contract row (the platform context writes it; both companies read it): A's group g → B's hub. */
async function platformContract(sender: EveryRoleTenant, fusion: EveryRoleTenant): Promise<void> {
  await withOwnerClient(async (client) => {
    await client.query('BEGIN');
    await client.query(
      `SELECT set_config('app.tenant_id', '', true), set_config('app.principal_level', 'platform', true)`,
    );
    await client.query(
      `INSERT INTO cases.fusion_contracts (sender_tenant_id, sender_group_id, fusion_tenant_id, fusion_centre_id, fusion_centre_name)
       VALUES ($1, $2, $3, $4, $5)`,
      [sender.tenantId, sender.groups.g!, fusion.tenantId, fusion.centres.hub!, fusion.centreName('hub')],
    );
    await client.query('COMMIT');
  });
}

/** Waits until billing's read model of auth's centres holds these (a company's centres reach billing through Kafka). */
const billingKnowsCentres = (tenantId: string, ids: string[]) =>
  eventually(
    () =>
      tenantQuery<{ n: number }>(tenantId, `SELECT count(*)::int AS n FROM billing.centres WHERE id = ANY($1)`, [ids]),
    (rows) => rows[0]!.n === ids.length,
    { what: 'billing knows the centres', timeoutMs: 60_000 },
  );

describe('fusion invoicing', () => {
  let a: EveryRoleTenant;
  let b: EveryRoleTenant;
  let c: EveryRoleTenant;
  const events = new TestEvents();
  let hubRadiologist: string;
  const s: Record<string, Credentials> = {};
  const rates: Record<string, FusionRate> = {};
  let invoiceId: string;

  beforeAll(async () => {
    [a, b, c] = await Promise.all([everyRoleTenant('fia'), everyRoleTenant('fib'), everyRoleTenant('fic')]);
    const loginName = `${b.name}.hubrad`;
    const provisioned = await provisionTenant({
      ...b.spec,
      users: [
        ...(b.spec.users ?? []),
        {
          loginName,
          firstName: 'hub radiologist',
          lastName: b.name,
          email: `${loginName}@test.rayworks.local`,
          role: ROLE_CODES.CENTER_RADIOLOGIST,
          centres: ['hub'],
          password: TEST_PASSWORD,
          resetPassword: false,
        },
      ],
    });
    hubRadiologist = provisioned.users[loginName]!;
    await Promise.all([
      casesKnowUsers(b.tenantId, [hubRadiologist]),
      billingKnowsCentres(a.tenantId, [a.centres.c1!, a.centres.c3!]),
      billingKnowsCentres(b.tenantId, [b.centres.hub!, b.centres.c1!]),
      billingKnowsCentres(c.tenantId, [c.centres.hub!]),
      platformContract(a, b),
      events.start(),
    ]);
    const logins: [string, Promise<Credentials>][] = [
      ['aAdmin', signIn(a, 'admin')],
      ['aGca', signIn(a, 'gca')],
      ['aCentreAdmin', signIn(a, 'centre.admin')],
      ['bFusionAdmin', signIn(b, 'fusion.admin')],
      ['bFusionCentre', signIn(b, 'fusion.centre')],
      ['bGca', signIn(b, 'gca')],
      ['bRadiologist', signInAs(loginName)],
      ['cAdmin', signIn(c, 'admin')],
      ['cFusionAdmin', signIn(c, 'fusion.admin')],
    ];
    for (const [key, login] of logins) s[key] = await login;
  }, 180_000);

  afterAll(async () => {
    await events.stop();
  });

  /** A study of A's centre c1 read by B's hub through the real fusion flow; answers the case id. */
  async function completedFusionRead(modality: string): Promise<string> {
    const caseId = await arriveAt(events, a, 'c1', { modality, modalities: [modality] });
    const home = await api.call(CASES_API.findOneCase, { _id: caseId }, { session: s.aAdmin! });
    const sent = await api.call(
      CASES_API.fusionSend,
      { _id: caseId, version: home.version, fusionCentreId: b.centres.hub! },
      { session: s.aAdmin! },
    );
    const act = async (session: Credentials, c0: Case, body: object) =>
      api.call(CASES_API.fusionWorklistUpdate, { _id: c0._id, version: c0.version, ...body } as never, { session });
    const assigned = await act(s.bFusionAdmin!, sent, { action: 'ASSIGN', radiologistId: hubRadiologist });
    const accepted = await act(s.bRadiologist!, assigned, { action: 'ACCEPT' });
    const completed = await act(s.bRadiologist!, accepted, { action: 'COMPLETE' });
    expect(completed.fusionStatus).toBe('COMPLETED');
    return caseId;
  }

  const hubInvoices = (session: Credentials, over: object = {}) =>
    api.call(
      BILLING_API.findFusionInvoices,
      { clientCentreId: a.centres.c1!, pageSize: 100, sortBy: 'month', ...over } as never,
      { session },
    );
  const getInvoice = (session: Credentials, id = invoiceId) =>
    api.call(BILLING_API.getFusionInvoice, { id }, { session }) as Promise<FusionInvoiceDetail>;
  /** The invoice's detail once it holds a line of this case (billing consumed the completion). */
  const lineAppears = (caseId: string) =>
    eventually(
      async () => (await hubInvoices(s.bFusionAdmin!)).items as FusionInvoice[],
      (items) => items.length > 0,
      { what: 'the hub’s invoice to A’s centre', timeoutMs: 60_000 },
    ).then(() =>
      eventually(
        async () => {
          const list = (await hubInvoices(s.bFusionAdmin!)).items as FusionInvoice[];
          for (const inv of list) {
            const detail = await getInvoice(s.bFusionAdmin!, inv._id);
            if (detail.lines.some((l) => l.caseId === caseId)) return detail;
          }
          return null;
        },
        (d): d is FusionInvoiceDetail => d !== null,
        { what: `the line of case ${caseId}`, timeoutMs: 60_000 },
      ),
    ) as Promise<FusionInvoiceDetail>;

  it('keeps the fusion centre’s rates: only the hub’s administrators, versioned, one per client centre and modality', async () => {
    const rate = (session: Credentials, over: object = {}) =>
      api.reply(
        BILLING_API.createFusionRate,
        {
          fusionCentreId: b.centres.hub!,
          clientCentreId: a.centres.c1!,
          modality: 'ct',
          rateMinor: 150000,
          validFrom: '2020-01-01',
          ...over,
        } as never,
        { session },
      );
    const made = await rate(s.bFusionAdmin!);
    expect(made.status).toBe(200);
    expect(made.body.message).toBe(FUSION_INVOICE_MESSAGES.rateAdded);
    rates.ct = made.body.data as FusionRate;
    expect(rates.ct).toMatchObject({ modality: 'CT', clientCentreId: a.centres.c1, version: 1 });
    expect(rates.ct.current).toMatchObject({ rateMinor: 150000, validFrom: '2020-01-01', currency: 'INR' });

    // one rate per fusion centre, client centre and modality
    const again = await rate(s.bFusionAdmin!);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(FUSION_INVOICE_MESSAGES.rateExists);
    // out of range (spec §5's words), a float
    const tooMuch = await rate(s.bFusionAdmin!, { modality: 'MR', rateMinor: 10_000_001 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toBe('rateMinor: Rate should be in Between 0 to 100000');
    expect((await rate(s.bFusionAdmin!, { modality: 'MR', rateMinor: 10.5 })).status).toBe(400);
    // the fusion centre's own user holds INVOICE VIEW only; A's group-centre admin holds INVOICE CREATE but is no role
    // of a hub; A's administrator acts for a hub but B's centre is not its company's
    expect((await rate(s.bFusionCentre!, { modality: 'MR' })).status).toBe(403);
    expect((await rate(s.aGca!, { modality: 'MR' })).status).toBe(403);
    const foreign = await rate(s.aAdmin!, { modality: 'MR' });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toBe(FUSION_INVOICE_MESSAGES.fusionCentreNotFound);
    // a centre that is not a fusion centre
    expect((await rate(s.bFusionAdmin!, { fusionCentreId: b.centres.c1!, modality: 'MR' })).status).toBe(404);

    // the fusion centre's default for every client centre, for MR
    const mr = await rate(s.bFusionAdmin!, { clientCentreId: null, modality: 'MR', rateMinor: 90000 });
    expect(mr.status).toBe(200);
    rates.mr = mr.body.data as FusionRate;

    // the hub's list; C's fusion administrator sees none of B's rates
    const listed = await api.call(
      BILLING_API.findFusionRates,
      { fusionCentreId: b.centres.hub! },
      { session: s.bFusionAdmin! },
    );
    expect(listed.items.map((r) => r._id).sort()).toEqual([rates.ct._id, rates.mr._id].sort());
    const cList = await api.call(BILLING_API.findFusionRates, {}, { session: s.cFusionAdmin! });
    expect(cList.items.map((r) => r._id)).not.toContain(rates.ct._id);
  });

  it('bills a completed read once on the client centre’s month, at the rate in force; the client sees it only once raised', async () => {
    const first = await completedFusionRead('CT');
    const detail = await lineAppears(first);
    invoiceId = detail._id;
    expect(detail).toMatchObject({
      status: null,
      fusionTenantId: b.tenantId,
      fusionCentreId: b.centres.hub,
      fusionCentreName: b.centreName('hub'),
      clientTenantId: a.tenantId,
      clientCentreId: a.centres.c1,
      clientCentreName: a.centreName('c1'),
      lineCount: 1,
      linesTotalMinor: 150000,
      sides: ['FUSION_HUB'],
    });
    expect(detail.lines).toEqual([
      expect.objectContaining({
        caseId: first,
        modality: 'CT',
        unitMinor: 150000,
        rateVersionId: rates.ct.current!._id,
      }),
    ]);
    expect(detail.allowedActions).toEqual(['RAISE']);

    // the same completion delivered again (the same event, and a copy under a new id): still one line
    const [{ envelope }] = await tenantQuery<{ envelope: Record<string, unknown> & { type: string; version: number } }>(
      a.tenantId,
      `SELECT envelope FROM cases.outbox WHERE message_key = $1 AND topic = $2
         AND envelope->'payload'->>'fusionStatus' = 'COMPLETED'`,
      [first, FusionCaseChangedV1.topic],
    );
    expect(envelope.payload).toMatchObject({ centreId: a.centres.c1, modality: 'CT', fusionTenantId: b.tenantId });
    const copyId = randomUUID();
    await events.send(FusionCaseChangedV1.topic, first, envelope);
    await events.send(FusionCaseChangedV1.topic, first, { ...envelope, id: copyId });
    await eventually(
      () =>
        tenantQuery<{ n: number }>(null, `SELECT count(*)::int AS n FROM billing.inbox WHERE event_id = $1`, [copyId]),
      (rows) => rows[0]!.n === 1,
      { what: 'billing consumed the copy', timeoutMs: 60_000 },
    );
    const lines = await tenantQuery<{ n: number }>(
      b.tenantId,
      `SELECT count(*)::int AS n FROM billing.fusion_invoice_lines WHERE case_id = $1`,
      [first],
    );
    expect(lines[0]!.n).toBe(1);
    expect((await getInvoice(s.bFusionAdmin!)).lineCount).toBe(1);

    // a new version of the CT rate (from a later day): the first read keeps the rate it was billed at, a read
    // completed from now on is at the new one
    const stale = await api.reply(
      BILLING_API.updateFusionRate,
      { id: rates.ct._id, version: 7, rateMinor: 170000, validFrom: '2020-06-01' },
      { session: s.bFusionAdmin! },
    );
    expect(stale.status).toBe(409);
    const early = await api.reply(
      BILLING_API.updateFusionRate,
      { id: rates.ct._id, version: 1, rateMinor: 170000, validFrom: '2020-01-01' },
      { session: s.bFusionAdmin! },
    );
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(FUSION_INVOICE_MESSAGES.rateStartsTooEarly('2020-01-01'));
    const updated = await api.reply(
      BILLING_API.updateFusionRate,
      { id: rates.ct._id, version: 1, rateMinor: 170000, validFrom: '2020-06-01' },
      { session: s.bFusionAdmin! },
    );
    expect(updated.status).toBe(200);
    expect(updated.body.message).toBe(FUSION_INVOICE_MESSAGES.rateUpdated);
    expect((updated.body.data as FusionRate).versions.map((v) => v.rateMinor)).toEqual([150000, 170000]);

    const second = await completedFusionRead('CT');
    const mr = await completedFusionRead('MR');
    const unrated = await completedFusionRead('US');
    await lineAppears(unrated);
    await lineAppears(mr);
    const gathered = await lineAppears(second);
    expect(gathered._id).toBe(invoiceId);
    const unit = (caseId: string) => gathered.lines.find((l) => l.caseId === caseId)?.unitMinor;
    expect([unit(first), unit(second), unit(mr), unit(unrated)]).toEqual([150000, 170000, 90000, null]);
    expect(gathered).toMatchObject({ lineCount: 4, unpricedLineCount: 1, linesTotalMinor: 410000 });

    // the client does not see an invoice before it is raised
    expect((await hubInvoices(s.aAdmin!)).items).toEqual([]);
    expect((await api.reply(BILLING_API.getFusionInvoice, { id: invoiceId }, { session: s.aAdmin! })).status).toBe(404);
  }, 240_000);

  it('the hub raises the month’s invoice once every read has a rate; a later read goes to the next month', async () => {
    const before = await getInvoice(s.bFusionAdmin!);
    const raise = (session: Credentials, version = before.version) =>
      api.reply(BILLING_API.raiseFusionInvoice, { id: invoiceId, version }, { session });
    // the fusion centre's own user has no INVOICE CREATE; the client does not see it yet
    expect((await raise(s.bFusionCentre!)).status).toBe(403);
    expect((await raise(s.aAdmin!)).status).toBe(404);
    expect((await raise(s.bFusionAdmin!, before.version - 1)).body.message).toBe(FUSION_INVOICE_MESSAGES.staleInvoice);
    const unpriced = await raise(s.bFusionAdmin!);
    expect(unpriced.status).toBe(409);
    expect(unpriced.body.message).toBe(FUSION_INVOICE_MESSAGES.unpricedReads(1));

    // a US rate dated back covers the read recorded before it existed
    const us = await api.reply(
      BILLING_API.createFusionRate,
      {
        fusionCentreId: b.centres.hub!,
        clientCentreId: a.centres.c1!,
        modality: 'US',
        rateMinor: 40000,
        validFrom: '2020-01-01',
      },
      { session: s.bFusionAdmin! },
    );
    expect(us.status).toBe(200);
    const raised = await raise(s.bFusionAdmin!);
    expect(raised.status).toBe(200);
    expect(raised.body.message).toBe(INVOICE_MESSAGES.raised);
    expect(raised.body.data).toMatchObject({
      status: 'INVOICE RAISED',
      totalMinor: 450000,
      paidMinor: 0,
      balanceMinor: 450000,
      version: before.version + 1,
    });
    const again = await raise(s.bFusionAdmin!, before.version + 1);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(INVOICE_MESSAGES.alreadyRaised);

    // now the client's company sees it, on its side only
    const seen = await getInvoice(s.aGca!);
    expect(seen).toMatchObject({ status: 'INVOICE RAISED', sides: ['CLIENT_CENTRE'], lineCount: 4 });
    expect(seen.allowedActions).toEqual(expect.arrayContaining(['TAKE_ACTION', 'HOLD', 'COMMENT']));
    expect(seen.allowedActions).not.toContain('CONFIRM_PAYMENT');
    expect((await hubInvoices(s.aAdmin!)).items.map((i: FusionInvoice) => i._id)).toEqual([invoiceId]);

    // FusionInvoiceChanged in the hub's outbox
    const published = await tenantQuery<{ status: string }>(
      null,
      `SELECT envelope->'payload'->>'status' AS status FROM billing.outbox
       WHERE message_key = $1 AND envelope->>'type' = 'FusionInvoiceChanged'`,
      [invoiceId],
    );
    expect(published.map((p) => p.status)).toEqual(['INVOICE RAISED']);

    // a read completed after the raise is billed on the next month's invoice, never on the raised one
    const late = await completedFusionRead('CT');
    const next = await lineAppears(late);
    expect(next._id).not.toBe(invoiceId);
    expect(next.month > seen.month).toBe(true);
    expect(next.status).toBeNull();
    // the hub's draft of the next month has no conversation yet
    const draftComment = await api.reply(
      BILLING_API.commentFusionInvoice,
      { id: next._id, text: 'not yet' },
      { session: s.bFusionAdmin! },
    );
    expect(draftComment.status).toBe(409);
    expect(draftComment.body.message).toBe(INVOICE_MESSAGES.notRaised);
    expect((await getInvoice(s.bFusionAdmin!)).lineCount).toBe(4);
  }, 240_000);

  it('the client pays and asks, the hub rejects, then confirms: part paid, held and resumed by the client, completed', async () => {
    let current = await getInvoice(s.aGca!);
    const step = async (
      session: Credentials,
      endpoint:
        | typeof BILLING_API.payFusionInvoice
        | typeof BILLING_API.confirmFusionInvoicePayment
        | typeof BILLING_API.rejectFusionInvoicePayment
        | typeof BILLING_API.holdFusionInvoice
        | typeof BILLING_API.resumeFusionInvoice,
      body: object = {},
    ) => api.reply(endpoint, { id: invoiceId, version: current.version, ...body } as never, { session });
    const moved = async (reply: Awaited<ReturnType<typeof step>>, message: string, status: string) => {
      expect(reply.body.message).toBe(message);
      expect(reply.status).toBe(200);
      expect((reply.body.data as FusionInvoice).status).toBe(status);
      current = await getInvoice(s.aGca!);
    };

    // amounts are the machine's to judge (spec §5's 'Please enter the amount')
    expect((await step(s.aGca!, BILLING_API.payFusionInvoice)).body.message).toBe(INVOICE_MESSAGES.amountRequired);
    const beyond = await step(s.aGca!, BILLING_API.payFusionInvoice, { amountMinor: 450001 });
    expect(beyond.status).toBe(400);
    expect(beyond.body.message).toBe(INVOICE_MESSAGES.amountBeyondBalance);
    // the hub never pays; the hub's confirmation before a request is not allowed in this status
    const hubPays = await step(s.bFusionAdmin!, BILLING_API.payFusionInvoice, { amountMinor: 1000 });
    expect(hubPays.status).toBe(403);
    expect(hubPays.body.message).toBe(INVOICE_MESSAGES.notYourSide('Take Action'));
    const early = await step(s.bFusionAdmin!, BILLING_API.confirmFusionInvoicePayment);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(INVOICE_MESSAGES.actionNotAllowed('Confirm Payment', 'INVOICE RAISED'));

    await moved(
      await step(s.aGca!, BILLING_API.payFusionInvoice, { amountMinor: 200000 }),
      INVOICE_MESSAGES.paymentRequested,
      'AWAITING PAYMENT CONFIRMATION',
    );
    expect(current.requestedMinor).toBe(200000);
    // the client's administrator holds CONFIRM_PAYMENT but never confirms its own payment (its side's table)
    const selfConfirm = await step(s.aAdmin!, BILLING_API.confirmFusionInvoicePayment);
    expect(selfConfirm.status).toBe(403);
    // the fusion centre's own user has INVOICE VIEW, COMMENT and CHAT only
    expect((await step(s.bFusionCentre!, BILLING_API.confirmFusionInvoicePayment)).status).toBe(403);
    expect((await step(s.bFusionAdmin!, BILLING_API.rejectFusionInvoicePayment)).body.message).toBe(
      INVOICE_MESSAGES.reasonRequired,
    );
    await moved(
      await step(s.bFusionAdmin!, BILLING_API.rejectFusionInvoicePayment, { reason: 'No such transfer received' }),
      INVOICE_MESSAGES.paymentRejected,
      'PAYMENT RE-REQUESTED',
    );
    expect(current).toMatchObject({ paidMinor: 0, requestedMinor: null, rejectReason: 'No such transfer received' });

    await moved(
      await step(s.aGca!, BILLING_API.payFusionInvoice, { amountMinor: 200000 }),
      INVOICE_MESSAGES.paymentRequested,
      'AWAITING PAYMENT CONFIRMATION',
    );
    // a stale version is refused
    const stale = await api.reply(
      BILLING_API.confirmFusionInvoicePayment,
      { id: invoiceId, version: current.version - 1 },
      { session: s.bFusionAdmin! },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(FUSION_INVOICE_MESSAGES.staleInvoice);
    await moved(
      await step(s.bFusionAdmin!, BILLING_API.confirmFusionInvoicePayment),
      INVOICE_MESSAGES.paymentConfirmed,
      'PARTIALLY PAID',
    );
    expect(current).toMatchObject({ paidMinor: 200000, balanceMinor: 250000 });

    // the client disputes: holds it; the hub cannot resume the client's hold
    await moved(
      await step(s.aGca!, BILLING_API.holdFusionInvoice, { reason: 'Two reads are in question' }),
      INVOICE_MESSAGES.held,
      'INVOICE ON HOLD',
    );
    expect(current).toMatchObject({ heldBy: 'CLIENT_CENTRE', heldFrom: 'PARTIALLY PAID' });
    const hubResumes = await step(s.bFusionAdmin!, BILLING_API.resumeFusionInvoice);
    expect(hubResumes.status).toBe(409);
    expect(hubResumes.body.message).toBe(INVOICE_MESSAGES.notTheHolder);
    expect((await step(s.aGca!, BILLING_API.payFusionInvoice, { amountMinor: 1000 })).status).toBe(409);

    // both sides talk it through
    const said = await api.reply(
      BILLING_API.commentFusionInvoice,
      { id: invoiceId, text: 'Reads 2 and 3 were re-sent, please check' },
      { session: s.aGca! },
    );
    expect(said.status).toBe(200);
    expect(said.body.message).toBe(FUSION_INVOICE_MESSAGES.commented);
    expect(
      (
        await api.reply(
          BILLING_API.commentFusionInvoice,
          { id: invoiceId, text: 'Checked: both are ours' },
          { session: s.bFusionCentre! },
        )
      ).status,
    ).toBe(200);
    expect(
      (await api.reply(BILLING_API.commentFusionInvoice, { id: invoiceId, text: ' ' }, { session: s.aGca! })).body
        .message,
    ).toBe(`text: ${FUSION_INVOICE_MESSAGES.commentRequired}`);

    await moved(await step(s.aGca!, BILLING_API.resumeFusionInvoice), INVOICE_MESSAGES.resumed, 'PARTIALLY PAID');
    await moved(
      await step(s.aGca!, BILLING_API.payFusionInvoice, { amountMinor: 250000 }),
      INVOICE_MESSAGES.paymentRequested,
      'AWAITING PAYMENT CONFIRMATION',
    );
    await moved(
      await step(s.bFusionAdmin!, BILLING_API.confirmFusionInvoicePayment),
      INVOICE_MESSAGES.paymentConfirmed,
      'COMPLETED',
    );
    expect(current).toMatchObject({ paidMinor: 450000, balanceMinor: 0, requestedMinor: null });
    expect(current.completedAt).not.toBeNull();
    // nothing moves a completed invoice
    expect((await step(s.aGca!, BILLING_API.holdFusionInvoice, { reason: 'late' })).status).toBe(409);

    // the history both sides read: every action and comment, in order, with its side
    const hub = await getInvoice(s.bFusionAdmin!);
    expect(hub.activity.map((e) => [e.side, e.action, e.status])).toEqual([
      ['FUSION_HUB', 'RAISE', 'INVOICE RAISED'],
      ['CLIENT_CENTRE', 'TAKE_ACTION', 'AWAITING PAYMENT CONFIRMATION'],
      ['FUSION_HUB', 'REJECT_PAYMENT', 'PAYMENT RE-REQUESTED'],
      ['CLIENT_CENTRE', 'TAKE_ACTION', 'AWAITING PAYMENT CONFIRMATION'],
      ['FUSION_HUB', 'CONFIRM_PAYMENT', 'PARTIALLY PAID'],
      ['CLIENT_CENTRE', 'HOLD', 'INVOICE ON HOLD'],
      ['CLIENT_CENTRE', 'COMMENT', null],
      ['FUSION_HUB', 'COMMENT', null],
      ['CLIENT_CENTRE', 'RESUME', 'PARTIALLY PAID'],
      ['CLIENT_CENTRE', 'TAKE_ACTION', 'AWAITING PAYMENT CONFIRMATION'],
      ['FUSION_HUB', 'CONFIRM_PAYMENT', 'COMPLETED'],
    ]);
    expect((await getInvoice(s.aGca!)).activity).toEqual(hub.activity);
    // the client's actions were written in the hub's company, as the client's user
    const audit = await tenantQuery<{ n: number }>(
      b.tenantId,
      `SELECT count(*)::int AS n FROM billing.audit_log WHERE target_id = $1 AND action = 'FUSION_INVOICE_TAKE_ACTION'`,
      [invoiceId],
    );
    expect(audit[0]!.n).toBe(3);
  }, 120_000);

  it('nobody else sees the invoice: another company, a centre of the client’s company out of reach, the hub’s other staff', async () => {
    for (const session of [s.cAdmin!, s.cFusionAdmin!, s.aCentreAdmin!, s.bGca!]) {
      const got = await api.reply(BILLING_API.getFusionInvoice, { id: invoiceId }, { session });
      expect(got.status).toBe(404);
      expect(got.body.message).toBe(FUSION_INVOICE_MESSAGES.invoiceNotFound);
      const list = await api.call(BILLING_API.findFusionInvoices, { pageSize: 100 }, { session });
      expect(list.items.map((i: FusionInvoice) => i._id)).not.toContain(invoiceId);
      const acts = await api.reply(BILLING_API.fusionInvoiceActions, { id: invoiceId }, { session });
      expect(acts.status).toBe(404);
    }
    const commentByC = await api.reply(
      BILLING_API.commentFusionInvoice,
      { id: invoiceId, text: 'hello' },
      { session: s.cAdmin! },
    );
    expect(commentByC.status).toBe(404);
    // and the rows themselves stay out of another company's reach under row-level security
    const rows = await tenantQuery<{ n: number }>(
      c.tenantId,
      `SELECT (SELECT count(*) FROM billing.fusion_invoices WHERE id = $1)
            + (SELECT count(*) FROM billing.fusion_invoice_lines WHERE invoice_id = $1)
            + (SELECT count(*) FROM billing.fusion_invoice_activity WHERE invoice_id = $1) AS n`,
      [invoiceId],
    );
    expect(Number(rows[0]!.n)).toBe(0);
  });
});
