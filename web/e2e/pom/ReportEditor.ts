import { DICTATION_KEYS } from '@rayworks/contracts';
import type { Locator, Page } from 'playwright-core';
import { url } from '../support/browser';

/** A dictation player's state: position and length in seconds, whether it is paused. */
export interface PlayerFacts {
  currentTime: number;
  paused: boolean;
  duration: number;
}

/** What the editor's root says about itself (data-*). */
export interface EditorFacts {
  status: string | null;
  lock: string | null;
  phase: string | null;
  version: number;
}

/**
 * The report editor (issue 12) — in the viewer's split (`report-toggle`) or on /cases/report/<caseId> — through its
 * test ids: the root `report-editor` (data-status, data-lock, data-phase, data-version), the TipTap body
 * `report-content`, `report-template-picker`, the workflow buttons and the dialogs.
 */
export class ReportEditor {
  constructor(
    readonly page: Page,
    /** The region the editor is in (the viewer's report panel, or the page). */
    readonly scope: Locator = page.locator('body'),
  ) {}

  async goto(caseId: string): Promise<void> {
    await this.page.goto(url(`/cases/report/${encodeURIComponent(caseId)}`), { waitUntil: 'domcontentloaded' });
    await this.root().waitFor({ timeout: 60_000 });
  }

  root(): Locator {
    return this.scope.getByTestId('report-editor');
  }

  async facts(): Promise<EditorFacts> {
    const root = this.root();
    return {
      status: await root.getAttribute('data-status'),
      lock: await root.getAttribute('data-lock'),
      phase: await root.getAttribute('data-phase'),
      version: Number((await root.getAttribute('data-version')) ?? '0'),
    };
  }

  /** Waits until the root's attributes match (e.g. { lock: 'mine' }, { status: 'FINAL' }). */
  async waitFor(want: Partial<Record<'status' | 'lock' | 'phase', string>>, timeout = 30_000): Promise<void> {
    const attrs = Object.entries(want)
      .map(([k, v]) => `[data-${k}="${v}"]`)
      .join('');
    await this.scope.locator(`[data-testid="report-editor"]${attrs}`).waitFor({ timeout });
  }

