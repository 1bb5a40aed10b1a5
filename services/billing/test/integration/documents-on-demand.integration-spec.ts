import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Job } from 'bullmq';
import { ApiClient, credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import {
  AUTH_API,
  BILLING_API,
  GATEWAY_PORT,
  QUEUES,
  type BillingDocument,
  type PatientInvoice,
} from '@rayworks/contracts';
import { createQueue, createRedis } from '@rayworks/nest-kit';
import {
  eventually,
  everyRoleTenant,
  infraEnv,
  tenantQuery,
  TEST_PASSWORD,
  type EveryRoleTenant,
} from '@rayworks/testing';

const api = new ApiClient({ baseUrl: process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}` });
const rupees = (n: number) => n * 100;

/**
 * Invoice and receipt PDFs printed on the first ask, not on every change (docs/decisions/0259, issue 22): registering
 * a visit with its payment records no print job; the first /invoice/pdf answers `queued` and starts one job, however
 * often the console asks while it prints (BullMQ's deduplication by the document's id and version); the asks that
 * follow get the stored PDF's link. Observed in billing's job outbox (every job a change records) and in the
 * billing.invoice-pdf queue the stack's worker takes its jobs from.
 */
describe('invoice and receipt PDFs printed on demand', () => {
  const redis = createRedis(infraEnv().redisUrl, 'it-documents-on-demand');
  const queue = createQueue(QUEUES.billingInvoicePdf, redis);
  let t: EveryRoleTenant;
  let admin: Credentials;
  let desk: Credentials;
  let invoice: PatientInvoice;
  let paymentId: string;

  /** The print jobs billing's changes and asks recorded for a document (its job outbox rows). */
  const recorded = (id: string) =>
    tenantQuery<{ version: number; sent: boolean }>(
      t.tenantId,
      `SELECT (payload->>'version')::int AS version, sent_at IS NOT NULL AS sent FROM billing.job_outbox
        WHERE job_name = 'billingInvoicePdf' AND payload->>'id' = $1 ORDER BY id`,
      [id],
    );
  /** The billing.invoice-pdf jobs BullMQ holds for a document, in any state (completed ones are kept a day). */
  const queued = async (id: string): Promise<Job[]> =>
    (await queue.getJobs(['waiting', 'prioritized', 'delayed', 'active', 'completed', 'failed'])).filter(
      (job) => (job.data as { id?: string }).id === id,
    );
  const invoicePdf = () => api.call(BILLING_API.invoicePdf, { invoiceId: invoice._id }, { session: desk });
  const receipt = () => api.call(BILLING_API.paymentReceipt, { paymentId }, { session: desk });
  /** Asks until the PDF is stored, then downloads it through its link: a real PDF. */
  const downloaded = async (ask: () => Promise<BillingDocument>, what: string) => {
    const ready = await eventually(ask, (d) => d.state === 'ready', {
      what: `the ${what} printed`,
      timeoutMs: 90_000,
      intervalMs: 1000,
    });
    const res = await fetch(ready.url!);
    expect(res.status).toBe(200);
    expect(
      Buffer.from(await res.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    return ready;
  };

  beforeAll(async () => {
    t = await everyRoleTenant('docod');
    const signIn = async (who: 'admin' | 'reception') =>
      credentialsOf(await api.call(AUTH_API.login, {}, { headers: loginHeaders(t.login(who), TEST_PASSWORD) }));
    [admin, desk] = await Promise.all([signIn('admin'), signIn('reception')]);
    const c1 = t.centres.c1!;
    // billing learns the company's centres from auth's events
    await eventually(
      () => api.reply(BILLING_API.getBillingSettings, { centreId: c1 }, { session: admin }),
      (r) => r.status === 200,
      { what: 'billing knows the company’s centres', timeoutMs: 60_000 },
    );
    await api.call(
      BILLING_API.createTest,
      { code: 'USGABD', name: 'USG Abdomen', kind: 'RADIOLOGY', modality: 'US', bodyPart: 'ABDOMEN' },
      { session: admin },
    );
    const card = await api.call(
      BILLING_API.createRateCard,
      {
        name: `Walk-in ${t.name}`,
        validFrom: '2020-01-01',
        prices: [{ testCode: 'USGABD', price: '1200', holidayPrice: '1200', nightPrice: '1200', processingFee: '0' }],
      },
      { session: admin },
    );
    await api.call(BILLING_API.assignRateCard, { rateCardId: card._id, centreIds: [c1] }, { session: admin });
    const patient = await api.call(
      BILLING_API.createPatient,
      {
        centreId: c1,
        patientName: `Farah Khan ${t.name}`,
        gender: 'Female',
        dateOfBirth: '1991-05-17',
        phoneNumber: `7${Date.now().toString().slice(-9)}`,
      },
      { session: desk },
    );
    const registered = await api.call(
      BILLING_API.createRegistration,
      {
        centreId: c1,
        patientId: patient._id,
        referralId: null,
        items: [{ testCode: 'USGABD' }],
        payment: { amountMinor: rupees(500), mode: 'CASH', reference: null },
        requestKey: randomUUID(),
      },
      { session: desk },
    );
    invoice = registered.invoice;
    paymentId = registered.payment!._id;
  }, 180_000);

  afterAll(async () => {
    await queue.close();
    redis.disconnect();
  });

  it('records no print job when a visit is registered with its payment', async () => {
    // the registration's unit of work has committed: what it recorded is in the job outbox now
    expect(invoice.version).toBe(2);
    expect(await recorded(invoice._id)).toEqual([]);
    expect(await recorded(paymentId)).toEqual([]);
    expect(
      await tenantQuery(t.tenantId, `SELECT 1 FROM billing.documents WHERE invoice_id = $1`, [invoice._id]),
    ).toEqual([]);
  });

  it('starts one job on the first ask, however often the console asks while it prints', async () => {
    const answers: BillingDocument[] = [];
    for (let i = 0; i < 5; i += 1) answers.push(await invoicePdf());
    // the first ask finds nothing stored: queued, at the invoice's latest version
    expect(answers[0]).toEqual({
      document: 'invoice',
      id: invoice._id,
      invoiceNumber: invoice.number,
      version: 2,
      state: 'queued',
      url: null,
    });
    // every ask that found it not stored recorded its job; the relay handed them all to BullMQ
    await eventually(
      () => recorded(invoice._id),
      (rows) => rows.length > 0 && rows.every((r) => r.sent),
      { what: 'the asks’ jobs handed to BullMQ', timeoutMs: 30_000, intervalMs: 200 },
    );
    const jobs = await queued(invoice._id);
    expect(jobs.map((j) => j.data)).toEqual([
      expect.objectContaining({ document: 'invoice', id: invoice._id, version: 2 }),
    ]);
    expect(jobs[0]!.opts.deduplication).toEqual({ id: `invoice-${invoice._id}-v2`, ttl: 30_000 });
  }, 60_000);

  it('prints it: the asks that follow get the stored PDF, and the receipt the same way', async () => {
    const ready = await downloaded(invoicePdf, 'invoice');
    expect(ready).toMatchObject({ document: 'invoice', id: invoice._id, version: 2, state: 'ready' });
    expect(await queued(invoice._id)).toHaveLength(1);

    expect(await receipt()).toMatchObject({ document: 'receipt', id: paymentId, state: 'queued', url: null });
    expect(await downloaded(receipt, 'receipt')).toMatchObject({ document: 'receipt', id: paymentId, version: 1 });
    const jobs = await queued(paymentId);
    expect(jobs.map((j) => j.data)).toEqual([
      expect.objectContaining({ document: 'receipt', id: paymentId, version: 1 }),
    ]);
    const stored = await tenantQuery<{ kind: string; version: number }>(
      t.tenantId,
      `SELECT kind, version FROM billing.documents WHERE invoice_id = $1 ORDER BY kind`,
      [invoice._id],
    );
    expect(stored).toEqual([
      { kind: 'invoice', version: 2 },
      { kind: 'receipt', version: 1 },
    ]);
  }, 180_000);
});
