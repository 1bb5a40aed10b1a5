import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient, credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import { AUTH_API, BILLING_API, GATEWAY_PORT, type BodyOf, type LedgerChange } from '@rayworks/contracts';
import {
  crash,
  eventually,
  everyRoleTenant,
  freePort,
  startScript,
  stop,
  tenantQuery,
  TEST_PASSWORD,
  type EveryRoleTenant,
  stackProcesses,
} from '@rayworks/testing';
import { invoiceEvents, issueInvoice, line, payment } from '../support/invoices.js';

const { processTable, processEnv, ROOT } = await stackProcesses();

/** A billing API process of this test (the stack's env, its own port), so the shared one is never disturbed. */
async function startBilling() {
  const proc = processTable().find((p) => p.name === 'billing')!;
  const port = await freePort();
  const child = startScript(path.join(ROOT, proc.entry), {
    ...processEnv(proc),
    PORT: String(port),
    METRICS_PORT: '0',
  });
  await eventually(
    () =>
      fetch(`http://127.0.0.1:${port}/health/ready`)
        .then((r) => r.status)
        .catch(() => 0),
    (status) => status === 200,
    { what: `a test billing process ready on ${port}: ${child.output().slice(-500)}`, timeoutMs: 90_000 },
  );
  return { child, client: new ApiClient({ baseUrl: () => `http://127.0.0.1:${port}` }) };
}

const PAYMENTS = 40;
const AMOUNT = 1_000;

/**
 * Issue 22: the billing process killed (SIGKILL) while payments are in flight. Each payment carries its idempotency
 * key (docs/decisions/0255); the desk retries every request that got no answer with the same key once billing is back.
 * Whatever the kill cut — before the commit, between the commit and the answer — every payment is taken exactly once:
 * the invoice's paid amount is the sum of the distinct payments accepted, each key has one payment, and one
 * PaymentReceived went out per payment. It kills a service process, so it runs in npm test's serial resilience phase.
 */
