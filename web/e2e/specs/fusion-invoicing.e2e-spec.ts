import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  BILLING_API,
  CASES_API,
  FUSION_INVOICE_MESSAGES,
  GATEWAY_PORT,
  INVOICE_MESSAGES,
  ROLE_CODES,
  type Case,
  type FusionInvoiceDetail,
} from '@rayworks/contracts';
import {
  buildStudyFolder,
  casesKnowUsers,
  eventually,
  provisionTenant,
  stowFiles,
  TEST_PASSWORD as PASSWORD,
} from '@rayworks/testing';
import type { Browser, Page } from 'playwright-core';
import { CARRIED_OUT_ACTIONS } from '../../src/features/fusion-invoices/hooks/fusion-invoice-actions';
import { fillDay } from '../pom/DayInput';
import { FusionInvoicePage } from '../pom/FinancePages';
import { LoginPage } from '../pom/LoginPage';
import { Shell } from '../pom/Shell';
import { ApiSession } from '../requests/auth-api';
import { expectAccessible } from '../support/axe';
import { openConsole, screenshot, url, useBrowser } from '../support/browser';
import { TEST_PASSWORD, useTenant } from '../support/tenant';

const rupees = (n: number) => n * 100;

/** A console of its own for one user: its page, and a way to close it (asserting the page threw nothing). */
async function consoleOf(browser: Browser, loginName: string, size = { width: 1440, height: 900 }) {
  const opened = await openConsole(browser, size);
  await new LoginPage(opened.page).login(loginName, TEST_PASSWORD);
  await new Shell(opened.page).waitUntilReady();
  return {
    page: opened.page,
    close: async () => {
      expect(opened.pageErrors).toEqual([]);
      await opened.context.close();
    },
  };
}

/**
 * Fusion invoicing in the console against the real system (issue 22's done-when: "a fusion hub invoices its client for
 * completed reads and the client's payment request is confirmed"). A company of the spec's own with its own fusion
 * group: a CT of centre c1 is sent to the hub and read there through the real fusion flow (cases' /fusion/send and
 * /fusion/worklistupdate), which billing turns into a line of c1's invoice of the month. In the console the hub's
 * administrator adds the CT rate and raises the invoice, c1's administrator pays it, the hub rejects the first request
 * and confirms the second — each move a button of the invoice machine's action bar, each message the machine's.
 */
