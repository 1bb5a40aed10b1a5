import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { ApiClient, credentialsOf, loginHeaders, type Credentials } from '@rayworks/api-client';
import {
  AUTH_API,
  BILLING_API,
  BILLING_MESSAGES,
  DEFAULT_ROLE_PRIVILEGES,
  DOCUMENT_MESSAGES,
  EXEMPT_TAX,
  formatExactMoney,
  formatMoney,
  GATEWAY_PORT,
  GENERIC,
  grantsAllow,
  invoiceTotals,
  QUEUES,
  requirement,
  type BillingDocument,
  type Patient,
} from '@rayworks/contracts';
import { createQueue, createRedis, StorageService } from '@rayworks/nest-kit';
import {
  eventually,
  EVERY_ROLE_REACH,
  EVERY_ROLE_USERS,
  everyRoleTenant,
  infraEnv,
  tenantQuery,
  TEST_PASSWORD,
  type EveryRoleTenant,
  type EveryRoleUser,
} from '@rayworks/testing';
import { issueInvoice, payment, type TestInvoice } from '../support/invoices.js';

const api = new ApiClient({ baseUrl: process.env.E2E_BASE_URL ?? `http://127.0.0.1:${GATEWAY_PORT}` });
const signIn = async (t: EveryRoleTenant, who: EveryRoleUser): Promise<Credentials> =>
  credentialsOf(await api.call(AUTH_API.login, {}, { headers: loginHeaders(t.login(who), TEST_PASSWORD) }));
const pdftotext = (file: string): string => execFileSync('pdftotext', ['-raw', file, '-'], { encoding: 'utf8' });
const pdfPageSize = (file: string): string =>
  /Page size:\s+(.+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))![1]!.trim();
const inr = (amountMinor: number) => formatMoney({ amountMinor, currency: 'INR' });

/** The lines of the test invoice: a holiday price with 10% off, a taxed night price, two units at the normal price. */
const LINES: TestInvoice['lines'] = [
  {
    lineId: 'CT-BRAIN',
    code: 'CT-BRAIN',
    name: 'CT Brain Plain',
    priceKind: 'holiday',
    unitMinor: 350_000,
    quantity: 1,
    rateCardPriceId: null,
    discount: { kind: 'basisPoints', basisPoints: 1000 },
    tax: EXEMPT_TAX,
  },
  {
    lineId: 'MRI-KNEE',
    code: 'MRI-KNEE',
    name: 'MRI Knee',
    priceKind: 'night',
    unitMinor: 650_055,
    quantity: 1,
    rateCardPriceId: null,
    discount: null,
    tax: { kind: 'intraState', rateBasisPoints: 1800 },
  },
  {
    lineId: 'XR-CHEST',
    code: 'XR-CHEST',
    name: 'X-Ray Chest PA',
    priceKind: 'normal',
    unitMinor: 45_000,
    quantity: 2,
    rateCardPriceId: null,
    discount: null,
    tax: EXEMPT_TAX,
  },
];
const TOTALS = invoiceTotals(
  LINES.map((l) => ({
    lineId: l.lineId,
    priceMinor: l.unitMinor,
    quantity: l.quantity,
    discount: l.discount,
    tax: l.tax,
  })),
);
const PAID = 200_050;

/**
 * Invoice and receipt PDFs against the running system (docs/decisions/0258, 0259): /invoice/pdf and /payment/receipt
 * answer `queued` and start billing.invoice-pdf on the first ask (issuing and paying print nothing:
 * documents-on-demand.integration-spec); billing's worker prints the documents with the kit's Chromium printer and
 * stores them in the object store; the asks that follow hand out a short-lived link to the caller who reaches the
 * invoice, 404 to anyone else. The PDFs are read back with poppler (pdftotext).
 */
