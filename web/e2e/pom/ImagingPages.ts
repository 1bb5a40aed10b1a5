import type { Page } from 'playwright-core';
import { url } from '../support/browser';

/**
 * Records, in the page itself, every state the import screen passes through and every progress figure it shows
 * (a MutationObserver installed before the console loads), so a test can check the flow after it ran.
 */
export function recordImportFlow(): void {
  // Runs in the page as it is serialized: plain property access only (no ?. or ??, which the test transpiler
  // turns into helpers the page does not have).
  const w = window as unknown as { __importFlow: { states: string[]; percents: string[]; overlap: string[] } };
  w.__importFlow = { states: [], percents: [], overlap: [] };
  const last = (list: string[]) => (list.length > 0 ? list[list.length - 1] : null);
  const record = () => {
    const screen = document.querySelector('[data-testid="import-screen"]');
    const state = screen ? screen.getAttribute('data-state') : null;
    if (state && last(w.__importFlow.states) !== state) w.__importFlow.states.push(state);
    const progress = document.querySelector('[data-testid="import-progress"]');
    const step = progress ? progress.getAttribute('data-step') : null;
    const percentNode = document.querySelector('[data-testid="import-progress-percent"]');
    const percent = percentNode ? percentNode.textContent : null;
    const entry = `${step}:${percent}`;
    if (step && percent && last(w.__importFlow.percents) !== entry) w.__importFlow.percents.push(entry);
    // an upload started while the zip is still being written (decision 0365): 'upload N% / zip M%'
    const zip = progress ? progress.getAttribute('data-zip-percent') : null;
    const overlap = zip && percent ? `upload ${percent} / zip ${zip}%` : null;
    if (overlap && last(w.__importFlow.overlap) !== overlap) w.__importFlow.overlap.push(overlap);
  };
  // A window.open'd window keeps its Window when its first about:blank document is replaced by the console's:
  // the observer is (re)attached to whichever document the window shows.
  let observed: Document | null = null;
  setInterval(() => {
    if (observed === document || !document.documentElement) return;
    observed = document;
    new MutationObserver(record).observe(document, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  }, 5);
}

/** /cases/import: the import screen (spec §2). */
export class ImportScreen {
  constructor(readonly page: Page) {}

  async waitUntilReady(): Promise<void> {
    await this.page.getByTestId('import-screen').waitFor({ timeout: 20_000 });
  }

  /** Picks a folder: the input's files are set from a directory on disk (webkitdirectory). */
  async pickFolder(dir: string): Promise<void> {
    await this.page.getByTestId('import-folder-input').setInputFiles(dir);
  }

  async waitForState(state: string, timeout = 60_000): Promise<void> {
    await this.page.locator(`[data-testid="import-screen"][data-state="${state}"]`).waitFor({ timeout });
  }

  /** Presses Import while the zip is still being written (decision 0365): as soon as the button is enabled in zipping. */
  async importWhileZipping(timeout = 60_000): Promise<void> {
    await this.page
      .locator('[data-testid="import-screen"][data-state="zipping"] [data-testid="import-start"]:not([disabled])')
      .click({ timeout });
  }

  async studyIds(): Promise<string[]> {
    return this.page
      .getByTestId('import-tree-study')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-study')!));
  }

  /** Each series of the tree with its file count. */
  async seriesCounts(): Promise<Record<string, number>> {
    const rows = await this.page
      .getByTestId('import-tree-series')
      .evaluateAll((els) => els.map((e) => [e.getAttribute('data-series')!, Number(e.getAttribute('data-files'))]));
    return Object.fromEntries(rows);
  }

  async previewKind(): Promise<string | null> {
    await this.page.locator('[data-testid="import-preview"]:not([data-preview="loading"])').waitFor();
    return this.page.getByTestId('import-preview').getAttribute('data-preview');
  }

  text(testId: string): Promise<string> {
    return this.page.getByTestId(testId).innerText();
  }

  async flow(): Promise<{ states: string[]; percents: string[]; overlap: string[] }> {
    return this.page.evaluate(
      () =>
        (window as unknown as { __importFlow: { states: string[]; percents: string[]; overlap: string[] } })
          .__importFlow,
    );
  }
}

/** /archive: the studies of the cloud archive. */
export class ArchivePage {
  constructor(readonly page: Page) {}

  async open(query = ''): Promise<void> {
    await this.page.goto(url(`/archive${query}`), { waitUntil: 'domcontentloaded' });
    await this.page.getByTestId('list-archive').waitFor();
  }

  row(patientId: string) {
    return this.page.getByTestId('list-archive-row').filter({ hasText: `ID ${patientId}` });
  }

  /** Reloads the list until the study's row shows the import state (the worker imports in the background). */
  async waitForStudy(patientId: string, state: string, timeoutMs = 90_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      await this.open(`?pid=${encodeURIComponent(patientId)}`);
      const row = this.row(patientId);
      await this.page.locator('[data-testid="list-archive"][data-total]:not([data-total=""])').waitFor();
      if ((await row.count()) === 1 && (await row.getByTestId('archive-state').getAttribute('data-state')) === state)
        return;
      if (Date.now() > until) throw new Error(`the study of ${patientId} did not reach ${state} in the archive`);
      await this.page.waitForTimeout(1500);
    }
  }

  cell(patientId: string, testId: string): Promise<string> {
    return this.row(patientId).getByTestId(testId).innerText();
  }
}
