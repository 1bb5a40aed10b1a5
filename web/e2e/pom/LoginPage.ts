import type { Page } from 'playwright-core';
import { url } from '../support/browser';

/** /login */
export class LoginPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto(url('/login'), { waitUntil: 'domcontentloaded' });
    await this.page.getByTestId('login-form').waitFor();
  }

  async submit(loginName: string, password: string): Promise<void> {
    await this.page.getByTestId('field-loginName').fill(loginName);
    await this.page.getByTestId('field-password').fill(password);
    await this.page.getByTestId('login-submit').click();
  }

  /** Logs in and waits until the console has left /login; returns the path it landed on. */
  async login(loginName: string, password: string): Promise<string> {
    await this.goto();
    await this.submit(loginName, password);
    await this.page.waitForURL((u) => u.pathname !== '/login', { timeout: 15_000 });
    return new URL(this.page.url()).pathname;
  }

  async error(): Promise<string> {
    const alert = this.page.getByTestId('login-error');
    await alert.waitFor({ timeout: 10_000 });
    return ((await alert.textContent()) ?? '').trim();
  }

  fieldError(field: 'loginName' | 'password') {
    return this.page
      .locator(`[data-testid="field-${field}"]`)
      .locator('xpath=ancestor::div[contains(@class,"mantine-InputWrapper-root")][1]')
      .locator('.mantine-InputWrapper-error');
  }
}
