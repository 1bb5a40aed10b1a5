import { describe, expect, it } from '@jest/globals';
import { AUTH_MESSAGES } from '@rayworks/contracts';
import { LoginPage } from '../pom/LoginPage';
import { Shell, storedSession } from '../pom/Shell';
import { useBrowser, openConsole, screenshot, url } from '../support/browser';
import { TEST_PASSWORD, useTenant } from '../support/tenant';

/** Spec §4 and §8: an invalid token (401), no network, a missing privilege, no token, and the error pages. */
describe('session and error handling', () => {
  const tenant = useTenant('session');
  const browser = useBrowser();

  it('on 401 shows the message once, clears both storages and goes to /login', async () => {
    const { context, page } = await openConsole(browser());
    try {
      await new LoginPage(page).login(tenant().login('admin'), TEST_PASSWORD);
      const shell = new Shell(page);
      await shell.waitUntilReady();
      await page.getByTestId('list-groups-row').first().waitFor({ timeout: 15_000 });
      // The token stops being valid (a forged signature): the next calls answer 401 and renewal fails too.
      await page.evaluate(() => {
        const key = 'rayworks.authUser';
        const profile = JSON.parse(window.localStorage.getItem(key) ?? '{}');
        profile.token = `${String(profile.token).slice(0, -6)}AAAAAA`;
        window.localStorage.setItem(key, JSON.stringify(profile));
        window.sessionStorage.setItem('marker', 'x');
      });
      await page.getByTestId('menu-link-centers').click();
      await page.waitForURL((u) => u.pathname === '/login', { timeout: 15_000 });
      await shell.waitForToast(AUTH_MESSAGES.unauthorized);
      await page.waitForTimeout(1_000);
      const toasts = await shell.toasts();
      expect(toasts.filter((t) => t === AUTH_MESSAGES.unauthorized)).toHaveLength(1);
      const stored = await storedSession(page);
      expect(stored).toEqual({ profile: null, config: null, sessionKeys: 0 });
      await screenshot(page, 'unauthorized-login', false);
    } finally {
      await context.close();
    }
  }, 60_000);

  it('goes to the offline page when the network is gone, and back when it returns', async () => {
    const { context, page } = await openConsole(browser());
    try {
      await new LoginPage(page).login(tenant().login('admin'), TEST_PASSWORD);
      await new Shell(page).waitUntilReady();
      await page.getByTestId('list-groups-row').first().waitFor({ timeout: 15_000 });
      await context.setOffline(true);
      await page.getByTestId('menu-link-centers').click();
      await page.waitForURL((u) => u.pathname === '/auth-offline', { timeout: 15_000 });
      await page.getByTestId('offline-page').waitFor();
      await screenshot(page, 'offline', false);
      await context.setOffline(false);
      await page.waitForURL((u) => u.pathname !== '/auth-offline', { timeout: 15_000 });
      expect(new URL(page.url()).pathname).toBe('/centers');
    } finally {
      await context.close();
    }
  }, 60_000);

  it('opens the offline, 500 and maintenance pages from their hash forms (spec §2)', async () => {
    const { context, page } = await openConsole(browser());
    try {
      for (const [hash, testId] of [
        ['/#/auth-offline', 'offline-page'],
        ['/#/auth-500', 'server-error-page'],
        ['/#/pages-maintenance', 'maintenance-page'],
      ] as const) {
        await page.goto(url(hash), { waitUntil: 'domcontentloaded' });
        await page.getByTestId(testId).waitFor({ timeout: 10_000 });
        expect(new URL(page.url()).pathname).toBe(hash.slice(2));
      }
    } finally {
      await context.close();
    }
  }, 60_000);

  it('clears storage and sends a route without the privilege to /login carrying the origin, which a permitted login returns to', async () => {
    const { context, page } = await openConsole(browser());
    try {
      const login = new LoginPage(page);
      await login.login(tenant().login('typist'), TEST_PASSWORD);
      await page.goto(url('/users?q=rao'), { waitUntil: 'domcontentloaded' });
      await page.waitForURL((u) => u.pathname === '/login', { timeout: 10_000 });
      expect((await storedSession(page)).profile).toBeNull();
      await login.submit(tenant().login('admin'), TEST_PASSWORD);
      await page.waitForURL((u) => u.pathname === '/users', { timeout: 15_000 });
      expect(new URL(page.url()).searchParams.get('q')).toBe('rao');
    } finally {
      await context.close();
    }
  }, 60_000);

  it('treats a stored profile without a token as an expired session (spec §4)', async () => {
    const { context, page } = await openConsole(browser());
    try {
      await new LoginPage(page).login(tenant().login('reception'), TEST_PASSWORD);
      // Leave the shell (the status page reads no session) before taking the token out of the stored profile.
      await page.goto(url('/status'), { waitUntil: 'domcontentloaded' });
      await page.evaluate(() => {
        const key = 'rayworks.authUser';
        const profile = JSON.parse(window.localStorage.getItem(key) ?? '{}');
        delete profile.token;
        window.localStorage.setItem(key, JSON.stringify(profile));
      });
      await page.goto(url('/referrals'), { waitUntil: 'domcontentloaded' });
      await page.waitForURL((u) => u.pathname === '/sessionexpired', { timeout: 10_000 });
      await page.getByTestId('session-expired-page').waitFor({ timeout: 10_000 });
      expect((await storedSession(page)).profile).toBeNull();
      expect(await page.evaluate(() => window.sessionStorage.getItem('rayworks.sessionExpired'))).toBe('true');
    } finally {
      await context.close();
    }
  }, 60_000);

  it('sends the root to /groups when permitted and to the first permitted link otherwise; unknown paths to the root', async () => {
    const { context, page } = await openConsole(browser());
    try {
      await new LoginPage(page).login(tenant().login('group.admin'), TEST_PASSWORD);
      await page.goto(url('/definitely/not/here'), { waitUntil: 'domcontentloaded' });
      await page.waitForURL((u) => u.pathname === '/groups', { timeout: 10_000 });
      await new Shell(page).logout();
      await new LoginPage(page).login(tenant().login('radiologist'), TEST_PASSWORD);
      await page.goto(url('/'), { waitUntil: 'domcontentloaded' });
      await page.waitForURL((u) => u.pathname === '/cases', { timeout: 10_000 });
      // the radiologist's first permitted link is the worklist
      await page.getByTestId('worklist').waitFor({ timeout: 20_000 });
    } finally {
      await context.close();
    }
  }, 60_000);
});
