import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { adminMessages, AUTH_MESSAGES, ROLE_CODES } from '@rayworks/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { LoginPage } from '../pom/LoginPage';
import { Shell } from '../pom/Shell';
import type { ApiSession } from '../requests/auth-api';
import { adminSession, createReadyUser, type CreatedUser } from '../requests/seed';
import { openConsole, url, useBrowser } from '../support/browser';
import { signaturePng } from '@rayworks/testing';
import { TEST_PASSWORD, useTenant } from '../support/tenant';

/**
 * What the browser refused under the gateway's Content-Security-Policy: every `securitypolicyviolation` event of
 * every page of the context (reported through a binding, so full page loads lose none) and every console message
 * Chromium writes for a refusal.
 */
async function watchCsp(context: BrowserContext, page: Page): Promise<string[]> {
  const violations: string[] = [];
  await context.exposeBinding('__cspViolation', (_source, text: string) => violations.push(text));
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __cspViolation: (text: string) => void }).__cspViolation;
      void report(`${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} at ${event.sourceFile}`);
    });
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  return violations;
}

/** The console under the gateway's browser protections (issue 8, finding 6): it works and breaks none of them. */
describe('the console under a strict Content-Security-Policy', () => {
  const tenant = useTenant('csp');
  const browser = useBrowser();
  let admin: ApiSession;
  let radiologist: CreatedUser;

  beforeAll(async () => {
    admin = await adminSession(tenant());
    radiologist = await createReadyUser(admin, ROLE_CODES.CENTER_RADIOLOGIST, 'Policy@1234');
  }, 60_000);

  afterAll(async () => {
    await admin?.logout();
  });

  it('loads, logs an administrator in, navigates and switches theme with zero violations', async () => {
    const { context, page, pageErrors } = await openConsole(browser());
    const violations = await watchCsp(context, page);
    try {
      const response = await page.goto(url('/login'), { waitUntil: 'domcontentloaded' });
      const csp = response!.headers()['content-security-policy'] ?? '';
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");

      await new LoginPage(page).login(tenant().login('admin'), TEST_PASSWORD);
      const shell = new Shell(page);
      await shell.waitUntilReady();
      // whole page loads of deep links
      for (const path of ['/users', '/roles', '/users/add']) {
        await page.goto(url(path), { waitUntil: 'domcontentloaded' });
        await shell.waitUntilReady();
        await page.waitForLoadState('networkidle');
      }
      // navigation inside the page, through the menu (each route's chunk loaded on demand)
      for (const link of ['/groups', '/centers', '/doctors', '/referrals']) {
        await page.locator(`[data-testid="main-menu"] [data-menu-link="${link}"]`).first().click();
        await page.waitForURL((u) => u.pathname === link);
        await page.waitForLoadState('networkidle');
      }
      // the dark theme, applied before the first paint after a reload (public/color-scheme.js)
      await shell.setColorScheme('dark');
      await page.reload({ waitUntil: 'domcontentloaded' });
      expect(await page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
      await shell.waitUntilReady();
      await page.waitForLoadState('networkidle');
      expect(violations).toEqual([]);
      expect(pageErrors).toEqual([]);

      // The watch sees a violation when there is one: an injected inline script is refused and reported.
      await page.evaluate(() => {
        const script = document.createElement('script');
        script.textContent = 'window.__injected = true;';
        document.head.appendChild(script);
      });
      await waitFor(() => violations.length > 0);
      expect(await page.evaluate(() => (window as unknown as { __injected?: boolean }).__injected)).toBeUndefined();
      expect(violations.join('\n')).toMatch(/script-src/);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('opens the real-time connection and uploads and shows a signature from the object store with zero violations', async () => {
    const { context, page, pageErrors } = await openConsole(browser());
    const violations = await watchCsp(context, page);
    try {
      await new LoginPage(page).login(radiologist.loginName, radiologist.password);
      const shell = new Shell(page);
      await shell.waitUntilReady();

      // socket.io over the gateway (connect-src 'self', WebSocket included)
      await page.getByRole('switch', { name: /Availability/ }).click();
      await page.waitForFunction(
        () => document.querySelector('[data-testid="availability-switch"]')?.getAttribute('data-connection') === 'open',
        undefined,
        { timeout: 15_000 },
      );
      await shell.waitForToast(AUTH_MESSAGES.availabilityOnline);

      // a presigned PUT to the object store (connect-src) and the presigned image shown from it (img-src)
      await page.goto(url('/profile/signature'), { waitUntil: 'domcontentloaded' });
      await page.getByTestId('signature-none').waitFor();
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'signature.png', mimeType: 'image/png', buffer: signaturePng() });
      await page.getByTestId('signature-upload').click();
      await shell.waitForToast(adminMessages('Signature').updated);
      await page.waitForFunction(
        () =>
          (document.querySelector('[data-testid="signature-current"]') as HTMLImageElement | null)?.naturalWidth ===
          160,
      );
      await page.getByRole('switch', { name: /Availability/ }).click();
      await shell.waitForToast(AUTH_MESSAGES.availabilityOffline);
      expect(violations).toEqual([]);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);
});

async function waitFor(condition: () => boolean, timeoutMs = 5_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!condition() && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 50));
}
