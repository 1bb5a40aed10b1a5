import { AUTH_API } from '@rayworks/contracts';
import type { Page } from 'playwright-core';

export interface RenderedMenuItem {
  id: string;
  link: string;
  subItems: { id: string; link: string }[];
}

export interface RenderedMenu {
  items: RenderedMenuItem[];
  more: RenderedMenuItem[];
}

/** The console shell around protected screens: menu, top bar, user menu. */
export class Shell {
  constructor(private readonly page: Page) {}

  async waitUntilReady(): Promise<void> {
    await this.page.getByTestId('top-bar').waitFor();
    await this.page.getByTestId('user-menu-button').waitFor();
  }

  /**
   * The menu as rendered (horizontal layout, the default), read from the page: the entries of the menu bar in
   * order, each header's sub-items, and what the More entry holds.
   */
  async readMenu(): Promise<RenderedMenu> {
    await this.page.getByTestId('main-menu').waitFor();
    // Dropdowns mount when first opened and then stay in the page: open each header and More once. Each opener is
    // found again by its id at every step, so a re-render of the menu bar between steps does not lose it.
    const openerIds = await this.page
      .locator(
        '[data-testid="main-menu"] [data-menu-entry][data-menu-link="/#"], [data-testid="main-menu"] [data-menu-entry][data-menu-id="more"]',
      )
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-menu-id') ?? ''));
    for (const id of openerIds) {
      const opener = this.page.locator(`[data-testid="main-menu"] [data-menu-entry][data-menu-id="${id}"]`);
      const child = this.page.locator(`[data-menu-parent="${id}"]`).first();
      for (let attempt = 0; attempt < 3 && !(await child.isVisible()); attempt++) {
        await opener.click().catch(async (error: unknown) => {
          // Say where the page was when the menu entry could not be clicked (a logout, an error page, a re-render).
          const menuShown = await this.page.getByTestId('main-menu').isVisible();
          throw new Error(
            `menu entry ${id} not clickable at ${this.page.url()} (menu shown: ${menuShown}): ${String(error)}`,
          );
        });
        await child.waitFor({ state: 'visible', timeout: 2_000 }).catch(() => undefined);
      }
      await this.page.keyboard.press('Escape');
    }
    await this.page.mouse.move(0, 600);
    return this.page.evaluate(() => {
      const read = (el: Element) => ({
        id: el.getAttribute('data-menu-id') ?? '',
        link: el.getAttribute('data-menu-link') ?? '',
      });
      const children = (parent: string) =>
        Array.from(document.querySelectorAll(`[data-menu-parent="${CSS.escape(parent)}"]`)).map((el) => ({
          ...read(el),
          subItems: Array.from(
            document.querySelectorAll(`[data-menu-parent="${CSS.escape(el.getAttribute('data-menu-id') ?? '')}"]`),
          ).map(read),
        }));
      const entries = Array.from(document.querySelectorAll('[data-testid="main-menu"] [data-menu-entry]'));
      const items = entries
        .filter((el) => el.getAttribute('data-menu-id') !== 'more')
        .map((el) => ({
          ...read(el),
          subItems: children(el.getAttribute('data-menu-id') ?? '').map(({ id, link }) => ({ id, link })),
        }));
      const hasMore = entries.some((el) => el.getAttribute('data-menu-id') === 'more');
      return { items, more: hasMore ? children('more') : [] };
    });
  }

  async openMore(): Promise<void> {
    await this.page.getByTestId('menu-more').click();
    await this.page.getByTestId('menu-more-dropdown').waitFor();
  }

  async userName(): Promise<string> {
    return ((await this.page.getByTestId('top-bar-user-name').textContent()) ?? '').trim();
  }

  async roleLabel(): Promise<string> {
    return ((await this.page.getByTestId('top-bar-user-role').textContent()) ?? '').trim();
  }

  async openUserMenu(): Promise<void> {
    await this.page.getByTestId('user-menu-button').click();
    await this.page.getByTestId('user-menu').waitFor();
  }

