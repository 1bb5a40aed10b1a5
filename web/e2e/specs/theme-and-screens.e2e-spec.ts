import { describe, expect, it } from '@jest/globals';
import { LoginPage } from '../pom/LoginPage';
import { Shell } from '../pom/Shell';
import { useBrowser, openConsole, screenshot, url } from '../support/browser';
import { TEST_PASSWORD, useTenant } from '../support/tenant';

/** The dark theme toggle (remembered), and screenshots of the main screens in both themes at 900 and 600 px. */
describe('themes and main screens', () => {
  const tenant = useTenant('theme');
  const browser = useBrowser();

  it('switches to the dark theme and keeps it after a reload and after logging out', async () => {
    const { context, page } = await openConsole(browser());
    try {
      await new LoginPage(page).login(tenant().login('admin'), TEST_PASSWORD);
      const shell = new Shell(page);
      await shell.waitUntilReady();
      expect(await shell.colorScheme()).toBe('light');
      await shell.openUserMenu();
      await screenshot(page, 'user-menu', false);
      await page.keyboard.press('Escape');
      await shell.openDetails();
      await screenshot(page, 'profile-drawer', false);
      await page.keyboard.press('Escape');
      await page.getByTestId('profile-drawer-name').waitFor({ state: 'hidden' });
      await shell.setColorScheme('dark');
      expect(await shell.colorScheme()).toBe('dark');
      await page.reload({ waitUntil: 'domcontentloaded' });
      await shell.waitUntilReady();
      expect(await shell.colorScheme()).toBe('dark');
      await shell.logout();
      expect(await shell.colorScheme()).toBe('dark');
      await screenshot(page, 'login-dark', false);
      await shell.setColorScheme('light');
    } finally {
      await context.close();
    }
  }, 60_000);

  const SCREENS = [
    '/groups',
    '/centers',
    '/users',
    '/roles',
    '/departments',
    '/doctors',
    '/referrals',
    '/profile/config',
  ];

  // At 1440 px, both themes: every screen is opened, checked and its page errors counted by
  // accessibility-light and accessibility-dark (web/e2e/support/every-screen.ts); here the widths between.
  it.each([
    ['light', 900],
    ['dark', 600],
  ] as const)(
    'renders the main screens (%s, %i px) without errors',
    async (scheme, width) => {
      const { context, page, pageErrors } = await openConsole(browser(), { colorScheme: scheme, width });
      try {
        await new LoginPage(page).login(tenant().login('admin'), TEST_PASSWORD);
        for (const path of SCREENS) {
          await page.goto(url(path), { waitUntil: 'domcontentloaded' });
          await page.getByTestId('page-title').waitFor({ timeout: 15_000 });
          await page
            .locator('[data-testid$="-table"]:not([data-fetching])')
            .first()
            .waitFor({ timeout: 15_000 })
            .catch(() => undefined);
          await page.waitForTimeout(300);
          await screenshot(page, `screen${path.replace(/\//g, '-')}-${scheme}-${width}`, false);
        }
        const firstRole = page.getByTestId('list-roles-row').first();
        await page.goto(url('/roles'), { waitUntil: 'domcontentloaded' });
        await firstRole.click();
        await page.getByTestId('privilege-matrix').waitFor();
        await screenshot(page, `screen-role-view-${scheme}-${width}`);
        expect(pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    120_000,
  );
});
