import { beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { Credentials } from '@rayworks/api-client';
import {
  LAB_REPORT_MESSAGES,
  LIMS_API,
  OUTPUT_MESSAGES,
  type LabReportFile,
  type OrderResults,
} from '@rayworks/contracts';
import { linkTokenOf, parseLinkToken } from '@rayworks/nest-kit';
import { eventually, everyRoleTenant, tenantQuery } from '@rayworks/testing';
import { api, labCompany, signIn, type Lab, type LabTestInput } from '../support/lab-visits.js';

/**
 * The lab report by SMS against the running system, through the gateway (docs/decisions/0315): a signed visit's
 * report is sent by SMS — the lims worker stores the message (the kit's logging provider, lims.sms_messages) with a
 * link whose public route (/api/lims/r/<token>, no login) serves the stored PDF; a number of the reserved +999 range
 * is refused by the provider and the delivery ends FAILED after its attempts; a forged token, another company's, or
 * an expired link opens nothing (404, 410) and tells nothing. Test Reporting offers the registration's phone number.
 */
jest.setTimeout(240_000);

const GLU: LabTestInput = {
  code: 'GLUS',
  name: 'Glucose, random',
  department: 'Laboratory',
  subDepartmentCode: 'BIOC',
  subDepartmentName: 'Biochemistry',
  sampleType: 'PLASMA_FLUORIDE',
  container: 'GREY_FLUORIDE',
  turnaroundHours: 4,
  method: 'Hexokinase',
  loincCode: '2345-7',
  parameters: [
    {
      code: 'GLU',
      name: 'Glucose, random',
      type: 'Numeric',
      unit: 'mg/dL',
      possibleMin: '5',
      possibleMax: '2000',
      ranges: [{ low: '70', high: '140' }],
    },
  ],
};

const base = api.options.baseUrl as string;
let lab: Lab;
let otherTenantId: string;
let adminB: Credentials;
let registrationId: string;

interface DeliveryState {
  channel: string;
  status: string;
  attempts: number;
  last_error: string | null;
  to_address: string;
}
const deliveryOf = async (id: string): Promise<DeliveryState | undefined> =>
  (
    await tenantQuery<DeliveryState>(
      lab.tenant.tenantId,
      `SELECT channel, status, attempts, last_error, to_address FROM lims.lab_report_deliveries WHERE id = $1`,
      [id],
    )
  )[0];
const smsOf = (deliveryId: string) =>
  tenantQuery<{ phone_number: string; body: string }>(
    lab.tenant.tenantId,
    `SELECT phone_number, body FROM lims.sms_messages WHERE delivery_id = $1`,
    [deliveryId],
  );
const sendSms = (phoneNumber: string, who: Credentials = lab.as.pathologist) =>
  api.reply(LIMS_API.smsLabReport, { registrationId, testCodes: ['GLUS'], phoneNumber }, { session: who });

beforeAll(async () => {
  lab = await labCompany('lab-sms-a', [GLU]);
  const other = await everyRoleTenant('lab-sms-b');
  otherTenantId = other.tenantId;
  adminB = await signIn(other, 'admin');
  registrationId = await lab.register('c2', ['GLUS']);
  const [sample] = await lab.samples(registrationId, 1);
  await lab.accept(sample!);
  const sheet = await api.call(
    LIMS_API.findWorksheet,
    { orderId: sample!.orders[0]!._id, status: ['PENDING'] },
    { session: lab.as.pathologist },
  );
  const order = (sheet as { items: OrderResults[] }).items[0]!;
  await api.call(
    LIMS_API.saveResults,
    { orderId: order.orderId, version: order.version, values: { GLU: '110' }, validate: true },
    { session: lab.as.pathologist },
  );
  await api.call(LIMS_API.signResults, { orderIds: [order.orderId] }, { session: lab.as.pathologist });
}, 240_000);

describe('the lab report by SMS', () => {
  let link: string;
  let deliveryId: string;

  it("offers the registration's phone number on Test Reporting", async () => {
    const found = await api.call(
      LIMS_API.findReportable,
      { search: lab.patients.c2.mrID },
      { session: lab.as.pathologist },
    );
    const item = found.items.find((r) => r.registrationId === registrationId);
    expect(item?.patient.phoneNumber).toBe(lab.patients.c2.phoneNumber);
  });

  it('sends an SMS whose link serves the stored PDF without login', async () => {
    const sent = await sendSms('+91 98000 00001');
    expect([sent.status, sent.body.message]).toEqual([200, LAB_REPORT_MESSAGES.smsQueued]);
    ({ deliveryId } = sent.body.data as { deliveryId: string; reportId: string });
    const delivery = await eventually(
      () => deliveryOf(deliveryId),
      (d) => d?.status === 'SENT',
      { what: 'the SMS delivery SENT', timeoutMs: 90_000, intervalMs: 500 },
    );
    expect(delivery).toMatchObject({ channel: 'sms', attempts: 1, last_error: null, to_address: '+919800000001' });
    const [sms] = await smsOf(deliveryId);
    expect(sms!.phone_number).toBe('+919800000001');
    expect(sms!.body).not.toContain(lab.patients.c2.patientName);
    link = /(\/api\/lims\/r\/[A-Za-z0-9_.-]+)/.exec(sms!.body)![1]!;
    const opened = await fetch(`${base}${link}`);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toMatch(/^application\/pdf/);
    expect(opened.headers.get('cache-control')).toBe('no-store');
    const pdf = Buffer.from(await opened.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // the very PDF Test Reporting stored
    const stored = await api.call(
      LIMS_API.labReportPdf,
      { registrationId, testCodes: ['GLUS'] },
      { session: lab.as.pathologist },
    );
    expect((stored as LabReportFile).state).toBe('ready');
    expect(Buffer.from(await (await fetch(stored.url!)).arrayBuffer()).equals(pdf)).toBe(true);
  });

  it("opens nothing for a forged token or another company's, and tells nothing", async () => {
    const token = link.split('/').pop()!;
    const { secret } = parseLinkToken(token)!;
    const forged = [
      `${link.slice(0, -4)}AAAA`,
      `/api/lims/r/${linkTokenOf(otherTenantId, secret)}`,
      '/api/lims/r/not-a-token',
    ];
    for (const path of forged) {
      const answer = await fetch(`${base}${path}`);
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).not.toMatch(/pdf/);
      const text = await answer.text();
      expect(JSON.parse(text)).toMatchObject({ message: LAB_REPORT_MESSAGES.linkNotFound });
      expect(text).not.toContain(lab.patients.c2.patientName);
      expect(text).not.toContain(registrationId);
    }
  });

  it('answers 410 once the link has expired', async () => {
    await tenantQuery(
      lab.tenant.tenantId,
      `UPDATE lims.lab_report_deliveries SET link_expires_at = now() - interval '1 second' WHERE id = $1`,
      [deliveryId],
    );
    const expired = await fetch(`${base}${link}`);
    expect(expired.status).toBe(410);
    expect(((await expired.json()) as { message: string }).message).toBe(OUTPUT_MESSAGES.linkExpired);
  });

  it('ends FAILED after its attempts when the provider refuses the number (+999), and stores no message', async () => {
    const sent = await sendSms('+999 555 0100');
    expect(sent.status).toBe(200);
    const { deliveryId: refused } = sent.body.data as { deliveryId: string };
    const failed = await eventually(
      () => deliveryOf(refused),
      (d) => d?.status === 'FAILED',
      { what: 'the refused SMS FAILED after its attempts', timeoutMs: 60_000, intervalMs: 500 },
    );
    expect(failed!.attempts).toBe(3);
    expect(failed!.last_error).toContain('not reachable');
    expect(await smsOf(refused)).toEqual([]);
  });

  it("refuses a number that is not one (400) and another company's user (404), recording nothing", async () => {
    const bad = await sendSms('call me');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('phoneNumber');
    const thief = await sendSms('+919800000002', adminB);
    expect([thief.status, thief.body.message]).toEqual([404, LAB_REPORT_MESSAGES.registrationNotFound]);
    const rows = await tenantQuery<{ to_address: string }>(
      lab.tenant.tenantId,
      `SELECT d.to_address FROM lims.lab_report_deliveries d JOIN lims.lab_reports r ON r.id = d.lab_report_id
        WHERE r.registration_id = $1`,
      [registrationId],
    );
    expect(rows.map((r) => r.to_address).sort()).toEqual(['+919800000001', '+9995550100']);
  });
});