describe('invoice and receipt PDFs', () => {
  const storage = new StorageService(infraEnv().s3);
  const redis = createRedis(infraEnv().redisUrl, 'it-documents');
  const pdfQueue = createQueue(QUEUES.billingInvoicePdf, redis);
  /** The billing.invoice-pdf jobs BullMQ holds for a document, in any state (completed ones are kept a day). */
  const jobsOf = async (id: string) =>
    (await pdfQueue.getJobs(['waiting', 'prioritized', 'delayed', 'active', 'completed', 'failed'])).filter(
      (job) => (job.data as { id?: string }).id === id,
    );
  /** Every print job billing recorded for a document handed to BullMQ by its job relay. */
  const relayed = (id: string) =>
    eventually(
      () =>
        tenantQuery<{ n: number }>(
          a.tenantId,
          `SELECT count(*)::int AS n FROM billing.job_outbox
            WHERE job_name = 'billingInvoicePdf' AND payload->>'id' = $1 AND sent_at IS NULL`,
          [id],
        ),
      (rows) => rows[0]!.n === 0,
      { what: 'the print jobs handed to BullMQ', timeoutMs: 30_000, intervalMs: 200 },
    );
  let a: EveryRoleTenant;
  let b: EveryRoleTenant;
  let admin: Credentials;
  let reception: Credentials;
  let outsider: Credentials;
  let adminB: Credentials;
  let patient: Patient;
  let invoice: { id: string; number: string };
  let paymentId: string;
  let dir: string;
  /** A user of company A who may view billing but does not reach centre c1. */
  const OUTSIDER = (Object.keys(EVERY_ROLE_USERS) as EveryRoleUser[]).find(
    (who) =>
      EVERY_ROLE_REACH[who] !== 'company' &&
      !EVERY_ROLE_REACH[who].includes('c1') &&
      grantsAllow(DEFAULT_ROLE_PRIVILEGES[EVERY_ROLE_USERS[who].role], requirement('BILLING', GENERIC.VIEW)),
  )!;

  const invoicePdf = (session: Credentials, invoiceId = invoice.id) =>
    api.call(BILLING_API.invoicePdf, { invoiceId }, { session });
  const receipt = (session: Credentials, id = paymentId) =>
    api.call(BILLING_API.paymentReceipt, { paymentId: id }, { session });
  /** The document once the worker stored it (at this invoice version), downloaded through its link. */
  const downloaded = async (ask: () => Promise<BillingDocument>, version: number, name: string) => {
    const ready = await eventually(ask, (d) => d.state === 'ready' && d.version === version, {
      what: `the stored ${name}`,
      timeoutMs: 60_000,
      intervalMs: 500,
    });
    const res = await fetch(ready.url!);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename=/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const file = path.join(dir, `${name}.pdf`);
    await writeFile(file, bytes);
    // a look at the page (not asserted): .local/tmp/documents-it-<name>-1.png
    const pngDir = path.join(process.cwd(), '.local', 'tmp');
    mkdirSync(pngDir, { recursive: true });
    execFileSync('pdftoppm', ['-r', '90', '-png', file, path.join(pngDir, `documents-it-${name}`)]);
    return { ready, bytes, file, text: pdftotext(file) };
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'documents-it-'));
    [a, b] = await Promise.all([everyRoleTenant('doca'), everyRoleTenant('docb')]);
    [admin, reception, outsider, adminB] = await Promise.all([
      signIn(a, 'admin'),
      signIn(a, 'reception'),
      signIn(a, OUTSIDER),
      signIn(b, 'admin'),
    ]);
    // billing learns the company's centres from auth's events: registering a patient waits for them
    patient = await eventually(
      () =>
        api.call(
          BILLING_API.createPatient,
          {
            centreId: a.centres.c1!,
            patientName: `Meera Iyer ${a.name}`,
            gender: 'Female',
            dateOfBirth: '1984-03-09',
            phoneNumber: `9${Date.now().toString().slice(-9)}`,
          },
          { session: admin },
        ),
      () => true,
      { what: 'billing knows centre c1', timeoutMs: 60_000, intervalMs: 500 },
    );
    invoice = await issueInvoice(a, { centreId: a.centres.c1!, patientId: patient._id, lines: LINES });
    const paid = await api.call(
      BILLING_API.createPayment,
      payment(invoice.id, PAID, { mode: 'UPI', reference: 'UPI-4411-7788' }),
      { session: reception },
    );
    paymentId = paid.payment._id;
  }, 180_000);

  afterAll(async () => {
    await pdfQueue.close();
    redis.disconnect();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('prints the issued and paid invoice into the object store: number, patient, prices named, taxes, paid, balance', async () => {
    // the payment made version 2: its PDF shows what was paid
    const { ready, bytes, file, text } = await downloaded(() => invoicePdf(reception), 2, 'invoice');
    expect(ready).toMatchObject({ document: 'invoice', id: invoice.id, invoiceNumber: invoice.number, version: 2 });
    expect(text).toContain('Tax Invoice'.toUpperCase());
    expect(text).toContain(invoice.number);
    expect(text).toContain(patient.patientName);
    expect(text).toContain(patient.mrID);
    expect(text).toMatch(/\d+ Y \/ F/);
    expect(text).toMatch(/CT Brain Plain\s+Holiday Price/);
    expect(text).toMatch(/MRI Knee\s+Night Price/);
    expect(text).not.toContain('Normal Price');
    expect(text).toContain(`${inr(35_000)} (10%)`);
    expect(text).toContain(`CGST ${formatExactMoney(TOTALS.cgstExact)}`);
    expect(text).toContain(`SGST ${formatExactMoney(TOTALS.sgstExact)}`);
    expect(text).toContain(`Round Off ${formatExactMoney(TOTALS.roundOffExact)}`);
    expect(text).toContain(`Net Amount ${inr(TOTALS.totalMinor)}`);
    expect(text).toContain(`Amount Paid ${inr(PAID)}`);
    expect(text).toContain(`Balance Due ${inr(TOTALS.totalMinor - PAID)}`);
    expect(text).toContain('UPI-4411-7788');
    expect(pdfPageSize(file)).toMatch(/\(A4\)$/);

    // the object the link served is the one stored under the invoice's version, recorded once
    const rows = await tenantQuery<{ object_key: string; version: number }>(
      a.tenantId,
      `SELECT object_key, version FROM billing.documents WHERE kind = 'invoice' AND subject_id = $1 AND version = 2`,
      [invoice.id],
    );
    expect(rows).toEqual([{ object_key: `billing/${a.tenantId}/invoices/${invoice.id}/v2.pdf`, version: 2 }]);
    expect((await storage.get(rows[0]!.object_key)).equals(bytes)).toBe(true);
  }, 90_000);

  it("prints the payment's receipt: its number, the amount in figures and words, the mode, the balance after it", async () => {
    const { ready, text, file } = await downloaded(() => receipt(reception), 1, 'receipt');
    expect(ready).toMatchObject({ document: 'receipt', id: paymentId, invoiceNumber: invoice.number, version: 1 });
    expect(text).toContain(`${invoice.number}/R1`);
    expect(text).toContain(patient.patientName);
    expect(text).toContain(inr(PAID));
    expect(text).toContain('Rupees Two Thousand and Fifty Paise Only');
    expect(text).toContain('Payment Mode UPI');
    expect(text).toContain('Reference UPI-4411-7788');
    expect(text).toContain(`Balance After Payment ${inr(TOTALS.totalMinor - PAID)}`);
    expect(pdfPageSize(file)).toMatch(/\(A5\)$|^595\.\d* x 419/);
    const rows = await tenantQuery<{ object_key: string }>(
      a.tenantId,
      `SELECT object_key FROM billing.documents WHERE kind = 'receipt' AND subject_id = $1`,
      [paymentId],
    );
    expect(rows).toEqual([{ object_key: `billing/${a.tenantId}/receipts/${paymentId}.pdf` }]);
    expect(await storage.exists(rows[0]!.object_key)).toBe(true);
  }, 90_000);

  it('answers queued while a document is not stored, and prints it again once its job’s time is over', async () => {
    await downloaded(() => invoicePdf(admin), 2, 'invoice-again');
    // as if its print had failed for good: no row; and as if its job had been added 30 s ago (BullMQ's deduplication
    // of the document's asks lapsed)
    await tenantQuery(a.tenantId, `DELETE FROM billing.documents WHERE kind = 'invoice' AND subject_id = $1`, [
      invoice.id,
    ]);
    await relayed(invoice.id);
    const before = (await jobsOf(invoice.id)).length;
    await pdfQueue.removeDeduplicationKey(`invoice-${invoice.id}-v2`);
    expect(await invoicePdf(admin)).toEqual({
      document: 'invoice',
      id: invoice.id,
      invoiceNumber: invoice.number,
      version: 2,
      state: 'queued',
      url: null,
    });
    await invoicePdf(admin);
    await invoicePdf(admin);
    // the first of these asks started a new job; the others, within its time (or after the print), none
    await relayed(invoice.id);
    expect((await jobsOf(invoice.id)).length).toBe(before + 1);
    const { text } = await downloaded(() => invoicePdf(admin), 2, 'invoice-requeued');
    expect(text).toContain(invoice.number);
  }, 90_000);

  it('gives nothing to a caller who does not reach the invoice, another company, or an unknown id: 404', async () => {
    expect(OUTSIDER).toBeDefined();
    const unknown = '0190a0b2-7c4e-7a51-9f1e-3b2d9c1e4a10';
    const refused = [
      [() => invoicePdf(outsider), BILLING_MESSAGES.invoiceNotFound],
      [() => invoicePdf(adminB), BILLING_MESSAGES.invoiceNotFound],
      [() => invoicePdf(admin, unknown), BILLING_MESSAGES.invoiceNotFound],
      [() => receipt(outsider), DOCUMENT_MESSAGES.paymentNotFound],
      [() => receipt(adminB), DOCUMENT_MESSAGES.paymentNotFound],
      [() => receipt(admin, unknown), DOCUMENT_MESSAGES.paymentNotFound],
    ] as const;
    for (const [call, message] of refused)
      await expect(call()).rejects.toMatchObject({ status: 404, serverMessage: message });
  }, 30_000);

  it('has no receipt for a refund (409), and prints the refund on the invoice at its new version', async () => {
    const refunded = await api.call(
      BILLING_API.refund,
      { ...payment(invoice.id, 50, { mode: 'CASH' }), reason: 'Overcharged by 50 paise' },
      { session: admin },
    );
    await expect(receipt(admin, refunded.payment._id)).rejects.toMatchObject({
      status: 409,
      serverMessage: DOCUMENT_MESSAGES.refundHasNoReceipt,
    });
    const { text } = await downloaded(() => invoicePdf(admin), 3, 'invoice-refunded');
    expect(text).toContain(`Amount Paid ${inr(PAID - 50)}`);
    expect(text).toMatch(/Refund Cash — − ₹0\.50/);
  }, 90_000);
});
