import type { Page } from 'playwright-core';
import { url } from '../support/browser';

/** The change-password form (user menu dialog, and /update-password after a forced reset). */
export class ChangePasswordForm {
  constructor(private readonly page: Page) {}

  async fill(values: { currentPassword: string; newPassword: string; confirmPassword: string }): Promise<void> {
    await this.page.getByTestId('field-currentPassword').fill(values.currentPassword);
    await this.page.getByTestId('field-newPassword').fill(values.newPassword);
    await this.page.getByTestId('field-confirmPassword').fill(values.confirmPassword);
  }

  async submit(): Promise<void> {
    await this.page.getByTestId('change-password-submit').click();
  }

  /** The validation message under each field, keyed by field name. */
  async errors(): Promise<Record<string, string>> {
    return this.page.evaluate(() => {
      const out: Record<string, string> = {};
      for (const name of ['currentPassword', 'newPassword', 'confirmPassword', 'newPasswordOnly']) {
        const input = document.querySelector(`[data-testid="field-${name}"]`);
        const wrapper = input?.closest('.mantine-InputWrapper-root');
        const error = wrapper?.querySelector('.mantine-InputWrapper-error');
        if (error?.textContent) out[name] = error.textContent.trim();
      }
      return out;
    });
  }

  async values(): Promise<string[]> {
    return Promise.all(
      ['currentPassword', 'newPassword', 'confirmPassword'].map((f) =>
        this.page.getByTestId(`field-${f}`).inputValue(),
      ),
    );
  }
}

/** /forgot-password */
export class ForgotPasswordPage {
  constructor(private readonly page: Page) {}

  async request(loginName: string): Promise<string> {
    await this.page.goto(url('/forgot-password'), { waitUntil: 'domcontentloaded' });
    await this.page.getByTestId('field-loginName').fill(loginName);
    await this.page.getByTestId('forgot-password-submit').click();
    const confirmation = this.page.getByTestId('forgot-password-confirmation');
    await confirmation.waitFor({ timeout: 15_000 });
    return ((await confirmation.textContent()) ?? '').trim();
  }
}

/** /update-password?resetToken=… (the e-mailed link). */
export class ResetPasswordPage {
  constructor(private readonly page: Page) {}

  async open(link: string): Promise<void> {
    await this.page.goto(link, { waitUntil: 'domcontentloaded' });
    await this.page.getByTestId('reset-password-form').waitFor();
  }

  async set(password: string, confirmation = password): Promise<void> {
    await this.page.getByTestId('field-newPassword').fill(password);
    await this.page.getByTestId('field-confirmPassword').fill(confirmation);
    await this.page.getByTestId('reset-password-submit').click();
  }

  async error(): Promise<string> {
    const alert = this.page.getByTestId('reset-password-error');
    await alert.waitFor({ timeout: 10_000 });
    return ((await alert.textContent()) ?? '').trim();
  }
}
