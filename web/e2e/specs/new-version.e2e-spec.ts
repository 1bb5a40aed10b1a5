import { describe, expect, it } from '@jest/globals';
import { NEW_VERSION_PROMPT } from '@rayworks/contracts';
import { useBrowser, openConsole, url } from '../support/browser';

/** Spec §4: when a new version is installed the user is asked to refresh, word for word, and the page reloads on confirm. */
describe('new version prompt', () => {
  const browser = useBrowser();

  it('asks to refresh when the server has another build, and reloads when confirmed', async () => {
    const { context, page } = await openConsole(browser());
    try {
      await page.goto(url('/login'), { waitUntil: 'domcontentloaded' });
      await page.getByTestId('login-form').waitFor();
      // A new build is installed: /version.json names another build than the one running.
      await page.route('**/version.json', (route) => route.fulfill({ json: { buildId: 'a-build-installed-later' } }));
      await page.evaluate(() => {
        (window as unknown as { marker: boolean }).marker = true;
        document.dispatchEvent(new Event('visibilitychange'));
      });
      const prompt = page.getByTestId('new-version-prompt-text');
      await prompt.waitFor({ timeout: 10_000 });
      expect(await prompt.textContent()).toBe(NEW_VERSION_PROMPT);
      await page.getByTestId('new-version-refresh').click();
      await page.waitForFunction(() => !(window as unknown as { marker?: boolean }).marker, undefined, {
        timeout: 10_000,
      });
    } finally {
      await context.close();
    }
  }, 60_000);
});
