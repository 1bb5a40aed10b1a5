import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from '@jest/globals';
import type { IssueInvoiceInput } from '../../src/modules/invoices/invoices.service.js';
import { EXEMPT_TAX, type BILLING_API, type BodyOf } from '@rayworks/contracts';
import { tenantQuery, type EveryRoleTenant, stackProcesses } from '@rayworks/testing';

const { processTable, processEnv } = await stackProcesses();
const SCRIPT = path.join(path.dirname(new URL(import.meta.url).pathname), 'issue-invoices.mjs');

export type IssueResult = { id: string; number: string } | { rolledBack: string } | { error: string };
/** An invoice to issue: the centre and patient by id (the issuing process reads them as the registration does). */
export interface TestInvoice {
  centreId: string;
  patientId: string;
  lines: IssueInvoiceInput['lines'];
  rollback?: boolean;
}

/**
 * Issues invoices through billing's InvoicesService, each in a unit of work of its own, all at once, in a process of
 * the billing service's environment (test/support/issue-invoices.mjs): the way a registration issues them, with no
 * HTTP route of its own. `rollback`: that unit of work throws after issuing, so it rolls back.
 */
export async function issueInvoices(t: EveryRoleTenant, invoices: TestInvoice[]): Promise<IssueResult[]> {
  const billing = processTable().find((p) => p.name === 'billing')!;
  const admin = t.login('admin');
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [SCRIPT, JSON.stringify({ tenantId: t.tenantId, user: { id: t.users[admin], loginName: admin }, invoices })],
    { env: { ...processEnv(billing), LOG_LEVEL: 'warn' }, maxBuffer: 16 * 1024 * 1024 },
  );
  const line = stdout.trim().split('\n').at(-1)!;
  return JSON.parse(line) as IssueResult[];
}

/** One invoice issued (the test fails if it was not). */
export async function issueInvoice(t: EveryRoleTenant, invoice: TestInvoice): Promise<{ id: string; number: string }> {
  const [result] = await issueInvoices(t, [invoice]);
  expect(result).toHaveProperty('id');
  return result as { id: string; number: string };
}

/** A line of a test invoice: one unit at a normal price, exempt. */
export const line = (code: string, unitMinor: number, quantity = 1): TestInvoice['lines'][number] => ({
  lineId: code,
  code,
  name: `Test ${code}`,
  priceKind: 'normal',
  unitMinor,
  quantity,
  rateCardPriceId: null,
  discount: null,
  tax: EXEMPT_TAX,
});

/** billing.invoice.v1 events of one invoice written to billing's outbox, oldest first (what reaches Kafka). */
export async function invoiceEvents(invoiceId: string): Promise<string[]> {
  const rows = await tenantQuery<{ type: string }>(
    null,
    `SELECT envelope->>'type' AS type FROM billing.outbox WHERE topic = 'billing.invoice.v1' AND message_key = $1
      ORDER BY id`,
    [invoiceId],
  );
  return rows.map((r) => r.type);
}

/** A payment body with a fresh idempotency key. */
export const payment = (
  invoiceId: string,
  amountMinor: number,
  extra: Partial<BodyOf<typeof BILLING_API.createPayment>> = {},
): BodyOf<typeof BILLING_API.createPayment> => ({
  invoiceId,
  amountMinor,
  mode: 'CASH',
  reference: null,
  idempotencyKey: `it-${crypto.randomUUID()}`,
  ...extra,
});
