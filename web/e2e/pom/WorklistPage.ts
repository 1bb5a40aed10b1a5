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
  constructor(readonly page: Page) {}

  async waitUntilReady(): Promise<void> {
    await this.page.getByTestId('assign-page').waitFor({ timeout: 20_000 });
    await this.page.locator('[data-testid="assign-case"]').first().waitFor();
  }

  async choose(userId: string): Promise<void> {
    await this.page.locator(`[data-testid="assign-assignee"][data-user-id="${userId}"]`).click();
  }

  async submit(): Promise<void> {
    await this.page.getByTestId('assign-submit').click();
  }
}
