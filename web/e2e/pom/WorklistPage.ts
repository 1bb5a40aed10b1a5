import type { Locator, Page } from 'playwright-core';
import { url } from '../support/browser';

/** /cases: the worklist (tabs with counts, rows, row actions and their confirmation). */
export class WorklistPage {
  constructor(readonly page: Page) {}

  async goto(query = ''): Promise<void> {
    await this.page.goto(url(`/cases${query}`), { waitUntil: 'domcontentloaded' });
    await this.waitUntilReady();
  }

  async waitUntilReady(): Promise<void> {
    await this.page.getByTestId('worklist').waitFor({ timeout: 20_000 });
    await this.page
      .locator('[data-testid="worklist-tab"][data-status="ALL"][data-count]:not([data-count=""])')
      .waitFor();
  }

  /**
   * Shows the filters: on a phone they wait behind the Filters button (docs/decisions/0362); wider, they are always
   * shown and this does nothing.
   */
  async openFilters(): Promise<void> {
    const toggle = this.page.getByTestId('worklist-filters-toggle');
    if ((await toggle.count()) === 0 || (await toggle.getAttribute('aria-expanded')) === 'true') return;
    await toggle.click();
    await this.page.getByTestId('worklist-filters').waitFor({ state: 'visible' });
  }

  /** The row of a patient (by patient ID). */
  row(patientId: string): Locator {
    return this.page.locator(`[data-testid="worklist-row"][data-patient-id="${patientId}"]`);
  }

  /** Waits until the patient's row shows this case status (the rows refresh live; nothing reloads the page). */
  async waitForRow(patientId: string, status?: string, timeout = 60_000): Promise<Locator> {
    const selector = `[data-testid="worklist-row"][data-patient-id="${patientId}"]${status ? `[data-status="${status}"]` : ''}`;
    await this.page.locator(selector).waitFor({ timeout });
    return this.page.locator(selector);
  }

  tab(status: string): Locator {
    return this.page.locator(`[data-testid="worklist-tab"][data-status="${status}"]`);
  }

  async count(status: string): Promise<number> {
    return Number(await this.tab(status).getAttribute('data-count'));
  }

  /** Waits until a tab's count is `n` (live counts). */
  async waitForCount(status: string, n: number, timeout = 30_000): Promise<void> {
    await this.page
      .locator(`[data-testid="worklist-tab"][data-status="${status}"][data-count="${n}"]`)
      .waitFor({ timeout });
  }

  async openTab(status: string): Promise<void> {
    await this.tab(status).click();
    await this.page.waitForURL((u) =>
      status === 'ALL' ? !u.searchParams.has('tab') : u.searchParams.get('tab') === status,
    );
  }

  async select(patientId: string): Promise<void> {
    await this.row(patientId).getByTestId('worklist-select').check();
  }

  /** The actions the row offers (allowedCaseActions for this user). */
  async actions(patientId: string): Promise<string[]> {
    const list = await this.row(patientId).getByTestId('worklist-row-actions').getAttribute('data-actions');
    return list ? list.split(',') : [];
  }

  /** Opens the row's action menu and picks an action; answers the confirmation dialog (or null for page moves). */
  async act(patientId: string, action: string): Promise<Locator> {
    await this.row(patientId).getByTestId('worklist-row-actions').click();
    await this.page.getByTestId(`worklist-action-${action}`).click();
    return this.page.locator(`[data-testid="worklist-action-dialog"][data-action="${action}"]`);
  }
}

/** /worklist/edit/<ids>: choose the radiologist (or transcriptionist) and assign. */
export class AssignPage {
  /** Who `choose` picked: `submit` answers the offline warning for them. */
  private chosen: string | null = null;

  constructor(readonly page: Page) {}

  async waitUntilReady(): Promise<void> {
    await this.page.getByTestId('assign-page').waitFor({ timeout: 20_000 });
    await this.page.locator('[data-testid="assign-case"]').first().waitFor();
  }

  private person(userId: string): Locator {
    return this.page.locator(`[data-testid="assign-assignee"][data-user-id="${userId}"]`);
  }

  async choose(userId: string): Promise<void> {
    await this.person(userId).click();
    this.chosen = userId;
  }

  /**
   * Assigns to the chosen person. Someone offline is warned about first (docs/decisions/0349): the warning is
   * answered 'Assign anyway', as the administrator who means it would.
   */
  async submit(): Promise<void> {
    const offline = this.chosen !== null && (await this.person(this.chosen).getAttribute('data-available')) === 'false';
    await this.page.getByTestId('assign-submit').click();
    if (offline) await this.page.getByTestId('assign-offline-confirm').click();
  }

  /** The people the picker lists now, by user id, in its order. */
  async listed(): Promise<string[]> {
    const ids = await this.page
      .locator('[data-testid="assign-assignee"]')
      .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-user-id') ?? ''));
    return ids;
  }

  /** Waits until the picker lists exactly these people (in any order). */
  async waitForListed(userIds: readonly string[]): Promise<void> {
    const wanted = [...userIds].sort().join(',');
    await this.page.waitForFunction(
      (want) =>
        [...document.querySelectorAll('[data-testid="assign-assignee"]')]
          .map((r) => r.getAttribute('data-user-id') ?? '')
          .sort()
          .join(',') === want,
      wanted,
      { timeout: 15_000 },
    );
  }

  async filterAvailability(availability: 'All' | 'Online' | 'Offline'): Promise<void> {
    await this.page.getByTestId('assign-filter-availability').getByText(availability, { exact: true }).click();
  }

  async filterSpecialization(specialization: string | null): Promise<void> {
    const select = this.page.getByTestId('assign-filter-specialization');
    if (specialization === null) {
      await select.fill('');
      await select.blur();
      return;
    }
    await select.click();
    await this.page.getByRole('option', { name: specialization, exact: true }).click();
  }
}