describe('billing killed with payments in flight', () => {
  let t: EveryRoleTenant;
  let deskUser: Credentials;
  let invoiceId: string;
  let running: Awaited<ReturnType<typeof startBilling>> | null = null;

  beforeAll(async () => {
    t = await everyRoleTenant('ivk');
    const gateway = new ApiClient({ baseUrl: `http://127.0.0.1:${GATEWAY_PORT}` });
    const admin = credentialsOf(
      await gateway.call(AUTH_API.login, {}, { headers: loginHeaders(t.login('admin'), TEST_PASSWORD) }),
    );
    deskUser = credentialsOf(
      await gateway.call(AUTH_API.login, {}, { headers: loginHeaders(t.login('reception'), TEST_PASSWORD) }),
    );
    const patient = await eventually(
      () =>
        gateway.call(
          BILLING_API.createPatient,
          { centreId: t.centres.c1!, patientName: `Kill ${t.name}`, gender: 'Female', phoneNumber: '9811100000' },
          { session: admin },
        ),
      () => true,
      { what: 'billing knows the centre', timeoutMs: 60_000, intervalMs: 500 },
    );
    // room for every payment: none is refused for the balance, so each request's fate is "taken once"
    invoiceId = (
      await issueInvoice(t, {
        centreId: t.centres.c1!,
        patientId: patient._id,
        lines: [line('CT-ABD', PAYMENTS * AMOUNT * 2)],
      })
    ).id;
  }, 180_000);

  afterAll(async () => {
    if (running) await stop(running.child);
  });

  it('takes every payment exactly once after the desk retries the unanswered ones with their keys', async () => {
    const bodies: BodyOf<typeof BILLING_API.createPayment>[] = Array.from({ length: PAYMENTS }, () =>
      payment(invoiceId, AMOUNT),
    );
    const answers = new Map<string, LedgerChange>();
    const committed = async () =>
      (
        await tenantQuery<{ n: number }>(
          t.tenantId,
          `SELECT count(*)::int AS n FROM billing.payments WHERE invoice_id = $1`,
          [invoiceId],
        )
      )[0]!.n;

    // four desks pay one after another from a queue of 40
    running = await startBilling();
    const first = running;
    const queue = [...bodies];
    const inFlight = new Set<AbortController>();
    let cut = false;
    let quarter!: () => void;
    const quarterAnswered = new Promise<void>((resolve) => (quarter = resolve));
    const desk = async () => {
      while (!cut && queue.length > 0) {
        const body = queue.shift()!;
        const waiting = new AbortController();
        inFlight.add(waiting);
        try {
          const reply = await first.client.reply(BILLING_API.createPayment, body, {
            session: deskUser,
            signal: waiting.signal,
          });
          if (!cut && reply.status === 200) answers.set(body.idempotencyKey, reply.body.data!);
          if (answers.size === PAYMENTS / 4) quarter();
        } catch {
          // no answer: the desk will send it again
        } finally {
          inFlight.delete(waiting);
        }
      }
    };
    const desks = Array.from({ length: 4 }, desk);
    await quarterAnswered;
    // mid-way: the desks stop waiting for the requests in flight (their answers are lost), the process goes on with
    // them; once it committed a payment whose answer nobody got, it is killed — with the rest in flight or unsent
    cut = true;
    for (const waiting of inFlight) waiting.abort();
    await eventually(committed, (n) => n > answers.size, {
      what: 'a payment committed whose answer was lost',
      timeoutMs: 30_000,
      intervalMs: 20,
    });
    await crash(first.child);
    await Promise.allSettled(desks);
    const unanswered = bodies.filter((b) => !answers.has(b.idempotencyKey));
    expect(unanswered.length).toBeGreaterThan(0);

    // billing back; the desk sends every unanswered request again, with its key
    running = await startBilling();
    const second = running;
    let replayed = 0;
    for (const body of unanswered) {
      const reply = await second.client.reply(BILLING_API.createPayment, body, { session: deskUser });
      expect(reply.status).toBe(200);
      answers.set(body.idempotencyKey, reply.body.data!);
      if (reply.body.data!.replayed) replayed += 1;
    }
    // the payments committed before the kill whose answers were lost are answered as they were, not taken again
    expect(replayed).toBeGreaterThan(0);

    expect(answers.size).toBe(PAYMENTS);
    const distinct = new Map([...answers.values()].map((a) => [a.payment._id, a.payment.amountMinor]));
    expect(distinct.size).toBe(PAYMENTS);
    const accepted = [...distinct.values()].reduce((sum, n) => sum + n, 0);
    const [row] = await tenantQuery<{ paid: string; version: number; rows: number; keys: number; sum: string }>(
      t.tenantId,
      `SELECT i.paid_minor::text AS paid, i.version,
              (SELECT count(*)::int FROM billing.payments p WHERE p.invoice_id = i.id) AS rows,
              (SELECT count(DISTINCT idempotency_key)::int FROM billing.payments p WHERE p.invoice_id = i.id) AS keys,
              (SELECT sum(amount_minor)::text FROM billing.payments p WHERE p.invoice_id = i.id) AS sum
         FROM billing.invoices i WHERE i.id = $1`,
      [invoiceId],
    );
    expect(row).toEqual({
      paid: String(accepted),
      version: PAYMENTS + 1,
      rows: PAYMENTS,
      keys: PAYMENTS,
      sum: String(PAYMENTS * AMOUNT),
    });
    expect(accepted).toBe(PAYMENTS * AMOUNT);
    // every answer names the payment its key made, and each went out once
    const byKey = await tenantQuery<{ key: string; id: string }>(
      t.tenantId,
      `SELECT idempotency_key AS key, id FROM billing.payments WHERE invoice_id = $1`,
      [invoiceId],
    );
    for (const { key, id } of byKey) expect(answers.get(key)!.payment._id).toBe(id);
    expect((await invoiceEvents(invoiceId)).filter((e) => e === 'PaymentReceived')).toHaveLength(PAYMENTS);
  }, 240_000);
});
