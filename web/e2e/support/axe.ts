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

const BUSY = '[data-testid="page-loader"], [data-fetching], .mantine-Skeleton-root';

/**
 * Waits until the screen has settled: something rendered, then no visible page loader, skeleton or fetching list seen in
 * two looks 150 ms apart (code, then data, load one after the other), then Mantine's transitions (menus, drawers,
 * hover colours: up to 200 ms) are over, so contrast is judged on the end state.
 */
export async function settle(page: Page, timeoutMs = 15_000): Promise<void> {
  await page.locator('#root > :not(style)').first().waitFor({ timeout: timeoutMs });
  const deadline = Date.now() + timeoutMs;
  for (let calm = 0; calm < 2 && Date.now() < deadline;) {
    // only what shows counts: a tab kept mounted but hidden (Mantine's Activity) may hold a loader that waits for
    // the tab to open, and would never go
    calm = (await page.locator(BUSY).filter({ visible: true }).count()) === 0 ? calm + 1 : 0;
    await page.waitForTimeout(150);
  }
  await page.waitForTimeout(100);
}

/** The critical and serious violations axe finds on the page as it is now. */
export async function blockingViolations(page: Page, where: string): Promise<AxeFinding[]> {
  // Only violations are wanted (passes and incomplete results cost time to collect); the console has no iframes,
  // so the legacy mode's single-frame run is complete and spares the extra page the default mode opens per run.
  const results = await new AxeBuilder({ page })
    .withTags([...AXE_TAGS])
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } }, resultTypes: ['violations'] })
    .setLegacyMode(true)
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
