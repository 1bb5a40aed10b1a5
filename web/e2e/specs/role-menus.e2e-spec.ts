import { describe, expect, it } from '@jest/globals';
import {
  AVAILABILITY_ROLES,
  buildMenu,
  DEFAULT_ROLE_PRIVILEGES,
  displayName,
  hasPrivilege,
  requirement,
  ROLE_LABELS,
  toPermissionConfig,
  WORKLIST,
  type Menu,
} from '@rayworks/contracts';
import { landingAfterLogin } from '../../src/shared/session/access';
import { LoginPage } from '../pom/LoginPage';
import { Shell, storedSession, type RenderedMenu } from '../pom/Shell';
import { ApiSession } from '../requests/auth-api';
import { useBrowser, openConsole, screenshot } from '../support/browser';
import { EVERY_ROLE_USERS, TEST_PASSWORD, useTenant, type EveryRoleUser } from '../support/tenant';

/** The menu a role must see: the catalogue filtered by the role's default privileges (libs/contracts). */
function expectedMenu(menu: Menu): RenderedMenu {
  const shape = (items: Menu['items']) =>
    items.map((i) => ({ id: i.id, link: i.link, subItems: i.subItems.map((s) => ({ id: s.id, link: s.link })) }));
  return { items: shape(menu.items), more: shape(menu.more) };
}

const SCREENSHOT_ROLES = new Set(['admin', 'radiologist', 'reception', 'pathologist']);

describe('a user of each role logs in and sees exactly its menu (spec §2, §4, §6)', () => {
  const tenant = useTenant('menus');
  const browser = useBrowser();

  it.each(Object.entries(EVERY_ROLE_USERS).map(([who, { role }]) => [who as EveryRoleUser, role] as const))(
    '%s (%s)',
    async (who, role) => {
      const loginName = tenant().login(who);
      const config = toPermissionConfig(DEFAULT_ROLE_PRIVILEGES[role]);
      const { context, page, pageErrors } = await openConsole(browser());
      try {
        const landed = await new LoginPage(page).login(loginName, TEST_PASSWORD);
        expect(landed).toBe(landingAfterLogin(false, config, null, [role]));

        const shell = new Shell(page);
        await shell.waitUntilReady();
        expect(await shell.readMenu()).toEqual(expectedMenu(buildMenu(config, undefined, [role])));

        // The top bar names the user by the display-name rules and labels the role (TYPIST → Transcriptionist).
        const session = await ApiSession.login(loginName, TEST_PASSWORD);
        expect(await shell.userName()).toBe(displayName(session.session.user));
        expect(await shell.roleLabel()).toBe(ROLE_LABELS[role]);
        await session.logout();

        expect(await shell.has('availability-switch')).toBe(AVAILABILITY_ROLES.includes(role));
        expect(await shell.has('viewer-switch')).toBe(
          hasPrivilege(config, requirement('WORKLIST', WORKLIST.VIEWER_CONFIGURATION_SWITCH)),
        );

        if (SCREENSHOT_ROLES.has(who)) await screenshot(page, `menu-${who}`, false);

        await shell.logout();
        const stored = await storedSession(page);
        expect(stored.profile).toBeNull();
        expect(stored.config).toBeNull();
        expect(pageErrors).toEqual([]);
      } finally {
        await context.close();
      }
    },
    60_000,
  );
});
