import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  adminMessages,
  AUTH_MESSAGES,
  buildMenu,
  DEFAULT_ROLE_PRIVILEGES,
  ROLE_CODES,
  toPermissionConfig,
} from '@rayworks/contracts';
import { landingAfterLogin } from '../../src/shared/session/access';
import { AddCenterPage, AddUserPage, ListPage } from '../pom/AdminPages';
import { LoginPage } from '../pom/LoginPage';
import { ChangePasswordForm } from '../pom/PasswordForms';
import { Shell } from '../pom/Shell';
import type { ApiSession } from '../requests/auth-api';
import { adminSession, roleFor, WELCOME_SUBJECT } from '../requests/seed';
import { useBrowser, openConsole, screenshot, uniqueName } from '../support/browser';
import { TEST_PASSWORD, useTenant } from '../support/tenant';
import { lineValue, waitForMail } from '../support/mail';

/** Issue 3: an admin creates a centre and a user, who then logs in and must set a new password. */
describe('an admin creates a centre and a user, who logs in and must set a new password', () => {
  const tenant = useTenant('onboard');
  const browser = useBrowser();
  let admin: ApiSession;

  beforeAll(async () => {
    admin = await adminSession(tenant());
  }, 30_000);

  afterAll(async () => {
    await admin?.logout();
  });

  it('works end to end in the console', async () => {
    const suffix = uniqueName('').slice(3, 11).toUpperCase();
    const centreName = `E2E Imaging ${suffix}`;
    const loginName = `e2e.${suffix.toLowerCase()}`;
    const email = `${loginName}@e2e.rayworks.local`;
    const role = await roleFor(admin, ROLE_CODES.CENTER_ADMIN);

    const adminTab = await openConsole(browser());
    try {
      const { page } = adminTab;
      await new LoginPage(page).login(tenant().login('admin'), TEST_PASSWORD);
      const shell = new Shell(page);
      await shell.waitUntilReady();

      const centres = new AddCenterPage(page);
      await centres.open();
      await screenshot(page, 'add-center-empty');
      await centres.create({
        name: centreName,
        code: `E2E${suffix}`.slice(0, 20),
        phoneNumber: '9876543210',
        city: 'Nashik',
        state: 'Maharashtra',
        pinCode: '422001',
      });
      await shell.waitForToast(adminMessages('Center').created);
      await page.getByTestId('page-title').filter({ hasText: centreName }).waitFor({ timeout: 10_000 });
      await screenshot(page, 'center-view');

      const list = new ListPage(page, 'centers');
      await list.open('/centers');
      await list.search(centreName);
      expect((await list.rowTexts()).some((text) => text.includes(centreName))).toBe(true);

      const users = new AddUserPage(page);
      await users.open();
      const since = Date.now();
      await users.create({
        loginName,
        firstName: 'Esha',
        lastName: 'Test',
        email,
        role: role.name,
        centre: centreName,
      });
      await shell.waitForToast(adminMessages('User').created);
      await page.getByTestId('user-login-name').waitFor({ timeout: 10_000 });
      expect(await page.getByTestId('user-login-name').textContent()).toBe(loginName);
      await screenshot(page, 'user-view');

      const welcome = await waitForMail(email, WELCOME_SUBJECT, since);
      expect(lineValue(welcome, 'Login name')).toBe(loginName);
      const temporary = lineValue(welcome, 'Temporary password');

      const userTab = await openConsole(browser());
      try {
        const login = new LoginPage(userTab.page);
        expect(await login.login(loginName, temporary)).toBe('/update-password');
        expect(await userTab.page.getByTestId('update-password-page').getAttribute('data-mode')).toBe('forced');
        // Every protected route holds the user here until the password is changed.
        await userTab.page.goto(`${new URL(userTab.page.url()).origin}/centers`);
        await userTab.page.waitForURL((u) => u.pathname === '/update-password');
        await userTab.page.getByTestId('update-password-page').waitFor();
        await screenshot(userTab.page, 'forced-password-change', false);

        const form = new ChangePasswordForm(userTab.page);
        await form.fill({
          currentPassword: temporary,
          newPassword: 'Onboarded@2025',
          confirmPassword: 'Onboarded@2025',
        });
        await form.submit();
        await userTab.page.waitForURL((u) => u.pathname === '/login', { timeout: 15_000 });
        await new Shell(userTab.page).waitForToast(AUTH_MESSAGES.passwordUpdated);

        const config = toPermissionConfig(DEFAULT_ROLE_PRIVILEGES[ROLE_CODES.CENTER_ADMIN]);
        expect(await login.login(loginName, 'Onboarded@2025')).toBe(
          landingAfterLogin(false, config, null, [ROLE_CODES.CENTER_ADMIN]),
        );
        const userShell = new Shell(userTab.page);
        await userShell.waitUntilReady();
        expect((await userShell.readMenu()).items.map((i) => i.id)).toEqual(buildMenu(config).items.map((i) => i.id));
        // A centre admin is named by the centre (spec §6).
        expect(await userShell.userName()).toBe(centreName);
        expect(userTab.pageErrors).toEqual([]);
      } finally {
        await userTab.context.close();
      }

      // The admin's list shows the new user as no longer needing a reset.
      const usersList = new ListPage(page, 'users');
      await usersList.open('/users');
      await usersList.search(loginName);
      expect((await usersList.rowTexts()).join(' ')).toContain(loginName);
      expect(adminTab.pageErrors).toEqual([]);
    } finally {
      await adminTab.context.close();
    }
  }, 120_000);
});
