import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { adminMessages, ROLE_CODES } from '@rayworks/contracts';
import { LoginPage } from '../pom/LoginPage';
import { Shell } from '../pom/Shell';
import type { ApiSession } from '../requests/auth-api';
import { adminSession, createReadyUser, type CreatedUser } from '../requests/seed';
import { useBrowser, openConsole, screenshot, url } from '../support/browser';
import { useTenant } from '../support/tenant';
import { picturePng, signaturePng } from '@rayworks/testing';

/** /profile and its children, with a radiologist the test creates in the spec's own tenant. */
describe('profile', () => {
  const tenant = useTenant('profile');
  const browser = useBrowser();
  let admin: ApiSession;
  let user: CreatedUser;

  beforeAll(async () => {
    admin = await adminSession(tenant());
    user = await createReadyUser(admin, ROLE_CODES.CENTER_RADIOLOGIST, 'Profile@1234');
  }, 60_000);

  afterAll(async () => {
    await admin?.logout();
  });

  it('shows the profile, saves specializations and uploads a signature through the upload URL', async () => {
    const { context, page, pageErrors } = await openConsole(browser());
    try {
      await new LoginPage(page).login(user.loginName, user.password);
      const shell = new Shell(page);
      await shell.waitUntilReady();

      await shell.openUserMenu();
      await page.getByTestId('user-menu-profile').click();
      await page.waitForURL((u) => u.pathname === '/profile');
      await page.getByTestId('profile-email').filter({ hasText: user.email }).waitFor();

      await page.getByTestId('profile-tab-specialization').click();
      await page.waitForURL((u) => u.pathname === '/profile/specialization');
      const tags = page.getByTestId('field-specialization');
      await tags.fill('Neuroradiology');
      await page.keyboard.press('Enter');
      await tags.fill('Chest');
      await page.keyboard.press('Enter');
      await page.getByTestId('field-qualificationName').fill('MD Radiology');
      await page.getByTestId('specialization-submit').click();
      await shell.waitForToast(adminMessages('Specialization').updated);

      await page.goto(url('/profile/signature'), { waitUntil: 'domcontentloaded' });
      await page.getByTestId('signature-none').waitFor();
      await page
        .locator('input[type="file"]')
        .setInputFiles({ name: 'signature.png', mimeType: 'image/png', buffer: signaturePng() });
      await page.getByTestId('signature-upload').click();
      await shell.waitForToast(adminMessages('Signature').updated);
      const current = page.getByTestId('signature-current');
      await current.waitFor();
      await page.waitForFunction(
        () =>
          (document.querySelector('[data-testid="signature-current"]') as HTMLImageElement | null)?.naturalWidth ===
          160,
      );
      await screenshot(page, 'profile-signature', false);

      await page.getByTestId('profile-tab-overview').click();
      await page.getByTestId('profile-signature').waitFor();
      expect(await page.getByText('Neuroradiology').count()).toBeGreaterThan(0);

      // A picture replaces the initials in the top bar at once, and again after the next login.
      expect(await page.getByTestId('user-avatar').getAttribute('data-avatar')).toBe('initials');
      await page.locator('input[type="file"]').setInputFiles({
        name: 'me.png',
        mimeType: 'image/png',
        buffer: picturePng(96),
      });
      await page.getByTestId('logo-upload').click();
      await shell.waitForToast(adminMessages('Picture').updated);
      await page.locator('[data-testid="profile-picture"][data-picture="uploaded"]').waitFor();
      const avatarImageWidth = () =>
        page.waitForFunction(
          () =>
            (document.querySelector('[data-testid="user-avatar"][data-avatar="logo"] img') as HTMLImageElement | null)
              ?.naturalWidth === 96,
        );
      await avatarImageWidth();
      await screenshot(page, 'profile-picture', false);
      await page.goto(url('/logout'), { waitUntil: 'domcontentloaded' });
      await page.waitForURL((u) => u.pathname === '/login');
      await new LoginPage(page).login(user.loginName, user.password);
      await shell.waitUntilReady();
      await avatarImageWidth();
      await page.goto(url('/profile'), { waitUntil: 'domcontentloaded' });
      await page.locator('[data-testid="profile-picture"][data-picture="uploaded"]').waitFor();
      await screenshot(page, 'profile-picture-after-login', false);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);
});
