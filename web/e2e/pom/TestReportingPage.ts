import type { Locator, Page } from 'playwright-core';
import { url } from '../support/browser';

/** /lims/testreporting: registrations with their lab tests; generate and send the lab report. */
export class TestReportingPage {
  constructor(private readonly page: Page) {}

  async open(search?: string): Promise<void> {
    await this.page.goto(url(`/lims/testreporting${search ? `?q=${encodeURIComponent(search)}` : ''}`), {
      waitUntil: 'domcontentloaded',
    });
    await this.page.getByTestId('list-test-reporting').waitFor();
  }

  /** The list's row of a registration number. */
  row(registrationNumber: string): Locator {
    return this.page.getByTestId('list-test-reporting-row').filter({ hasText: registrationNumber });
  }

  test(registrationNumber: string, testCode: string): Locator {
    return this.row(registrationNumber).getByTestId(`report-test-${testCode}`);
  }

  /** Generates the report; answers the tab the console opened for it (it shows the PDF once printed). */
  async generate(registrationNumber: string): Promise<Page> {
    const [tab] = await Promise.all([
      this.page.context().waitForEvent('page'),
      this.row(registrationNumber).getByTestId('report-generate').click(),
    ]);
    return tab;
  }

  /** The link to the printed PDF, once ready. */
  async readyLink(): Promise<string> {
    const link = this.page.getByTestId('report-link');
    await link.waitFor({ timeout: 45_000 });
    return (await link.getAttribute('href'))!;
  }

  async send(registrationNumber: string, to: string, name: string): Promise<void> {
    await this.row(registrationNumber).getByTestId('report-send').click();
    await this.page.getByTestId('report-mail-to').fill(to);
    await this.page.getByTestId('report-mail-name').fill(name);
    await this.page.getByTestId('report-mail-send').click();
    await this.page.getByTestId('report-mail-send').waitFor({ state: 'detached' });
  }
}