  async waitForVersion(atLeast: number, timeout = 30_000): Promise<number> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const { version } = await this.facts();
      if (version >= atLeast) return version;
      if (Date.now() > deadline) throw new Error(`the report stayed at version ${version} (wanted ${atLeast})`);
      await this.page.waitForTimeout(250);
    }
  }

  /** The editable body (ProseMirror inside RichTextEditor.Content). */
  body(): Locator {
    return this.root().locator('[data-testid="report-content"] .ProseMirror').first();
  }

  async text(): Promise<string> {
    return this.body().innerText();
  }

  /** The template fields in the text, in order: key and text (the `<span data-field>` marks, decision 0340). */
  async fields(): Promise<{ key: string; text: string }[]> {
    return this.body()
      .locator('span[data-field]')
      .evaluateAll((spans) =>
        spans.map((s) => ({ key: s.getAttribute('data-field') ?? '', text: (s as HTMLElement).innerText })),
      );
  }

  /** The text selected in the editor and the field it lies in (null when it touches none, or several). */
  async selection(): Promise<{ text: string; field: string | null }> {
    return this.page.evaluate(() => {
      const sel = window.getSelection();
      if (!sel || sel.rangeCount === 0) return { text: '', field: null };
      const range = sel.getRangeAt(0);
      const touched = [...document.querySelectorAll('.ProseMirror [data-field]')].filter((el) =>
        range.intersectsNode(el),
      );
      const keys = [...new Set(touched.map((el) => el.getAttribute('data-field')))];
      return { text: sel.toString(), field: keys.length === 1 ? keys[0]! : null };
    });
  }

  /** The lock line beside the title ('Editing', 'Unsaved changes', 'Saved at …'), or null. */
  async lockText(): Promise<string | null> {
    const line = this.root().getByTestId('report-lock-text');
    return (await line.count()) ? line.innerText() : null;
  }

  async pickTemplate(name: string): Promise<void> {
    await this.root().getByTestId('report-template-picker').click();
    await this.page.getByRole('option', { name }).first().click();
  }

  /** Types at the end of the body (macros expand on the space that follows their code). */
  async typeAtEnd(text: string): Promise<void> {
    await this.body().click();
    await this.page.keyboard.press('Control+End');
    await this.page.keyboard.type(text, { delay: 15 });
  }

  button(id: string): Locator {
    return this.root().getByTestId(id);
  }

  async save(): Promise<void> {
    await this.button('report-save').click();
  }

  async sendToTypist(typistName: RegExp): Promise<void> {
    await this.button('report-send-typist').click();
    const dialog = this.page.getByTestId('report-typist-dialog');
    await dialog.getByTestId('report-typist').click();
    await this.page.getByRole('option', { name: typistName }).first().click();
    await dialog.getByTestId('report-send-typist-confirm').click();
  }

  async openVersions(): Promise<Locator> {
    await this.button('report-versions').click();
    const dialog = this.page.getByTestId('report-versions-dialog');
    await dialog.getByTestId('report-diff').waitFor();
    return dialog;
  }

  // ---- dictation (issue 25 item 5; the browser needs launchBrowser({ fakeMicrophone: true })) ----

  /** The dictation clips the report shows: id, which one the keys drive, and whether it plays. */
  async dictationClips(): Promise<{ id: string; active: boolean; playing: boolean }[]> {
    return this.root()
      .getByTestId('dictation-clip')
      .evaluateAll((els) =>
        els.map((el) => ({
          id: el.getAttribute('data-clip-id') ?? '',
          active: el.getAttribute('data-active') === 'true',
          playing: el.getAttribute('data-playing') === 'true',
        })),
      );
  }

  /**
   * Records a clip of about `seconds` (Record, then Stop), checks it replays before it is sent (the preview's audio
   * has a length), attaches it and waits until the report lists one clip more; answers the clips then.
   */
  async recordDictation(seconds: number): Promise<{ id: string; active: boolean; playing: boolean }[]> {
    const before = (await this.dictationClips()).length;
    const recorder = this.root().getByTestId('dictation-recorder');
    await recorder.getByTestId('dictation-record').click();
    await this.root().locator('[data-testid="dictation-recorder"][data-state="recording"]').waitFor();
    await this.page.waitForTimeout(seconds * 1000);
    await recorder.getByTestId('dictation-stop').click();
    // the recording decodes and plays back before it is sent
    await recorder.locator('[data-testid="dictation-preview"][data-ready="true"]').waitFor();
    await recorder.getByTestId('dictation-attach').click();
    await this.page.waitForFunction(
      (n) => document.querySelectorAll('[data-testid="dictation-clip"]').length > n,
      before,
      { timeout: 30_000 },
    );
    return this.dictationClips();
  }

  /**
   * The active clip's player as it is now (its data-* attributes, written on every change and every 100 ms while it
   * plays): position and length in seconds, whether it is paused.
   */
  async dictationAudio(): Promise<PlayerFacts> {
    const clip = this.root().locator('[data-testid="dictation-clip"][data-active="true"][data-ready="true"]').first();
    await clip.waitFor({ timeout: 30_000 });
    return clip.evaluate((el) => ({
      currentTime: Number(el.getAttribute('data-current-time')),
      paused: el.getAttribute('data-paused') === 'true',
      duration: Number(el.getAttribute('data-duration')),
    }));
  }

  /** Chooses the active clip's speed (one of DICTATION_SPEEDS, e.g. '1.5×'). */
  async setDictationSpeed(label: string): Promise<void> {
    await this.root()
      .locator('[data-testid="dictation-clip"][data-active="true"]')
      .getByText(label, { exact: true })
      .click();
  }

  /** Presses a foot pedal key (DICTATION_KEYS) with the focus wherever it is (the report's text, for a typist). */
  async pressDictationKey(action: keyof typeof DICTATION_KEYS): Promise<void> {
    await this.page.keyboard.press(DICTATION_KEYS[action]);
  }

  /**
   * Plays the active clip with the keyboard while the focus is in the report's text: play for `playMs`, pause, rewind
   * and forward; answers the audio's state after each key, for the test to assert.
   */
  async playDictationWithKeyboard(
    playMs = 1500,
  ): Promise<Record<'start' | 'playing' | 'paused' | 'rewound' | 'forwarded', PlayerFacts>> {
    const start = await this.dictationAudio();
    await this.body().click();
    await this.pressDictationKey('playPause');
    await this.page.waitForTimeout(playMs);
    const playing = await this.dictationAudio();
    await this.pressDictationKey('playPause');
    const paused = await this.dictationAudio();
    await this.pressDictationKey('rewind');
    const rewound = await this.dictationAudio();
    await this.pressDictationKey('forward');
    const forwarded = await this.dictationAudio();
    return { start, playing, paused, rewound, forwarded };
  }
}
