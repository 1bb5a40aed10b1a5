import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { AUTH_API, AUTH_MESSAGES, GENERIC, ROLE_CODES, SPECIFIC, type Role } from '@rayworks/contracts';
import { LoginPage } from '../pom/LoginPage';
import { Shell, storedSession } from '../pom/Shell';
import type { ApiSession } from '../requests/auth-api';
import { adminSession, createReadyUser, type CreatedUser } from '../requests/seed';
import { openConsole, screenshot, uniqueName, url, useBrowser } from '../support/browser';
import { useTenant } from '../support/tenant';

const DESK = { DOCTOR: [GENERIC.VIEW], REFERRALS: [GENERIC.VIEW], PROFILE: [SPECIFIC.VIEW_PROFILE] };
const menuLink = (link: string) => `[data-testid="main-menu"] [data-menu-entry][data-menu-link="${link}"]`;

/**
 * An admin takes a privilege from a role while one of its users works in the console: the user's next call is
 * answered from a renewed token, the menu loses the entry, and nobody has to log in again.
 */
describe('a privilege taken away while the user is logged in', () => {
  const tenant = useTenant('priv');
  const browser = useBrowser();
  let admin: ApiSession;
  let role: Role;
  let user: CreatedUser;
  let emptyRole: Role;
  let stranded: CreatedUser;

  beforeAll(async () => {
    admin = await adminSession(tenant());
    role = await admin.call(AUTH_API.createRole, {
      name: uniqueName('Desk'),
      roleCode: ROLE_CODES.RECEPTIONIST,
      privileges: DESK,
    });
    user = await createReadyUser(admin, role, 'Change@1234');
    emptyRole = await admin.call(AUTH_API.createRole, {
      name: uniqueName('Nothing'),
      roleCode: ROLE_CODES.RECEPTIONIST,
      privileges: {},
    });
    stranded = await createReadyUser(admin, emptyRole, 'Change@1234');
  }, 60_000);

  afterAll(async () => {
    await admin?.logout();
  });

  it('leaves the menu at once, without a new login', async () => {
    const { context, page, pageErrors } = await openConsole(browser());
    try {
      await new LoginPage(page).login(user.loginName, user.password);
      const shell = new Shell(page);
      await shell.waitUntilReady();
      await page.locator(menuLink('/referrals')).waitFor();
      await page.locator(menuLink('/doctors')).click();
      await page.waitForURL((u) => u.pathname === '/doctors');

      const { REFERRALS: _taken, ...rest } = DESK;
      await admin.call(AUTH_API.updateRole, {
        id: role._id,
        name: role.name,
        roleCode: role.roleCode,
        privileges: rest,
      });

      // The next call (a search, no page load) is refused once, renewed, and answered; the menu follows.
      await page.getByTestId('list-doctors-search').fill('a');
      await page.locator('[data-testid="list-doctors-table"][data-search="a"]:not([data-fetching])').waitFor();
      await page.locator(menuLink('/referrals')).waitFor({ state: 'detached', timeout: 15_000 });
      expect(await page.locator(menuLink('/doctors')).count()).toBe(1);
      expect(new URL(page.url()).pathname).toBe('/doctors');
      await screenshot(page, 'privilege-taken-away', false);

      // The screen of the privilege taken is closed to the user now, on the server as in the console.
      await page.goto(url('/referrals'), { waitUntil: 'domcontentloaded' });
      await page.waitForURL((u) => u.pathname === '/login');
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 90_000);

  it('tells a user whose role opens no screen so at login, and keeps nothing of the session', async () => {
    const { context, page, pageErrors } = await openConsole(browser());
    try {
      const login = new LoginPage(page);
      await login.goto();
      await login.submit(stranded.loginName, stranded.password);
      expect(await login.error()).toBe(AUTH_MESSAGES.noScreenPermitted);
      expect(new URL(page.url()).pathname).toBe('/login');
      expect(await storedSession(page)).toEqual({ profile: null, config: null, sessionKeys: 0 });
      await screenshot(page, 'login-no-screen', false);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
