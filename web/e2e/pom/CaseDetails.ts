import type { Page } from 'playwright-core';
import { url } from '../support/browser';

/** /cases/view/:id — a case's details page. */
export class CaseDetailsPage {
  constructor(private readonly page: Page) {}

  async goto(caseId: string): Promise<void> {
    await this.page.goto(url(`/cases/view/${caseId}`), { waitUntil: 'domcontentloaded' });
    await this.page.getByTestId('case-details').waitFor({ timeout: 30_000 });
  }

  text(testId: string): Promise<string> {
    return this.page.getByTestId(testId).first().innerText();
  }

  /** The audit trail's actions as recorded (data-action), newest first, once at least `min` are shown. */
  async auditActions(min = 1): Promise<string[]> {
    await this.page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="case-audit-action"]').length >= n,
      min,
      { timeout: 15_000 },
    );
    return this.page
      .locator('[data-testid="case-audit-action"]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-action') ?? ''));
  }

  /** The action buttons shown (data-testid case-action-<ACTION>), menu items included once "More" is opened. */
  async actions(): Promise<string[]> {
    const more = this.page.getByTestId('case-actions-more');
    if (await more.isVisible()) {
      await more.click();
      await this.page.getByTestId('case-actions-menu').waitFor();
    }
    const ids = await this.page
      .locator('[data-testid^="case-action-"]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('data-testid') ?? ''));
    if (await more.isVisible()) await this.page.keyboard.press('Escape');
    return ids.map((id) => id.replace('case-action-', '')).filter((a) => /^[A-Z_]+$/.test(a));
  }

  /** Sends a chat message. */
  async sendComment(text: string): Promise<void> {
    await this.page.getByTestId('case-comment-input').fill(text);
    await this.page.getByTestId('case-comment-send').click();
  }

  async waitForComment(text: string, timeout = 20_000): Promise<void> {
    await this.page.locator('[data-testid="case-comment"]', { hasText: text }).first().waitFor({ timeout });
  }
}

/** /dashboards. */
export class DashboardsPage {
  constructor(private readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto(url('/dashboards'), { waitUntil: 'domcontentloaded' });
    await this.page.getByTestId('dashboards').waitFor({ timeout: 30_000 });
  }

  figure(name: 'total' | 'open' | 'overdue' | 'due-soon' | 'completed'): Promise<string> {
    return this.page.getByTestId(`dashboards-${name}`).innerText();
  }

  /** The bars a chart card draws (recharts' rectangles with a height). */
  async bars(card: string): Promise<number> {
    const selector = `[data-testid="${card}"] .recharts-bar-rectangle path`;
    await this.page.waitForSelector(selector, { timeout: 15_000 });
    return this.page.locator(selector).count();
  }
}