  async logout(): Promise<void> {
    await this.openUserMenu();
    await this.page.getByTestId('user-menu-logout').click();
    await this.page.waitForURL((u) => u.pathname === '/login', { timeout: 15_000 });
  }

  async openChangePassword(): Promise<void> {
    await this.openUserMenu();
    await this.page.getByTestId('user-menu-change-password').click();
    await this.page.getByTestId('change-password-form').waitFor();
  }

  async openDetails(): Promise<void> {
    await this.openUserMenu();
    await this.page.getByTestId('user-menu-welcome').click();
    await this.page.getByTestId('profile-drawer-name').waitFor();
  }

  has(testId: string): Promise<boolean> {
    return this.page.getByTestId(testId).isVisible();
  }

  async colorScheme(): Promise<'light' | 'dark'> {
    return (await this.page.locator('html').getAttribute('data-mantine-color-scheme')) === 'dark' ? 'dark' : 'light';
  }

  async setColorScheme(scheme: 'light' | 'dark'): Promise<void> {
    if ((await this.colorScheme()) !== scheme) {
      await this.page.getByTestId('color-scheme-toggle').click();
      await this.page.mouse.move(0, 400);
    }
    await this.page.waitForFunction(
      (wanted: string) => document.documentElement.getAttribute('data-mantine-color-scheme') === wanted,
      scheme,
    );
  }

  /**
   * Chooses the viewer that opens cases with the top bar's Cloud/Exe switch, and waits until the choice is saved
   * (the answer of the /setpreferences call the click made) and shown: the switch shows a choice before it is saved,
   * and an earlier choice's late answer must not land after the next one.
   */
  async chooseViewer(choice: 'cloud' | 'exe'): Promise<void> {
    const switcher = this.page.getByTestId('viewer-switch');
    const shown = this.page.locator(`[data-testid="viewer-switch"][data-value="${choice}"]`);
    // enabled once the saved preferences are loaded (until then it shows the default)
    await this.page.locator('[data-testid="viewer-switch"]:not([data-disabled="true"])').waitFor();
    if ((await switcher.getAttribute('data-value')) === choice) return;
    const saved = this.page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname.endsWith(AUTH_API.setPreferences.path),
    );
    await switcher.locator('label', { hasText: choice === 'cloud' ? 'Cloud' : 'Exe' }).click();
    const answer = await saved;
    if (answer.status() !== 200) throw new Error(`saving the viewer choice ${choice} answered ${answer.status()}`);
    await shown.waitFor();
  }

  /** The texts of the toasts shown now (top-right). */
  async toasts(): Promise<string[]> {
    return this.page.locator('.mantine-Notification-description').allTextContents();
  }

  async waitForToast(text: string, timeoutMs = 10_000): Promise<void> {
    await this.page
      .locator('.mantine-Notification-description', { hasText: text })
      .first()
      .waitFor({ timeout: timeoutMs });
  }

  /** Waits for a toast with this title and this line (e.g. 'Case Assigned Successfully' / 'Assigned to …'). */
  async waitForToastTitled(title: string, text: string, timeoutMs = 10_000): Promise<void> {
    await this.page
      .locator('.mantine-Notification-root')
      .filter({ has: this.page.locator('.mantine-Notification-title', { hasText: title }) })
      .filter({ has: this.page.locator('.mantine-Notification-description', { hasText: text }) })
      .first()
      .waitFor({ timeout: timeoutMs });
  }
}

/** What the console keeps in the browser, read from the page. */
export async function storedSession(
  page: Page,
): Promise<{ profile: string | null; config: string | null; sessionKeys: number }> {
  return page.evaluate(() => ({
    profile: window.localStorage.getItem('rayworks.authUser'),
    config: window.localStorage.getItem('rayworks.permissionConfig'),
    sessionKeys: window.sessionStorage.length,
  }));
}
