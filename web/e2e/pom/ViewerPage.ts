import type { Locator, Page } from 'playwright-core';
import { url } from '../support/browser';
import { pixelStatistics, type PixelStatistics } from '@rayworks/testing';

/** The states the viewer's root shows (data-state). */
export type ViewerState = 'loading' | 'ready' | 'cloud-upload-pending' | 'no-access' | 'expired' | 'error';

/** What one viewport says about itself (its data-* attributes). */
export interface ViewportInfo {
  imageIndex: number;
  imageCount: number;
  seriesUid: string | null;
  studyUid: string | null;
  voi: string | null;
  mode: string | null;
  /** An MPR viewport's rendering ('mip' or 'composite'); '' in a stack. */
  blend: string | null;
  /** An MPR viewport's slab thickness in millimetres as Cornerstone has it; null in a stack. */
  slab: number | null;
}

/** The planes of MPR (a viewport's data-mode is `mpr-<plane>`). */
export type MprPlane = 'axial' | 'sagittal' | 'coronal';
export const MPR_PLANES: readonly MprPlane[] = ['axial', 'sagittal', 'coronal'];

/**
 * /dicomviewer?case=<id>: the cloud viewer (issue 11), through its test ids — the root `viewer` with its data-state,
 * viewports `viewport-<n>` with their data-* attributes and Cornerstone's canvas, the toolbar `tool-<Name>`,
 * `preset-<name>`, `layout-<l>`, `mpr`, `cine`, the priors `prior-<uid>` / `compare-<uid>` and the measurements.
 */
export class ViewerPage {
  constructor(readonly page: Page) {}

  async goto(caseId: string): Promise<void> {
    await this.page.goto(url(`/dicomviewer?case=${encodeURIComponent(caseId)}`), { waitUntil: 'domcontentloaded' });
  }

  root(): Locator {
    return this.page.getByTestId('viewer');
  }

  /** Waits until the viewer reaches a state (any of several); returns it. */
  async waitForState(states: ViewerState | ViewerState[], timeout = 60_000): Promise<ViewerState> {
    const wanted = Array.isArray(states) ? states : [states];
    const selector = wanted.map((s) => `[data-testid="viewer"][data-state="${s}"]`).join(', ');
    try {
      await this.page.locator(selector).first().waitFor({ timeout });
    } catch (error) {
      // say what the page shows instead (a state still loading, an error boundary's text)
      const state = await this.root()
        .getAttribute('data-state', { timeout: 1_000 })
        .catch(() => 'no viewer root');
      const text = await this.page
        .locator('body')
        .innerText({ timeout: 1_000 })
        .catch(() => '');
      throw new Error(`viewer not in ${wanted.join('/')}: state ${state}; page: ${text.slice(0, 300)}`, {
        cause: error,
      });
    }
    return (await this.root().getAttribute('data-state')) as ViewerState;
  }

  viewport(n = 0): Locator {
    return this.page.getByTestId(`viewport-${n}`);
  }

  async info(n = 0): Promise<ViewportInfo> {
    return this.viewport(n).evaluate((el) => ({
      imageIndex: Number(el.getAttribute('data-image-index')),
      imageCount: Number(el.getAttribute('data-image-count')),
      seriesUid: el.getAttribute('data-series-uid'),
      studyUid: el.getAttribute('data-study-uid'),
      voi: el.getAttribute('data-voi'),
      mode: el.getAttribute('data-mode'),
      blend: el.getAttribute('data-blend'),
      slab: el.getAttribute('data-slab') ? Number(el.getAttribute('data-slab')) : null,
    }));
  }

  /** Waits until a viewport has its image drawn: an image count and an index within it. */
  async waitForImage(n = 0, timeout = 60_000): Promise<ViewportInfo> {
    await this.page.waitForFunction(
      (i) => {
        const el = document.querySelector(`[data-testid="viewport-${i}"]`);
        const count = Number(el?.getAttribute('data-image-count'));
        return count > 0 && el?.querySelector('canvas') !== null && el?.getAttribute('data-image-index') !== null;
      },
      n,
      { timeout },
    );
    return this.info(n);
  }

  /** Waits until a viewport attribute differs from a value it had. */
  async waitForChange(n: number, attribute: string, from: string | null, timeout = 30_000): Promise<string | null> {
    await this.page.waitForFunction(
      ([i, name, before]) =>
        document.querySelector(`[data-testid="viewport-${i}"]`)?.getAttribute(name as string) !== before,
      [n, attribute, from] as const,
      { timeout },
    );
    return this.viewport(n).getAttribute(attribute);
  }

  /** Waits until a viewport shows the image of an index. */
  async waitForIndex(n: number, index: number, timeout = 15_000): Promise<void> {
    await this.page.waitForFunction(
      ([i, want]) =>
        Number(document.querySelector(`[data-testid="viewport-${i}"]`)?.getAttribute('data-image-index')) === want,
      [n, index] as const,
      { timeout },
    );
  }