describe('a fusion hub invoices its client centre; the client pays; the hub confirms', () => {
  const tenant = useTenant('fusioninv');
  const browser = useBrowser();
  let admin: ApiSession;
  let invoiceId: string;
  let dir: string;
  const patientId = `FI${Math.random().toString(36).slice(2, 8).toUpperCase()}`;

  /** What the service says this user may do on the invoice now (its `allowedActions`), as the bar shows them. */
  const serverActions = async (session: ApiSession): Promise<string[]> => {
    const detail = (await session.call(BILLING_API.getFusionInvoice, { id: invoiceId })) as FusionInvoiceDetail;
    return detail.allowedActions.filter((a) => CARRIED_OUT_ACTIONS.includes(a));
  };

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'rayworks-fusioninv-'));
    // a radiologist of the hub reads the case
    const readerLogin = `${tenant().name}.hubrad`;
    const provisioned = await provisionTenant({
      ...tenant().spec,
      users: [
        ...(tenant().spec.users ?? []),
        {
          loginName: readerLogin,
          firstName: 'hub radiologist',
          lastName: tenant().name,
          email: `${readerLogin}@test.rayworks.local`,
          role: ROLE_CODES.CENTER_RADIOLOGIST,
          centres: ['hub'],
          password: PASSWORD,
          resetPassword: false,
        },
      ],
    });
    const readerId = provisioned.users[readerLogin]!;
    await casesKnowUsers(tenant().tenantId, [readerId]);

    admin = await ApiSession.login(tenant().login('admin'), TEST_PASSWORD);
    // billing knows both centres (auth's events), and the group of c1 may send to the company's own hub
    for (const centreId of [tenant().centres.c1!, tenant().centres.hub!])
      await eventually(
        () =>
          admin.call(BILLING_API.getBillingSettings, { centreId }).then(
            () => true,
            () => false,
          ),
        (known) => known,
        { what: 'billing knows the centres', timeoutMs: 60_000, intervalMs: 500 },
      );
    await admin.call(CASES_API.createFusionContract, {
      senderGroupId: tenant().groups.g!,
      fusionCentreId: tenant().centres.hub!,
    });

    // a CT of c1 arrives (STOW-RS as c1's administrator), goes to the hub and is read there
    const gca = await ApiSession.login(tenant().login('gca'), TEST_PASSWORD);
    const study = await buildStudyFolder(path.join(dir, patientId), {
      patientName: 'Fusion^Farah',
      patientId,
      studyDate: '20261101',
      accessionNumber: `ACC${patientId}`,
      studyDescription: 'CT for fusion invoicing',
      series: ['ct'],
    });
    const dicomweb = `http://127.0.0.1:${GATEWAY_PORT}/api/imaging/dicomweb`;
    expect((await stowFiles(dicomweb, gca.session.token, study.files)).status).toBe(200);
    const [arrived] = await eventually(
      () => admin.call(CASES_API.findCases, { search: patientId, limit: 10 }),
      (cases) => cases.length === 1,
      { timeoutMs: 60_000, intervalMs: 500, what: 'the case of the CT' },
    );
    const hubAdmin = await ApiSession.login(tenant().login('fusion.admin'), TEST_PASSWORD);
    const reader = await ApiSession.login(readerLogin, PASSWORD);
    const sent = await admin.call(CASES_API.fusionSend, {
      _id: arrived!._id,
      version: arrived!.version,
      fusionCentreId: tenant().centres.hub!,
    });
    const act = (session: ApiSession, c: Case, body: object) =>
      session.call(CASES_API.fusionWorklistUpdate, {
        _id: c._id,
        version: c.version,
        ...body,
      } as never) as Promise<Case>;
    const assigned = await act(hubAdmin, sent, { action: 'ASSIGN', radiologistId: readerId });
    const accepted = await act(reader, assigned, { action: 'ACCEPT' });
    const completed = await act(reader, accepted, { action: 'COMPLETE' });
    expect(completed.fusionStatus).toBe('COMPLETED');
    await reader.logout();

    // billing made the read a line of c1's invoice of the month, not raised yet
    const invoices = await eventually(
      () => hubAdmin.call(BILLING_API.findFusionInvoices, { clientCentreId: tenant().centres.c1! }),
      (page) => page.items.some((i) => i.lineCount === 1),
      { what: 'the hub’s invoice to c1 with the read', timeoutMs: 90_000, intervalMs: 1000 },
    );
    invoiceId = invoices.items[0]!._id;
    expect(invoices.items[0]).toMatchObject({ status: null, lineCount: 1, unpricedLineCount: 1 });
  }, 300_000);

  afterAll(async () => {
    await admin?.logout();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('the hub’s administrator adds the CT rate on the Fusion Rates screen (spec §5’s range)', async () => {
    const hub = await consoleOf(browser(), tenant().login('fusion.admin'));
    try {
      const menu = await new Shell(hub.page).readMenu();
      const finance = [...menu.items, ...menu.more].find((i) => i.id === 'finance');
      expect(finance?.subItems.map((s) => s.link)).toEqual(['/fusioninvoices', '/fusionrates']);
      await hub.page.goto(url('/fusionrates'), { waitUntil: 'domcontentloaded' });
      await hub.page.getByTestId('fusion-rate-add').click();
      await hub.page.getByTestId('fusion-rate-form').waitFor();
      const centre = hub.page.getByTestId('field-fusionCentreId');
      await centre.click();
      await centre.fill(tenant().centreName('hub').slice(0, 8));
      await hub.page
        .getByRole('option', { name: new RegExp(tenant().centreName('hub'), 'i') })
        .first()
        .click();
      await hub.page.getByTestId('field-modality').fill('ct');
      await hub.page.getByTestId('field-rate').fill('100000.50');
      await fillDay(hub.page.getByTestId('field-validFrom'), '2020-01-01');
      await hub.page.getByTestId('fusion-rate-submit').click();
      const rateError = hub.page.getByText('Rate should be in Between 0 to 100000');
      await rateError.waitFor();
      await hub.page.getByTestId('field-rate').fill('1500');
      await hub.page.getByTestId('fusion-rate-submit').click();
      await new Shell(hub.page).waitForToast(FUSION_INVOICE_MESSAGES.rateAdded);
      await hub.page.getByTestId('list-fusion-rates-row').first().waitFor();
      expect(await hub.page.getByTestId('list-fusion-rates-row').first().textContent()).toContain('₹1,500.00');
      await screenshot(hub.page, 'fusion-rates');
      await expectAccessible(hub.page, '/fusionrates');
    } finally {
      await hub.close();
    }
  }, 120_000);

  it('the hub raises the month’s invoice from its only action: the read is priced at the rate', async () => {
    const hub = await consoleOf(browser(), tenant().login('fusion.admin'));
    try {
      await hub.page.goto(url('/fusioninvoices'), { waitUntil: 'domcontentloaded' });
      await hub.page.getByTestId('list-fusion-invoices-row').first().waitFor({ timeout: 20_000 });
      expect(await hub.page.getByTestId('list-fusion-invoices-row').count()).toBe(1);
      await screenshot(hub.page, 'fusion-invoices-list');
      await expectAccessible(hub.page, '/fusioninvoices');
      const invoice = new FusionInvoicePage(hub.page);
      await invoice.open(invoiceId);
      await invoice.waitForStatus('NOT RAISED');
      expect(await invoice.actions()).toEqual(['RAISE']);
      expect(await invoice.actions()).toEqual(
        await serverActions(await ApiSession.login(tenant().login('fusion.admin'), TEST_PASSWORD)),
      );
      await invoice.act('RAISE');
      await invoice.submit();
      await new Shell(hub.page).waitForToast(INVOICE_MESSAGES.raised);
      await invoice.dialogClosed();
      await invoice.waitForStatus('INVOICE RAISED');
      expect(await invoice.minorOf('fusion-total')).toBe(rupees(1500));
      expect(await invoice.minorOf('fusion-balance')).toBe(rupees(1500));
      expect(await invoice.actions()).toEqual(['HOLD', 'COMMENT']);
    } finally {
      await hub.close();
    }
  }, 120_000);

  it('the client pays with Take Action (the machine’s amount rules); the hub rejects the request, then confirms the next', async () => {
    const client = await consoleOf(browser(), tenant().login('gca'));
    const hub = await consoleOf(browser(), tenant().login('fusion.admin'));
    try {
      const mine = new FusionInvoicePage(client.page);
      await mine.open(invoiceId);
      await mine.waitForStatus('INVOICE RAISED');
      expect(await mine.actions()).toEqual(['TAKE_ACTION', 'HOLD', 'COMMENT']);
      const gca = await ApiSession.login(tenant().login('gca'), TEST_PASSWORD);
      expect(await mine.actions()).toEqual(await serverActions(gca));

      await mine.act('TAKE_ACTION');
      await mine.submit();
      expect(await mine.fieldError('amount')).toBe(INVOICE_MESSAGES.amountRequired);
      await mine.fill('amount', '1500.01');
      await mine.submit();
      expect(await mine.fieldError('amount')).toBe(INVOICE_MESSAGES.amountBeyondBalance);
      await mine.fill('amount', '1500');
      await screenshot(client.page, 'fusion-take-action', false);
      await expectAccessible(client.page, 'the Take Action dialog');
      await mine.submit();
      await new Shell(client.page).waitForToast(INVOICE_MESSAGES.paymentRequested);
      await mine.dialogClosed();
      await mine.waitForStatus('AWAITING PAYMENT CONFIRMATION');
      expect(await mine.actions()).toEqual(['COMMENT']);

      // the hub did not receive it: rejected, with a reason
      const theirs = new FusionInvoicePage(hub.page);
      await theirs.open(invoiceId);
      await theirs.waitForStatus('AWAITING PAYMENT CONFIRMATION');
      expect(await theirs.actions()).toEqual(['CONFIRM_PAYMENT', 'REJECT_PAYMENT', 'COMMENT']);
      await theirs.act('REJECT_PAYMENT');
      await theirs.submit();
      expect(await theirs.fieldError('text')).toBe(INVOICE_MESSAGES.reasonRequired);
      await theirs.fill('text', 'Not received in our account');
      await theirs.submit();
      await new Shell(hub.page).waitForToast(INVOICE_MESSAGES.paymentRejected);
      await theirs.dialogClosed();
      await theirs.waitForStatus('PAYMENT RE-REQUESTED');

      // the client pays again; the hub confirms the whole request
      await mine.open(invoiceId);
      await mine.waitForStatus('PAYMENT RE-REQUESTED');
      await mine.act('TAKE_ACTION');
      await mine.fill('amount', '1500');
      await mine.submit();
      await new Shell(client.page).waitForToast(INVOICE_MESSAGES.paymentRequested);
      await theirs.open(invoiceId);
      await theirs.waitForStatus('AWAITING PAYMENT CONFIRMATION');
      expect(await theirs.minorOf('fusion-requested')).toBe(rupees(1500));
      await theirs.act('CONFIRM_PAYMENT');
      await theirs.submit();
      await new Shell(hub.page).waitForToast(INVOICE_MESSAGES.paymentConfirmed);
      await theirs.dialogClosed();
      await theirs.waitForStatus('COMPLETED');
      expect(await theirs.minorOf('fusion-paid')).toBe(rupees(1500));
      expect(await theirs.minorOf('fusion-balance')).toBe(0);
      expect(await theirs.actions()).toEqual(['COMMENT']);
      const history = await hub.page
        .getByTestId('fusion-invoice-activity')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-action')));
      expect(history).toEqual(expect.arrayContaining(['RAISE', 'TAKE_ACTION', 'REJECT_PAYMENT', 'CONFIRM_PAYMENT']));
      await screenshot(hub.page, 'fusion-invoice-completed');
      await expectAccessible(hub.page, '/fusioninvoices/view completed');
      await gca.logout().catch(() => undefined);
    } finally {
      await client.close();
      await hub.close();
    }
  }, 180_000);

  it('lays the completed invoice out on a phone (390 × 844)', async () => {
    const phone = await consoleOf(browser(), tenant().login('gca'), { width: 390, height: 844 });
    try {
      const invoice = new FusionInvoicePage(phone.page as Page);
      await invoice.open(invoiceId);
      await invoice.waitForStatus('COMPLETED');
      await screenshot(phone.page, 'fusion-invoice-phone');
    } finally {
      await phone.close();
    }
  }, 60_000);
});
