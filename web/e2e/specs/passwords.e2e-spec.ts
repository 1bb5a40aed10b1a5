import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AUTH_MESSAGES, ROLE_CODES } from '@rayworks/contracts';
import {
  CONFIRM_PASSWORD_REQUIRED_MESSAGE,
  CURRENT_PASSWORD_REQUIRED_MESSAGE,
  NEW_PASSWORD_REQUIRED_MESSAGE,
  NEW_PASSWORD_SAME_AS_CURRENT_MESSAGE,
  PASSWORD_RULE_MESSAGE,
  PASSWORDS_MISMATCH_MESSAGE,
} from '@rayworks/validation';
import { LoginPage } from '../pom/LoginPage';
import { ChangePasswordForm, ForgotPasswordPage, ResetPasswordPage } from '../pom/PasswordForms';
import { Shell, storedSession } from '../pom/Shell';
import type { ApiSession } from '../requests/auth-api';
import { adminSession, createReadyUser, RESET_SUBJECT } from '../requests/seed';
import { useBrowser, openConsole, screenshot } from '../support/browser';
import { useTenant } from '../support/tenant';
import { linkIn, waitForMail } from '../support/mail';

/**
 * Change password (spec §5, §7, §8) and forgot password through the e-mailed link, each with a user the test
 * creates in its own tenant.
 */
describe('passwords', () => {
  const tenant = useTenant('pwd');
  const browser = useBrowser();
  let admin: ApiSession;

  beforeAll(async () => {
    admin = await adminSession(tenant());
  }, 30_000);

  afterAll(async () => {
    await admin?.logout();
  });

  it('changes the password from the user menu: the rules word for word, a wrong current password, then success and a login with the new one', async () => {
    const user = await createReadyUser(admin, ROLE_CODES.RECEPTIONIST, 'First@1234');
    const { context, page, pageErrors } = await openConsole(browser());
    try {
      await new LoginPage(page).login(user.loginName, user.password);
      const shell = new Shell(page);
      await shell.waitUntilReady();
      await shell.openChangePassword();
      const form = new ChangePasswordForm(page);

      await form.submit();
      expect(await form.errors()).toEqual({
        currentPassword: CURRENT_PASSWORD_REQUIRED_MESSAGE,
        newPassword: NEW_PASSWORD_REQUIRED_MESSAGE,
        confirmPassword: CONFIRM_PASSWORD_REQUIRED_MESSAGE,
      });

      await form.fill({ currentPassword: user.password, newPassword: 'weak pass', confirmPassword: 'other' });
      await form.submit();
      expect(await form.errors()).toEqual({
        newPassword: PASSWORD_RULE_MESSAGE,
        confirmPassword: PASSWORDS_MISMATCH_MESSAGE,
      });

      await form.fill({ currentPassword: user.password, newPassword: user.password, confirmPassword: user.password });
      await form.submit();
      expect(await form.errors()).toEqual({ newPassword: NEW_PASSWORD_SAME_AS_CURRENT_MESSAGE });
      await screenshot(page, 'change-password-errors', false);

      // A wrong current password: the server's message, and the form resets (spec §8).
      await form.fill({ currentPassword: 'Wrong@1234', newPassword: 'Second@1234', confirmPassword: 'Second@1234' });
      await form.submit();
      await shell.waitForToast(AUTH_MESSAGES.currentPasswordWrong);
      expect(await form.values()).toEqual(['', '', '']);

      await form.fill({ currentPassword: user.password, newPassword: 'Second@1234', confirmPassword: 'Second@1234' });
      await form.submit();
      await page.waitForURL((u) => u.pathname === '/login', { timeout: 15_000 });
      await shell.waitForToast(AUTH_MESSAGES.passwordUpdated);
      expect((await storedSession(page)).profile).toBeNull();

      const login = new LoginPage(page);
      await login.goto();
      await login.submit(user.loginName, user.password);
      expect(await login.error()).toBe(AUTH_MESSAGES.invalidCredentials);
      expect(await login.login(user.loginName, 'Second@1234')).not.toBe('/login');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('resets a forgotten password through the e-mailed link, once', async () => {
    const user = await createReadyUser(admin, ROLE_CODES.TYPIST, 'First@1234');
    const { context, page, pageErrors } = await openConsole(browser());
    try {
      const since = Date.now();
      expect(await new ForgotPasswordPage(page).request(user.loginName)).toBe(AUTH_MESSAGES.resetLinkSent);
      await screenshot(page, 'forgot-password-sent', false);

      const mail = await waitForMail(user.email, RESET_SUBJECT, since);
      const link = linkIn(mail, '/update-password');
      expect(new URL(link).searchParams.get('resetToken')).toBeTruthy();

      const reset = new ResetPasswordPage(page);
      await reset.open(link.replace(/^https?:\/\/[^/]+/, new URL(page.url()).origin));
      await reset.set('Reset@1234', 'Reset@12345');
      expect(await page.getByText(PASSWORDS_MISMATCH_MESSAGE).isVisible()).toBe(true);
      await reset.set('Reset@1234');
      await page.waitForURL((u) => u.pathname === '/login', { timeout: 15_000 });
      await new Shell(page).waitForToast(AUTH_MESSAGES.passwordResetDone);

      expect(await new LoginPage(page).login(user.loginName, 'Reset@1234')).not.toBe('/login');
      await new Shell(page).logout();

      // The link works once.
      await reset.open(link.replace(/^https?:\/\/[^/]+/, new URL(page.url()).origin));
      await reset.set('Again@1234');
      expect(await reset.error()).toBe(AUTH_MESSAGES.resetLinkInvalid);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
