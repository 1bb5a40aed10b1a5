import { beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient, credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import {
  AUTH_API,
  BILLING_API,
  BILLING_MESSAGES,
  CREDIT_NOTE_REFUSALS,
  DEFAULT_CENTRE_TIME_ZONE,
  DEFAULT_ROLE_PRIVILEGES,
  financialYearOf,
  formatDocumentNumber,
  GATEWAY_PORT,
  GENERIC,
  grantsAllow,
  invoiceSeriesCode,
  LEDGER_REFUSALS,
  requirement,
  type Patient,
} from '@rayworks/contracts';
import {
  eventually,
  EVERY_ROLE_REACH,
  EVERY_ROLE_USERS,
  everyRoleTenant,
  tenantQuery,
  TEST_PASSWORD,
  type EveryRoleTenant,
  type EveryRoleUser,
} from '@rayworks/testing';
import { invoiceEvents, issueInvoice, issueInvoices, line, payment } from '../support/invoices.js';

/**
 * Patient invoices, payments, refunds and credit notes against the running system (docs/decisions/0253–0257):
 * invoices are issued as the registration issues them (InvoicesService.issue in a unit of work, test/support), and
 * paid, refunded, corrected and read through the gateway.
 */
const api = new ApiClient({ baseUrl: process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}` });
const signIn = async (t: EveryRoleTenant, who: EveryRoleUser): Promise<Credentials> =>
  credentialsOf(await api.call(AUTH_API.login, {}, { headers: loginHeaders(t.login(who), TEST_PASSWORD) }));

const USERS = Object.keys(EVERY_ROLE_USERS) as EveryRoleUser[];
const mayView = (who: EveryRoleUser) =>
  grantsAllow(DEFAULT_ROLE_PRIVILEGES[EVERY_ROLE_USERS[who].role], requirement('BILLING', GENERIC.VIEW));
const reaches = (who: EveryRoleUser, centre: 'c1' | 'c2' | 'c3') =>
  EVERY_ROLE_REACH[who] === 'company' || EVERY_ROLE_REACH[who].includes(centre);
const ids = (items: { _id: string }[]) => items.map((i) => i._id).sort();

describe('patient invoices, payments, refunds and credit notes', () => {
  let a: EveryRoleTenant;
  let b: EveryRoleTenant;
  const session = new Map<EveryRoleUser, Credentials>();
  let adminB: Credentials;
  const patients = {} as Record<'c1' | 'c2' | 'c3', Patient>;
  const desk = () => session.get('reception')!;
  const admin = () => session.get('admin')!;
  const financialYear = financialYearOf(new Date(), DEFAULT_CENTRE_TIME_ZONE);
  const codeOf = (t: EveryRoleTenant, key: string) =>
    invoiceSeriesCode(t.spec.centres!.find((c) => c.key === key)!.code);
  /** An invoice of one line at c1 for the c1 patient. */
  const invoiceOf = (totalMinor: number) =>
    issueInvoice(a, { centreId: a.centres.c1!, patientId: patients.c1._id, lines: [line('CT-HEAD', totalMinor)] });
  const billing = (id: string) => api.call(BILLING_API.getBilling, { id }, { session: admin() });

  beforeAll(async () => {
    [a, b] = await Promise.all([everyRoleTenant('iva'), everyRoleTenant('ivb')]);
    for (const who of USERS) session.set(who, await signIn(a, who));
    adminB = await signIn(b, 'admin');
    const person = (c: string) => ({
      patientName: `Inv ${c} ${a.name}`,
      gender: 'Male' as const,
      dateOfBirth: '1979-11-03',
      phoneNumber: `9${Date.now().toString().slice(-8)}${c.slice(1)}`,
    });
    // billing learns the company's centres from auth's events: registering a patient waits for them
    for (const c of ['c1', 'c2', 'c3'] as const)
      patients[c] = await eventually(
        () => api.call(BILLING_API.createPatient, { centreId: a.centres[c]!, ...person(c) }, { session: admin() }),
        () => true,
        { what: `billing knows centre ${c}`, timeoutMs: 60_000, intervalMs: 500 },
      );
  }, 180_000);

  it('numbers 100 invoices issued at once at one centre gap-free; those rolled back give their numbers back', async () => {
    const batch = [
      ...Array.from({ length: 100 }, (_, i) => ({
        centreId: a.centres.c1!,
        patientId: patients.c1._id,
        lines: [line('XR-CHEST', 50_000 + i)],
        rollback: i % 5 === 3,
      })),
      // another centre at the same time: its own series from 1
      ...Array.from({ length: 3 }, () => ({
        centreId: a.centres.c2!,
        patientId: patients.c2._id,
        lines: [line('USG', 120_000)],
      })),
    ];
    const results = await issueInvoices(a, batch);
    expect(results.filter((r) => 'error' in r)).toEqual([]);
    const issued = results.slice(0, 100).filter((r) => 'id' in r);
    const rolledBack = results.slice(0, 100).filter((r) => 'rolledBack' in r);
    expect({ issued: issued.length, rolledBack: rolledBack.length }).toEqual({ issued: 80, rolledBack: 20 });

    const c1 = codeOf(a, 'c1');
    const expected = Array.from({ length: 80 }, (_, i) =>
      formatDocumentNumber('INVOICE', { centreCode: c1, financialYear, sequence: i + 1 }),
    );
    // every committed invoice has its own number, and together they are 1..80: no gap, no repeat
    expect(issued.map((r) => r.number).sort()).toEqual(expected);
    // a rolled-back issue's number was given again to an invoice that committed — or, when the issue that rolled back
    // was the last to hold the counter, it is the next number, still free
    const next = formatDocumentNumber('INVOICE', { centreCode: c1, financialYear, sequence: 81 });
    for (const r of rolledBack) expect([...expected, next]).toContain(r.rolledBack);
    const c2 = codeOf(a, 'c2');
    expect(
      results
        .slice(100)
        .map((r) => ('number' in r ? r.number : r))
        .sort(),
    ).toEqual(
      [1, 2, 3].map((sequence) => formatDocumentNumber('INVOICE', { centreCode: c2, financialYear, sequence })),
    );

    const [row] = await tenantQuery<{ n: number; max: string; counter: string }>(
      a.tenantId,
      `SELECT count(*)::int AS n, max(sequence)::text AS max,
              (SELECT last_number::text FROM billing.document_counters
                WHERE centre_id = $1 AND series = 'INVOICE' AND financial_year = $2) AS counter
         FROM billing.invoices WHERE centre_id = $1`,
      [a.centres.c1, financialYear],
    );
    expect(row).toEqual({ n: 80, max: '80', counter: '80' });
    // InvoiceIssued went out with each committed invoice, in its unit of work, and with no rolled-back one
    const [published] = await tenantQuery<{ n: number }>(
      null,
      `SELECT count(*)::int AS n FROM billing.outbox
        WHERE envelope->>'type' = 'InvoiceIssued' AND envelope->'payload'->>'centreId' = $1`,
      [a.centres.c1],
    );
    expect(published!.n).toBe(80);
  }, 180_000);

  it('an issued invoice keeps its lines, its exact amounts and the patient as billed; /getbilling reads it', async () => {
    const issued = await issueInvoice(a, {
      centreId: a.centres.c1!,
      patientId: patients.c1._id,
      lines: [
        { ...line('MRI-KNEE', 650_000), discount: { kind: 'basisPoints', basisPoints: 1250 } },
        { ...line('CONTRAST', 99_999, 2), tax: { kind: 'intraState', rateBasisPoints: 1800 } },
      ],
    });
    const got = await billing(issued.id);
    expect(got).toMatchObject({
      _id: issued.id,
      number: issued.number,
      financialYear,
      status: 'UNPAID',
      patient: { id: patients.c1._id, mrID: patients.c1.mrID, patientName: patients.c1.patientName },
      // 6500.00 − 12.5% = 5687.50; 2 × 999.99 = 1999.98 + 18% GST (179.9982 + 179.9982) = 2359.9764
      totalExact: '8047.4764',
      totalMinor: 804_748,
      dueMinor: 804_748,
      paidMinor: 0,
      balanceMinor: 804_748,
      version: 1,
      payments: [],
      creditNotes: [],
    });
    expect(got.lines.map((l) => [l.code, l.quantity, l.totalExact, l.cgstExact])).toEqual([
      ['MRI-KNEE', 1, '5687.50', '0.00'],
      ['CONTRAST', 2, '2359.9764', '179.9982'],
    ]);
    expect(await invoiceEvents(issued.id)).toEqual(['InvoiceIssued']);
  });

  it('takes partial payments up to the total, never beyond it, also when they come at once', async () => {
    const { id } = await invoiceOf(10_000);
    const first = await api.result(BILLING_API.createPayment, payment(id, 2_500, { mode: 'UPI' }), {
      session: desk(),
    });
    expect(first.message).toBe(BILLING_MESSAGES.paymentReceived);
    expect(first.data.invoice).toMatchObject({ paidMinor: 2_500, balanceMinor: 7_500, status: 'PART_PAID' });
    // twelve desks pay 1000 each at once on a balance of 7500: seven fit, the others are refused
    const replies = await Promise.all(
      Array.from({ length: 12 }, () => api.reply(BILLING_API.createPayment, payment(id, 1_000), { session: desk() })),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(7).fill(200), ...Array(5).fill(409)]);
    for (const r of replies.filter((x) => x.status === 409))
      expect([LEDGER_REFUSALS.beyondBalance, LEDGER_REFUSALS.invoiceSettled]).toContain(r.body.message);
    // the last 500 settles it; then nothing more is taken
    const last = await api.call(BILLING_API.createPayment, payment(id, 500), { session: desk() });
    expect(last.invoice).toMatchObject({ paidMinor: 10_000, balanceMinor: 0, status: 'PAID', version: 10 });
    const settled = await api.reply(BILLING_API.createPayment, payment(id, 1), { session: desk() });
    expect({ status: settled.status, message: settled.body.message }).toEqual({
      status: 409,
      message: LEDGER_REFUSALS.invoiceSettled,
    });
    const got = await billing(id);
    expect(got.payments).toHaveLength(9);
    expect(got.payments.reduce((sum, p) => sum + p.amountMinor, 0)).toBe(10_000);
    const [row] = await tenantQuery<{ paid: string; sum: string }>(
      a.tenantId,
      `SELECT i.paid_minor::text AS paid, (SELECT sum(amount_minor)::text FROM billing.payments p
          WHERE p.invoice_id = i.id) AS sum FROM billing.invoices i WHERE i.id = $1`,
      [id],
    );
    expect(row).toEqual({ paid: '10000', sum: '10000' });
    const events = await invoiceEvents(id);
    expect(events.filter((e) => e === 'PaymentReceived')).toHaveLength(9);
  }, 60_000);

  it('answers a retried payment with the first one and changes nothing; a key used for another request is 409', async () => {
    const { id } = await invoiceOf(8_000);
    const body = payment(id, 3_000, { mode: 'CARD', reference: 'APPR-1122' });
    const first = await api.call(BILLING_API.createPayment, body, { session: desk() });
    expect(first.replayed).toBe(false);
    const again = await api.call(BILLING_API.createPayment, body, { session: desk() });
    expect(again).toMatchObject({ replayed: true, payment: first.payment, invoice: { paidMinor: 3_000, version: 2 } });
    // the same key sent five times at once: one payment
    const burst = payment(id, 1_000);
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => api.reply(BILLING_API.createPayment, burst, { session: desk() })),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(replies.map((r) => r.body.data!.payment._id)).size).toBe(1);
    expect(replies.filter((r) => !r.body.data!.replayed)).toHaveLength(1);
    // the key again for another amount, or for another invoice: refused, nothing taken
    const other = await invoiceOf(8_000);
    for (const reused of [
      { ...body, amountMinor: 3_001 },
      { ...body, invoiceId: other.id },
    ]) {
      const reply = await api.reply(BILLING_API.createPayment, reused, { session: desk() });
      expect({ status: reply.status, message: reply.body.message }).toEqual({
        status: 409,
        message: BILLING_MESSAGES.idempotencyKeyReused,
      });
    }
    expect((await billing(id)).paidMinor).toBe(4_000);
    expect((await billing(other.id)).paidMinor).toBe(0);
    expect((await invoiceEvents(id)).filter((e) => e === 'PaymentReceived')).toHaveLength(2);
  }, 60_000);

  it("refuses a bad payment with the spec's words and changes nothing: no amount, a fraction, a stale version", async () => {
    const { id } = await invoiceOf(5_000);
    for (const amountMinor of [undefined, 0]) {
      const reply = await api.reply(BILLING_API.createPayment, { ...payment(id, 1), amountMinor }, { session: desk() });
      expect({ status: reply.status, message: reply.body.message }).toEqual({
        status: 400,
        message: 'Please enter the amount',
      });
    }
    const fraction = await api.reply(
      BILLING_API.createPayment,
      { ...payment(id, 1), amountMinor: 10.5 },
      {
        session: desk(),
      },
    );
    expect(fraction.status).toBe(400);
    expect(fraction.body.message).toMatch(/^amountMinor: /);
    const cheque = await api.reply(BILLING_API.createPayment, payment(id, 100, { mode: 'CHEQUE' }), {
      session: desk(),
    });
    expect({ status: cheque.status, message: cheque.body.message }).toEqual({
      status: 400,
      message: BILLING_MESSAGES.referenceRequired('CHEQUE'),
    });
    const paid = await api.call(BILLING_API.createPayment, payment(id, 1_000, { invoiceVersion: 1 }), {
      session: desk(),
    });
    expect(paid.invoice.version).toBe(2);
    // a screen still showing version 1
    const stale = await api.reply(BILLING_API.createPayment, payment(id, 1_000, { invoiceVersion: 1 }), {
      session: desk(),
    });
    expect({ status: stale.status, message: stale.body.message }).toEqual({
      status: 409,
      message: BILLING_MESSAGES.staleInvoice,
    });
    const beyond = await api.reply(BILLING_API.createPayment, payment(id, 4_001), { session: desk() });
    expect({ status: beyond.status, message: beyond.body.message }).toEqual({
      status: 409,
      message: LEDGER_REFUSALS.beyondBalance,
    });
    expect(await billing(id)).toMatchObject({ paidMinor: 1_000, version: 2 });
    expect((await billing(id)).payments).toHaveLength(1);
  }, 60_000);

  it('refunds with a reason and the privilege, never more than was paid', async () => {
    const { id } = await invoiceOf(6_000);
    await api.call(BILLING_API.createPayment, payment(id, 6_000), { session: desk() });
    const refund = (amountMinor: number, reason: string | null = 'Test not done') => ({
      ...payment(id, amountMinor),
      reason,
    });
    // the receptionist holds BILLING VIEW and CREATE, not REFUND
    expect((await api.reply(BILLING_API.refund, refund(1_000), { session: desk() })).status).toBe(403);
    const noReason = await api.reply(BILLING_API.refund, refund(1_000, null), { session: admin() });
    expect({ status: noReason.status, message: noReason.body.message }).toEqual({
      status: 400,
      message: BILLING_MESSAGES.reasonRequired,
    });
    const beyond = await api.reply(BILLING_API.refund, refund(6_001), { session: admin() });
    expect({ status: beyond.status, message: beyond.body.message }).toEqual({
      status: 409,
      message: LEDGER_REFUSALS.beyondPaid,
    });
    const done = await api.result(BILLING_API.refund, refund(2_500), { session: admin() });
    expect(done.message).toBe(BILLING_MESSAGES.refunded);
    expect(done.data.payment).toMatchObject({ kind: 'REFUND', amountMinor: 2_500, reason: 'Test not done' });
    expect(done.data.invoice).toMatchObject({ paidMinor: 3_500, balanceMinor: 2_500, status: 'PART_PAID' });
    const rest = await api.reply(BILLING_API.refund, refund(3_501), { session: admin() });
    expect(rest.status).toBe(409);
    expect(await invoiceEvents(id)).toEqual(['InvoiceIssued', 'PaymentReceived', 'Refunded']);
  }, 60_000);

  it('corrects an invoice only by credit notes, in their own gap-free series, within the balance', async () => {
    const { id, number } = await invoiceOf(5_000);
    await api.call(BILLING_API.createPayment, payment(id, 2_000), { session: desk() });
    const credit = (amountMinor: number, extra = {}) => ({
      invoiceId: id,
      amountMinor,
      reason: 'Contrast not given',
      idempotencyKey: `cn-${crypto.randomUUID()}`,
      ...extra,
    });
    expect((await api.reply(BILLING_API.createCreditNote, credit(1_000), { session: desk() })).status).toBe(403);
    // what was paid is refunded first: a credit note takes back at most the balance
    const beyond = await api.reply(BILLING_API.createCreditNote, credit(3_001), { session: admin() });
    expect({ status: beyond.status, message: beyond.body.message }).toEqual({
      status: 409,
      message: CREDIT_NOTE_REFUSALS.beyondBalance,
    });
    const c1 = codeOf(a, 'c1');
    const firstBody = credit(1_000);
    const first = await api.result(BILLING_API.createCreditNote, firstBody, { session: admin() });
    expect(first.message).toBe(BILLING_MESSAGES.creditNoteIssued);
    const cn = (sequence: number) => formatDocumentNumber('CREDIT_NOTE', { centreCode: c1, financialYear, sequence });
    expect(first.data.creditNote).toMatchObject({ number: cn(1), invoiceNumber: number, amountMinor: 1_000 });
    expect(first.data.invoice).toMatchObject({
      totalMinor: 5_000,
      creditedMinor: 1_000,
      dueMinor: 4_000,
      balanceMinor: 2_000,
    });
    // a retry answers the same note
    const retried = await api.call(BILLING_API.createCreditNote, firstBody, { session: admin() });
    expect(retried).toMatchObject({ replayed: true, creditNote: { _id: first.data.creditNote._id } });
    const second = await api.call(BILLING_API.createCreditNote, credit(2_000), { session: admin() });
    expect(second.creditNote.number).toBe(cn(2));
    expect(second.invoice).toMatchObject({ dueMinor: 2_000, paidMinor: 2_000, status: 'PAID' });

    // credited in full: cancelled, and no payment is taken on it
    const other = await invoiceOf(3_000);
    const cancelled = await api.call(
      BILLING_API.createCreditNote,
      { ...credit(3_000), invoiceId: other.id },
      { session: admin() },
    );
    expect(cancelled.creditNote.number).toBe(cn(3));
    expect(cancelled.invoice).toMatchObject({ status: 'CANCELLED', dueMinor: 0 });
    const pay = await api.reply(BILLING_API.createPayment, payment(other.id, 1), { session: desk() });
    expect({ status: pay.status, message: pay.body.message }).toEqual({
      status: 409,
      message: LEDGER_REFUSALS.invoiceCancelled,
    });
    const again = await api.reply(
      BILLING_API.createCreditNote,
      { ...credit(1), invoiceId: other.id },
      {
        session: admin(),
      },
    );
    expect(again.status).toBe(409);
    // the invoice itself never changed: its number, lines and total are as issued
    const got = await billing(id);
    expect(got).toMatchObject({ number, totalMinor: 5_000, creditedMinor: 3_000 });
    expect(got.creditNotes.map((n) => n.number)).toEqual([cn(1), cn(2)]);
    expect((await invoiceEvents(id)).filter((e) => e === 'CreditNoteIssued')).toHaveLength(2);
  }, 60_000);

  it('shows and takes payments on an invoice only for those who reach its centre, never another company', async () => {
    const at = {} as Record<'c1' | 'c2' | 'c3', string>;
    for (const c of ['c1', 'c2', 'c3'] as const)
      at[c] = (
        await issueInvoice(a, { centreId: a.centres[c]!, patientId: patients[c]._id, lines: [line('LAB-CBC', 40_000)] })
      ).id;
    for (const who of USERS)
      for (const c of ['c1', 'c2', 'c3'] as const) {
        const reply = await api.reply(BILLING_API.getBilling, { id: at[c] }, { session: session.get(who)! });
        const want = !mayView(who) ? 403 : reaches(who, c) ? 200 : 404;
        expect({ who, c, status: reply.status }).toEqual({ who, c, status: want });
      }
    // the receptionist of c1 pays at c1, not at c3 (404, as if it did not exist)
    expect((await api.reply(BILLING_API.createPayment, payment(at.c3, 100), { session: desk() })).status).toBe(404);
    expect((await api.reply(BILLING_API.createPayment, payment(at.c1, 100), { session: desk() })).status).toBe(200);
    // another company: nothing to read, pay, refund or credit
    expect((await api.reply(BILLING_API.getBilling, { id: at.c1 }, { session: adminB })).status).toBe(404);
    expect((await api.reply(BILLING_API.createPayment, payment(at.c2, 100), { session: adminB })).status).toBe(404);
    expect(
      (await api.reply(BILLING_API.refund, { ...payment(at.c1, 100), reason: 'x' }, { session: adminB })).status,
    ).toBe(404);
    const listed = await api.call(BILLING_API.findInvoices, { page: 1, pageSize: 100 }, { session: adminB });
    expect(listed.items).toEqual([]);
    expect((await billing(at.c2)).paidMinor).toBe(0);
  }, 120_000);

  it('finds invoices by centre, patient, status, date of issue and the beginning of the number', async () => {
    const issued = await issueInvoices(a, [
      { centreId: a.centres.c3!, patientId: patients.c3._id, lines: [line('ECG', 30_000)] },
      { centreId: a.centres.c3!, patientId: patients.c3._id, lines: [line('ECHO', 90_000)] },
      { centreId: a.centres.c1!, patientId: patients.c1._id, lines: [line('ECG', 30_000)] },
    ]);
    const [x, y, z] = issued as { id: string; number: string }[];
    await api.call(BILLING_API.createPayment, payment(x!.id, 30_000), { session: admin() });
    const find = (
      q: Partial<{ centreId: string; patientId: string; status: 'PAID' | 'UNPAID'; search: string }> & {
        issuedFrom?: string;
        issuedTo?: string;
      },
    ) => api.call(BILLING_API.findInvoices, { page: 1, pageSize: 100, ...q }, { session: admin() });
    const atC3 = (await find({ centreId: a.centres.c3! })).items.map((i) => i._id);
    expect(atC3).toEqual(expect.arrayContaining([x!.id, y!.id]));
    expect(ids((await find({ centreId: a.centres.c3!, status: 'PAID' })).items)).toEqual([x!.id]);
    expect(ids((await find({ patientId: patients.c3._id, status: 'UNPAID' })).items)).toContain(y!.id);
    expect(ids((await find({ search: y!.number })).items)).toEqual([y!.id]);
    const prefix = `${codeOf(a, 'c3')}/${financialYear}/`;
    const byPrefix = await find({ search: prefix.toLowerCase() });
    expect(byPrefix.items.every((i) => i.number.startsWith(prefix))).toBe(true);
    expect(byPrefix.total).toBe(atC3.length);
    const today = (await billing(x!.id)).issuedOn;
    expect(ids((await find({ centreId: a.centres.c3!, issuedFrom: today, issuedTo: today })).items)).toEqual(
      ids((await find({ centreId: a.centres.c3! })).items),
    );
    expect((await find({ centreId: a.centres.c3!, issuedTo: '2000-01-01' })).items).toEqual([]);
    // a centre's user finds only its centre's
    const mine = await api.call(BILLING_API.findInvoices, { page: 1, pageSize: 100 }, { session: desk() });
    expect(mine.items.every((i) => i.centreId === a.centres.c1)).toBe(true);
    expect(ids(mine.items)).toContain(z!.id);
  }, 60_000);
});
