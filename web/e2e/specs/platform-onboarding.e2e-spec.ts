import { beforeAll, describe, expect, it } from '@jest/globals';
import { COMPANY_MESSAGES } from '@rayworks/contracts';
import { platformOperator, type TestPlatformOperator } from '@rayworks/testing';
import { AddCompanyPage, ListPage } from '../pom/AdminPages';
import { LoginPage } from '../pom/LoginPage';
import { Shell } from '../pom/Shell';
import { WELCOME_SUBJECT } from '../requests/seed';
import { lineValue, waitForMail } from '../support/mail';
import { openConsole, screenshot, uniqueName, useBrowser } from '../support/browser';

/**
 * Issue 8, operations 3 (docs/decisions/0085): a platform operator logs into the console, onboards a company with
 * its first administrator on the companies screen, and that administrator logs in with the welcome e-mail's
 * temporary password. The operator is one of its own (never the demo `platform` login).
 */
describe('a platform operator onboards a company in the console, and its administrator logs in', () => {
  const browser = useBrowser();
  let operator: TestPlatformOperator;

  beforeAll(async () => {
    operator = await platformOperator('e2eop');
  }, 30_000);

  it('works end to end', async () => {
    const suffix = uniqueName('').slice(3, 11).toUpperCase();
    const company = {
      name: `Skyline Diagnostics ${suffix}`,
      code: `SKY${suffix}`.slice(0, 20),
      adminLoginName: `sky.${suffix.toLowerCase()}`,
      adminFirstName: 'Sara',
      adminLastName: 'Sky',
      adminEmail: `sky.${suffix.toLowerCase()}@e2e.rayworks.local`,
    };
    const operatorTab = await openConsole(browser());
    try {
      const { page } = operatorTab;
      // the operator lands on the only screen it has: the companies
      expect(await new LoginPage(page).login(operator.loginName, operator.password)).toBe('/companies');
      const shell = new Shell(page);
      await shell.waitUntilReady();
      expect((await shell.readMenu()).items.map((i) => i.id)).toEqual(['companies']);

      const form = new AddCompanyPage(page);
      await form.open();
      await screenshot(page, 'add-company-empty');
      const since = Date.now();
      await form.create(company);
      await shell.waitForToast(COMPANY_MESSAGES.created);

      const list = new ListPage(page, 'companies');
      await list.search(company.code);
      expect((await list.rowTexts()).join(' ')).toContain(company.name);
      await screenshot(page, 'companies-list');

      const welcome = await waitForMail(company.adminEmail, WELCOME_SUBJECT, since);
      expect(lineValue(welcome, 'Login name')).toBe(company.adminLoginName);
      const temporary = lineValue(welcome, 'Temporary password');

      const adminTab = await openConsole(browser());
      try {
        // the new administrator logs in and must first set a password of its own
        expect(await new LoginPage(adminTab.page).login(company.adminLoginName, temporary)).toBe('/update-password');
        await adminTab.page.getByTestId('update-password-page').waitFor();
        await screenshot(adminTab.page, 'onboarded-admin-first-login', false);
        expect(adminTab.pageErrors).toEqual([]);
      } finally {
        await adminTab.context.close();
      }
      expect(operatorTab.pageErrors).toEqual([]);
    } finally {
      await operatorTab.context.close();
    }
  }, 120_000);
});
