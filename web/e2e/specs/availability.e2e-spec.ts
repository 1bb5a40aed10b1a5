import { describe, expect, it } from '@jest/globals';
import { AUTH_MESSAGES, CONSOLE_ROUTES } from '@rayworks/contracts';
import type { Page } from 'playwright-core';
import { LoginPage } from '../pom/LoginPage';
import { Shell } from '../pom/Shell';
import { useBrowser, openConsole, screenshot, url } from '../support/browser';
import { TEST_PASSWORD, useTenant } from '../support/tenant';

const switchState = async (page: Page) => {
  const el = page.getByTestId('availability-switch');
  return { available: await el.getAttribute('data-available'), connection: await el.getAttribute('data-connection') };
};

const waitForState = (page: Page, available: string, connection: string) =>
  page.waitForFunction(
    ([a, c]) => {
      const el = document.querySelector('[data-testid="availability-switch"]');
      return el?.getAttribute('data-available') === a && el?.getAttribute('data-connection') === c;
    },
    [available, connection] as const,
    { timeout: 15_000 },
  );

/** Spec §4 availability: online opens the real-time connection and stores isAvailability; offline closes it. */
describe('availability switch of a radiologist', () => {
  const tenant = useTenant('avail');
  const browser = useBrowser();

  it('goes online with a real-time connection, keeps it after a reload, and goes offline closing it', async () => {
    const { context, page, pageErrors } = await openConsole(browser());
    try {
      await new LoginPage(page).login(tenant().login('radiologist'), TEST_PASSWORD);
      const shell = new Shell(page);
      await shell.waitUntilReady();
      // the radiologist lands on the live worklist, which holds a connection of its own while open: the switch is
      // watched from a screen without live data
      await page.goto(url(CONSOLE_ROUTES.profile), { waitUntil: 'domcontentloaded' });
      await shell.waitUntilReady();
      await waitForState(page, 'false', 'closed');
      expect(await switchState(page)).toEqual({ available: 'false', connection: 'closed' });

      await page.getByRole('switch', { name: /Availability/ }).click();
      await waitForState(page, 'true', 'open');
      await shell.waitForToast(AUTH_MESSAGES.availabilityOnline);
      expect(
        await page.evaluate(() => JSON.parse(window.localStorage.getItem('rayworks.authUser') ?? '{}').isAvailability),
      ).toBe(true);
      await screenshot(page, 'radiologist-online', false);

      await page.reload({ waitUntil: 'domcontentloaded' });
      await waitForState(page, 'true', 'open');

      await page.getByRole('switch', { name: /Availability/ }).click();
      await waitForState(page, 'false', 'closed');
      await shell.waitForToast(AUTH_MESSAGES.availabilityOffline);

      // on the live worklist, going offline does not cut the screen off: it holds the connection until it is left
      await page.goto(url(CONSOLE_ROUTES.cases), { waitUntil: 'domcontentloaded' });
      await shell.waitUntilReady();
      await waitForState(page, 'false', 'open');
      // (the toasts of the switch sit over it: the switch's input takes the click itself)
      await page.getByRole('switch', { name: /Availability/ }).dispatchEvent('click');
      await waitForState(page, 'true', 'open');
      await page.getByRole('switch', { name: /Availability/ }).dispatchEvent('click');
      await shell.waitForToast(AUTH_MESSAGES.availabilityOffline);
      await waitForState(page, 'false', 'open');
      // left for a screen without live data (a move inside the console, nothing reloads): it closes
      await page.getByRole('link', { name: 'Report Templates' }).first().click();
      await page.waitForURL((u) => !u.pathname.startsWith(CONSOLE_ROUTES.cases));
      await waitForState(page, 'false', 'closed');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});
