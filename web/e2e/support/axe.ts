import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The accessibility check every screen is held to (docs/decisions/0052-accessibility-check.md): axe-core with the
 * WCAG 2.0 and 2.1 A and AA rules, plus "label-content-name-mismatch" (WCAG 2.5.3, experimental in axe, so off by
 * default): an accessible name must contain the visible text. A screen passes when axe finds no violation of
 * impact critical or serious.
 */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] as const;
const BLOCKING = new Set(['critical', 'serious']);

export interface AxeFinding {
  /** Where: the path and the variant (theme, width) the test names. */
  where: string;
  rule: string;
  impact: string;
  help: string;
  /** The first few offending elements (CSS selector and axe's summary of what is wrong). */
  nodes: string[];
}

/** Waits until the screen has settled: no page loader, no list fetching, no running transition. */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle', { timeout: 15_000 }).catch(() => undefined);
  await page
    .locator('[data-testid="page-loader"], [data-fetching], .mantine-Skeleton-root')
    .first()
    .waitFor({ state: 'detached', timeout: 15_000 })
    .catch(() => undefined);
  // Mantine's transitions (menus, drawers, hover colours) last up to 200 ms; contrast is judged on the end state.
  await page.waitForTimeout(250);
}

/** The critical and serious violations axe finds on the page as it is now. */
export async function blockingViolations(page: Page, where: string): Promise<AxeFinding[]> {
  const results = await new AxeBuilder({ page })
    .withTags([...AXE_TAGS])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } })
    .analyze();
  return results.violations
    .filter((v) => BLOCKING.has(v.impact ?? ''))
    .map((v) => ({
      where,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(' ')}: ${n.failureSummary?.split('\n').slice(1, 2).join('').trim()}`),
    }));
}

/**
 * Settles the page and checks it; throws with every finding when there is one. Any spec may call it after it has
 * brought a screen into a state worth checking (a form with its errors shown, a drawer open).
 */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  await settle(page);
  const findings = await blockingViolations(page, where);
  if (findings.length > 0) throw new Error(`axe: ${JSON.stringify(findings, null, 2)}`);
}