  /** A screenshot of the viewport's canvas (what the reader sees), PNG. */
  async pixels(n = 0): Promise<Buffer> {
    // let Cornerstone's requestAnimationFrame render what the last action asked for
    await this.page.evaluate(
      () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
    );
    return this.viewport(n).locator('canvas').first().screenshot({ animations: 'disabled' });
  }

  async statistics(n = 0): Promise<PixelStatistics> {
    return pixelStatistics(await this.pixels(n));
  }

  /**
   * The viewport's statistics once its canvas shows an image (a pixel standard deviation above 5: not blank, not
   * flat): a canvas exists, and the image count is known, before the first frame is drawn. After the timeout, the
   * last statistics seen (for the caller's assertion to judge).
   */
  async drawnStatistics(n = 0, timeoutMs = 30_000): Promise<PixelStatistics> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const stats = await this.statistics(n);
      if (stats.std > 5 || Date.now() > until) return stats;
      // the next look costs two animation frames and a screenshot: no pause needed between them
    }
  }

  /** The viewport's centre and size on the page. */
  async box(n = 0): Promise<{ x: number; y: number; width: number; height: number }> {
    const box = await this.viewport(n).boundingBox();
    if (!box) throw new Error(`viewport-${n} is not on screen`);
    return box;
  }

  /** Scrolls the stack with the mouse wheel over the viewport (one notch per step). */
  async wheel(n: number, steps: number): Promise<void> {
    const { x, y, width, height } = await this.box(n);
    await this.page.mouse.move(x + width / 2, y + height / 2);
    for (let i = 0; i < Math.abs(steps); i++) {
      await this.page.mouse.wheel(0, steps > 0 ? 120 : -120);
      await this.page.waitForTimeout(60);
    }
  }

  /** Presses a key with the viewport focused (clicked first, with the current tool — use a harmless one). */
  async key(n: number, key: string, times = 1): Promise<void> {
    await this.viewport(n).focus();
    for (let i = 0; i < times; i++) await this.page.keyboard.press(key);
  }

  async tool(name: string): Promise<void> {
    await this.page.getByTestId(`tool-${name}`).click();
  }

  async button(testId: string): Promise<void> {
    await this.page.getByTestId(testId).click();
  }

  /** Drags with the left button across the viewport, from and to fractions of its size. */
  async drag(n: number, from: [number, number], to: [number, number], steps = 12): Promise<void> {
    const { x, y, width, height } = await this.box(n);
    await this.page.mouse.move(x + width * from[0], y + height * from[1]);
    await this.page.mouse.down();
    await this.page.mouse.move(x + width * to[0], y + height * to[1], { steps });
    await this.page.mouse.up();
  }

  /** Measurement rows (text includes the value, e.g. '42.1 mm'). */
  measurements(): Locator {
    return this.page.getByTestId('measurement-row');
  }

  async measurementTexts(): Promise<string[]> {
    return this.measurements().evaluateAll((rows) => rows.map((r) => (r.textContent ?? '').trim()));
  }

  /**
   * The measurement rows once they stop changing: a slow machine can save a length mid-drag (the save is debounced
   * per annotation), and the list then updates to the final value a moment after the mouse is released.
   */
  async settledMeasurementTexts(quietMs = 1_500, timeoutMs = 20_000): Promise<string[]> {
    const until = Date.now() + timeoutMs;
    let last = await this.measurementTexts();
    while (Date.now() < until) {
      await this.page.waitForTimeout(quietMs);
      const now = await this.measurementTexts();
      if (now.join('\n') === last.join('\n')) return now;
      last = now;
    }
    throw new Error(`measurements still changing after ${timeoutMs} ms: ${last.join(' | ')}`);
  }

  /** The performance marks the viewer sets (milliseconds since navigation start). */
  async marks(): Promise<Record<string, number>> {
    return this.page.evaluate(() =>
      Object.fromEntries(
        performance
          .getEntriesByType('mark')
          .filter((m) => m.name.startsWith('viewer:'))
          .map((m) => [m.name, m.startTime]),
      ),
    );
  }

  /** The priors panel's studies, in the order it lists them (their Study Instance UIDs). */
  async priorUids(): Promise<string[]> {
    await this.page.locator('[data-testid^="prior-"][data-timing]').first().waitFor({ timeout: 30_000 });
    return this.page
      .locator('[data-testid^="prior-"][data-timing]')
      .evaluateAll((els) => els.map((e) => (e.getAttribute('data-testid') ?? '').replace(/^prior-/, '')));
  }

  /** When a listed prior was done against the current study (before, same-day, after, unknown). */
  async priorTiming(studyUid: string): Promise<string | null> {
    return this.page.getByTestId(`prior-${studyUid}`).getAttribute('data-timing');
  }

  /** A prior's report in the priors panel (data-final: its text is the final report's). */
  priorReport(studyUid: string): Locator {
    return this.page.getByTestId(`prior-report-${studyUid}`);
  }

  // ---- MPR (issue 25 item 7) ----

  /** The index of the viewport showing an MPR plane. */
  async mprViewport(plane: MprPlane): Promise<number> {
    const testId = await this.page
      .locator(`[data-testid^="viewport-"][data-mode="mpr-${plane}"]`)
      .first()
      .getAttribute('data-testid', { timeout: 60_000 });
    return Number(testId!.replace('viewport-', ''));
  }

  /**
   * Switches to MPR (from a 1×1 stack of a volumetric series) and waits until the three planes are drawn (the
   * volume streams in after the canvases appear).
   */
  async openMpr(): Promise<void> {
    await this.button('mpr');
    await this.page.waitForFunction(
      (planes) =>
        planes.every((plane) => document.querySelector(`[data-testid^="viewport-"][data-mode="mpr-${plane}"] canvas`)),
      MPR_PLANES,
      { timeout: 60_000 },
    );
    for (const plane of MPR_PLANES) {
      const stats = await this.drawnStatistics(await this.mprViewport(plane));
      if (stats.std <= 5) throw new Error(`the ${plane} plane stays blank (pixel SD ${stats.std.toFixed(1)})`);
    }
  }

  /**
   * Window/level by dragging in an MPR plane with the W/L tool; returns the plane's VOI before and after (the
   * data-voi 'center,width' the engine reads back from Cornerstone).
   */
  async windowLevelInMpr(plane: MprPlane = 'axial'): Promise<{ before: string | null; after: string | null }> {
    const n = await this.mprViewport(plane);
    await this.tool('WindowLevel');
    const before = await this.viewport(n).getAttribute('data-voi');
    await this.drag(n, [0.3, 0.3], [0.45, 0.15]);
    const after = await this.waitForChange(n, 'data-voi', before);
    return { before, after };
  }

  /**
   * Draws a length with the Length tool in an MPR plane, away from the crosshairs' lines through the centre, and
   * returns the measurement's row text once the list settles (e.g. 'Length (MPR sagittal): 38.2 mm').
   */
  async measureLengthInMpr(plane: MprPlane = 'sagittal'): Promise<string> {
    const n = await this.mprViewport(plane);
    const rows = await this.measurements().count();
    await this.tool('Length');
    await this.drag(n, [0.2, 0.22], [0.38, 0.36]);
    await this.measurements()
      .nth(rows)
      .waitFor({ timeout: 20_000 })
      .catch(() => undefined);
    const texts = await this.settledMeasurementTexts();
    const row = texts.find((t) => t.includes(`MPR ${plane}`));
    if (!row) throw new Error(`no measurement of the ${plane} plane listed: ${texts.join(' | ')}`);
    return row;
  }

  /** Chooses a slab MIP thickness in MPR (0: off) and waits until the three planes render it. */
  async setSlab(mm: number): Promise<void> {
    await this.page.getByTestId('slab').selectOption(String(mm));
    const blend = mm > 0 ? 'mip' : 'composite';
    await this.page.waitForFunction(
      (want) =>
        [...document.querySelectorAll('[data-testid^="viewport-"][data-mode^="mpr-"]')].every(
          (el) => el.getAttribute('data-blend') === want,
        ),
      blend,
      { timeout: 15_000 },
    );
  }

  // ---- hanging protocols (issue 25 item 10) ----

  /** The toolbar's "Save layout for the centre" in its More menu (only for who may change the centre: CENTERS › EDIT). */
  saveLayoutButton(): Locator {
    return this.page.getByTestId('save-hanging');
  }

  /** Opens the toolbar's More menu (docs/decisions/0375) and waits for its items. */
  async openMore(): Promise<void> {
    await this.page.getByTestId('toolbar-more').click();
    await this.page.getByTestId('toolbar-more-menu').waitFor();
  }

  /** Saves the layout on screen as the centre's hanging protocol and waits for the confirmation's text. */
  async saveLayoutForCentre(confirmation: string): Promise<void> {
    await this.openMore();
    await this.saveLayoutButton().click();
    await this.page.getByText(confirmation).first().waitFor({ timeout: 15_000 });
  }

  /** Waits until the viewer shows `count` viewports (the layout its hanging protocol chose); returns their modes. */
  async waitForLayout(count: number, timeout = 60_000): Promise<string[]> {
    await this.page.waitForFunction(
      (want) => document.querySelectorAll('[data-testid^="viewport-"][data-mode] canvas').length === want,
      count,
      { timeout },
    );
    return this.modes();
  }

  /** How many viewports are on screen, and their modes. */
  async modes(): Promise<string[]> {
    return this.page
      .locator('[data-testid^="viewport-"]')
      .evaluateAll((els) =>
        els
          .filter((e) => /^viewport-\d$/.test(e.getAttribute('data-testid') ?? ''))
          .map((e) => e.getAttribute('data-mode') ?? ''),
      );
  }
}
