import type { Page } from 'playwright-core';
import { url } from '../support/browser';

export type ColorScheme = 'light' | 'dark';

/** Page object for the public system status page (/status). */
export class StatusPage {
  constructor(private readonly page: Page) {}

  async goto(path = '/status'): Promise<void> {
    await this.page.goto(url(path), { waitUntil: 'domcontentloaded' });
    await this.page.getByTestId('status-page').waitFor({ state: 'visible' });
  }

  /** The card of one target ('gateway' or a service name). */
  row(target: string) {
    return this.page.getByTestId(`service-row-${target}`);
  }

  /** "Ready", "Not ready" or "Checking…". */
  async statusOf(target: string): Promise<string> {
    return ((await this.page.getByTestId(`service-status-${target}`).textContent()) ?? '').trim();
  }

  async statuses(targets: readonly string[]): Promise<Record<string, string>> {
    const entries = await Promise.all(targets.map(async (t) => [t, await this.statusOf(t)] as const));
    return Object.fromEntries(entries);
  }

  /** The dependency checks a target reported, as { name: 'up' | 'down' }. */
  async checksOf(target: string): Promise<Record<string, string>> {
    const rows = this.page.locator(`[data-testid^="service-check-${target}-"]`);
    const result: Record<string, string> = {};
    for (const row of await rows.all()) {
      const id = (await row.getAttribute('data-testid')) ?? '';
      result[id.slice(`service-check-${target}-`.length)] = (await row.getAttribute('data-status')) ?? '';
    }
    return result;
  }

  /**
   * Waits, by polling the page, until every target shows Ready.
   * On timeout it fails with what each target showed last.
   */
  async waitUntilAllReady(targets: readonly string[], timeoutMs = 60_000): Promise<void> {
    try {
      await this.page.waitForFunction(
        (ids: string[]) =>
          ids.every(
            (id) => document.querySelector(`[data-testid="service-status-${id}"]`)?.textContent?.trim() === 'Ready',
          ),
        [...targets],
        { timeout: timeoutMs, polling: 500 },
      );
    } catch (error) {
      const last = await this.statuses(targets).catch(() => ({}));
      throw new Error(
        `Not every service became Ready within ${timeoutMs / 1000} s. Last seen: ${JSON.stringify(last)}.`,
        { cause: error },
      );
    }
  }

  async colorScheme(): Promise<ColorScheme> {
    const value = await this.page.locator('html').getAttribute('data-mantine-color-scheme');
    return value === 'dark' ? 'dark' : 'light';
  }

  /** Uses the top-bar toggle until the page shows the wanted scheme. */
  async setColorScheme(scheme: ColorScheme): Promise<void> {
    if ((await this.colorScheme()) !== scheme) {
      await this.page.getByTestId('color-scheme-toggle').click();
      // Move away so the toggle's tooltip does not end up in screenshots.
      await this.page.mouse.move(0, 400);
      await this.page.getByRole('tooltip').waitFor({ state: 'hidden', timeout: 5_000 });
    }
    await this.page.waitForFunction(
      (wanted: string) => document.documentElement.getAttribute('data-mantine-color-scheme') === wanted,
      scheme,
      { timeout: 5_000 },
    );
  }
}
