import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { SERVICE_NAMES } from '@rayworks/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { StatusPage } from '../pom/StatusPage';
import { BASE_URL, openConsole, screenshot, useBrowser } from '../support/browser';

const TARGETS = ['gateway', ...SERVICE_NAMES] as const;
const READY_TIMEOUT_MS = 60_000;

describe('status page (/status)', () => {
  const browser = useBrowser();
  let context: BrowserContext;
  let page: Page;
  let status: StatusPage;

  beforeAll(async () => {
    ({ context, page } = await openConsole(browser()));
    status = new StatusPage(page);
  }, 30_000);

  afterAll(async () => {
    await context?.close();
  });

  it(
    `shows the gateway and all ${SERVICE_NAMES.length} services Ready (${BASE_URL})`,
    async () => {
      await status.goto('/status');
      await status.waitUntilAllReady(TARGETS, READY_TIMEOUT_MS);

      const statuses = await status.statuses(TARGETS);
      expect(statuses).toEqual(Object.fromEntries(TARGETS.map((t) => [t, 'Ready'])));
      for (const target of TARGETS) {
        const checks = await status.checksOf(target);
        expect(Object.keys(checks).length).toBeGreaterThan(0);
        expect(Object.values(checks).every((s) => s === 'up')).toBe(true);
      }
      await expect(page.getByTestId('product-name').textContent()).resolves.toBe('Rayworks');
    },
    READY_TIMEOUT_MS + 30_000,
  );

  it('sends unknown paths to the root, and the root of a visitor who is not logged in to /login', async () => {
    await page.goto(`${BASE_URL}/no-such-page`, { waitUntil: 'domcontentloaded' });
    await page.waitForURL((u) => u.pathname === '/login', { timeout: 10_000 });
    expect(new URL(page.url()).pathname).toBe('/login');
  }, 30_000);

  it(
    'switches between light and dark themes and remembers the choice',
    async () => {
      await status.goto('/status');
      await status.waitUntilAllReady(TARGETS, READY_TIMEOUT_MS);

      await status.setColorScheme('light');
      expect(await status.colorScheme()).toBe('light');
      await screenshot(page, 'status-light');

      await status.setColorScheme('dark');
      expect(await status.colorScheme()).toBe('dark');
      await screenshot(page, 'status-dark');

      await page.reload({ waitUntil: 'domcontentloaded' });
      expect(await status.colorScheme()).toBe('dark');
      await status.setColorScheme('light');
    },
    READY_TIMEOUT_MS + 30_000,
  );
});
