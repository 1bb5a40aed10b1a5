import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CONSOLE_ROUTES, LabCriticalResultV1, REPORTING_API, type LabCriticalResultPayload } from '@rayworks/contracts';
import { TestEvents } from '@rayworks/testing';
import type { Page } from 'playwright-core';
import { LoginPage } from '../pom/LoginPage';
import { Shell } from '../pom/Shell';
import { ApiSession } from '../requests/auth-api';
import { openConsole, screenshot, useBrowser } from '../support/browser';
import { TEST_PASSWORD, useTenant } from '../support/tenant';

/**
 * A lab order's critical values in Chromium (docs/decisions/0307): the LIMS publishes LabCriticalResult for centre c1
 * (here from the test, on Kafka, as the LIMS's relay does); the centre's admin, with the console open, sees it appear
 * live in the shell's banner with the test, each value with its unit and flag and a link to the lab's worksheet — on a
 * desktop and on a phone — acknowledges it there, and the banner empties; the alert is ACKNOWLEDGED.
 */
describe('lab critical results', () => {
  const tenant = useTenant('labcrit');
  const browser = useBrowser();
  const events = new TestEvents();
  const suffix = Math.random().toString(36).slice(2, 8).toUpperCase();

  beforeAll(async () => {
    await events.start();
  });
  afterAll(async () => {
    await events.stop();
  });

  const signedIn = async (page: Page, who: 'gca' | 'reception') => {
    await new LoginPage(page).login(tenant().login(who), TEST_PASSWORD);
    await new Shell(page).waitUntilReady();
    // the banner watches live once the console's real-time connection is open
    await page.locator('[data-testid="critical-alerts-watch"][data-realtime="open"]').waitFor({
      state: 'attached',
      timeout: 20_000,
    });
  };

  it("the centre admin sees the lab's critical values appear live, with the worksheet link, and acknowledges them", async () => {
    const desktop = await openConsole(browser());
    const phone = await openConsole(browser(), { width: 390, height: 844 });
    try {
      await signedIn(desktop.page, 'gca');
      await signedIn(phone.page, 'reception');
      expect(await desktop.page.getByTestId('critical-alerts').count()).toBe(0);

      const lab: LabCriticalResultPayload = {
        alertId: randomUUID(),
        labOrderId: randomUUID(),
        sampleId: randomUUID(),
        barcode: `L${String(Date.now()).slice(-9)}`,
        registrationId: randomUUID(),
        registrationNumber: `REG-${suffix}`,
        centreId: tenant().centres.c1!,
        groupId: tenant().groups.g!,
        patient: { id: randomUUID(), mrNumber: `MR-${suffix}`, patientName: 'Quirina Lab' },
        test: { code: 'ELEC', name: 'Serum electrolytes' },
        results: [
          { parameterCode: 'K', parameterName: 'Potassium', value: '7.1', unit: 'mmol/L', flag: 'CRITICAL_HIGH' },
          { parameterCode: 'NA', parameterName: 'Sodium', value: '118', unit: 'mmol/L', flag: 'CRITICAL_LOW' },
        ],
        flaggedBy: null,
        flaggedAt: new Date().toISOString(),
      };
      await events.publish(LabCriticalResultV1, tenant().tenantId, lab.labOrderId, lab);

      const selector = `[data-testid="critical-alert"][data-alert-id="${lab.alertId}"]`;
      const row = desktop.page.locator(selector);
      await row.waitFor({ timeout: 30_000 });
      expect(await row.getAttribute('data-status')).toBe('OPEN');
      const text = await row.innerText();
      expect(text).toContain('Serum electrolytes (ELEC)');
      expect(text).toContain(`Sample ${lab.barcode}`);
      expect(text).toContain(`Registration REG-${suffix}`);
      expect(text).toContain('Reported by the analyzer');
      expect(text).not.toContain('Quirina');
      const values = row.getByTestId('critical-alert-value');
      expect(await values.allInnerTexts()).toEqual([
        expect.stringContaining('Potassium: 7.1 mmol/L (critical high)'),
        expect.stringContaining('Sodium: 118 mmol/L (critical low)'),
      ]);
      expect(await values.first().getAttribute('data-flag')).toBe('CRITICAL_HIGH');
      const href = await row.getByTestId('critical-alert-worksheet').getAttribute('href');
      expect(href).toBe(`${CONSOLE_ROUTES.limsLisvalidation}?order=${lab.labOrderId}&sample=${lab.barcode}`);
      await screenshot(desktop.page, 'lab-critical-alert-banner');

      const onPhone = phone.page.locator(selector);
      await onPhone.waitFor({ timeout: 30_000 });
      expect(await onPhone.innerText()).toContain('Potassium: 7.1 mmol/L (critical high)');
      await screenshot(phone.page, 'lab-critical-alert-banner-phone');

      await row.getByTestId('critical-acknowledge').click();
      await row.waitFor({ state: 'detached', timeout: 20_000 });
      const toast = desktop.page.locator('.mantine-Notification-root').first();
      await toast.waitFor({ timeout: 10_000 });
      expect(await toast.innerText()).toContain('Critical Result Acknowledged Successfully');
      // the phone's banner empties too (the acknowledgement is pushed)
      await onPhone.waitFor({ state: 'detached', timeout: 20_000 });
      await screenshot(desktop.page, 'lab-critical-alert-acknowledged');

      const gca = await ApiSession.login(tenant().login('gca'), TEST_PASSWORD);
      const [after] = (await gca.call(REPORTING_API.findCritical, { labOrderId: lab.labOrderId })).alerts;
      expect(after).toMatchObject({
        id: lab.alertId,
        subject: 'LAB',
        status: 'ACKNOWLEDGED',
        acknowledgedBy: tenant().users[tenant().login('gca')],
      });
      expect(desktop.pageErrors).toEqual([]);
      expect(phone.pageErrors).toEqual([]);
    } finally {
      await desktop.context.close();
      await phone.context.close();
    }
  }, 120_000);
});
