import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { fileURLToPath } from 'node:url';
import { ApiClient, readReadiness } from '@rayworks/api-client';
import { PUBLIC_ROUTES, SERVICE_NAMES, SERVICE_PORTS, serviceUnavailableMessage } from '@rayworks/contracts';
import { eventually, freePort, localJwksUrl, startScript, stop } from '@rayworks/testing';
import { openConsole, screenshot, useBrowser } from '../support/browser';

/**
 * Issue 7: a service that is down answers 503 through the gateway and the console tells the user (spec §8: the
 * maintenance page). A second, real gateway serves the built console with auth's URL on a closed port; the other
 * services are the running ones. Nothing is stopped that other tests use.
 */
describe('a service that is down', () => {
  const browser = useBrowser();
  let gateway: ReturnType<typeof startScript>;
  let base: string;

  beforeAll(async () => {
    const port = await freePort();
    const closed = await freePort();
    base = `http://127.0.0.1:${port}`;
    gateway = startScript(fileURLToPath(new URL('../../../services/gateway/dist/main.js', import.meta.url)), {
      PORT: String(port),
      LOG_LEVEL: 'warn',
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      // the running auth service's public keys (this gateway's route to auth itself is closed)
      AUTH_JWKS_URL: localJwksUrl(),
      WEB_DIST_DIR: fileURLToPath(new URL('../../dist', import.meta.url)),
      ...Object.fromEntries(
        SERVICE_NAMES.map((s) => [
          `SERVICE_URL_${s.toUpperCase()}`,
          `http://127.0.0.1:${s === 'auth' ? closed : SERVICE_PORTS[s]}`,
        ]),
      ),
    });
    const client = new ApiClient({ baseUrl: base });
    await eventually(
      () => readReadiness(client, 'gateway').catch(() => null),
      (report) => report !== null,
      { what: 'the second gateway answering' },
    );
  }, 60_000);

  afterAll(async () => gateway && stop(gateway));

  it('sends the user to the maintenance page naming the service, and back to where they were', async () => {
    const { context, page, pageErrors } = await openConsole(browser());
    try {
      await page.goto(`${base}${PUBLIC_ROUTES.login}`, { waitUntil: 'domcontentloaded' });
      await page.getByTestId('login-form').waitFor();
      await page.getByTestId('field-loginName').fill('nobody.anywhere'); // auth is down: no login reaches it
      await page.getByTestId('field-password').fill('Nobody@1234');
      await page.getByTestId('login-submit').click();
      await page.waitForURL((u) => u.pathname === PUBLIC_ROUTES.maintenance, { timeout: 15_000 });
      await page.getByTestId('maintenance-page').waitFor();
      expect((await page.getByTestId('maintenance-message').textContent())?.trim()).toBe(
        serviceUnavailableMessage('auth'),
      );
      await screenshot(page, 'service-down-maintenance', false);
      await page.getByTestId('maintenance-retry').click();
      await page.waitForURL((u) => u.pathname === PUBLIC_ROUTES.login, { timeout: 15_000 });
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
