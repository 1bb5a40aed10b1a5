import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { CASES_API, DICTATION_MESSAGES, REPORTING_API, type Case } from '@rayworks/contracts';
import { arriveAt, eventually, TestEvents } from '@rayworks/testing';
import type { Page } from 'playwright-core';
import { LoginPage } from '../pom/LoginPage';
import { ReportEditor } from '../pom/ReportEditor';
import { Shell } from '../pom/Shell';
import { ApiSession } from '../requests/auth-api';
import { assignToRadiologist } from '../requests/cases-seed';
import { expectAccessible } from '../support/axe';
import { openConsole, screenshot, useBrowser } from '../support/browser';
import { TEST_PASSWORD, useTenant } from '../support/tenant';

/**
 * Issue 25 item 5 in Chromium (docs/decisions/0354–0356), with Chromium's fake microphone (a test tone): the
 * radiologist records a dictation in the report editor (Record, Stop, the recording replays before it is attached),
 * attaches it and sends the report to the transcriptionist; the transcriptionist's editor shows the clip with its
 * player, and the foot pedal's keys (F9 play/pause, F7 back 3 s, F8 on 3 s) drive the player (its position and pause) while the focus
 * is in the report's text. The Dictate button (speech recognition) shows exactly where the browser has the API and
 * is hidden where it has not. Screenshots at 1440×900 and 390×844; axe on both screens.
 */
describe('dictation: record in the editor, play at the typist with the keyboard', () => {
  const tenant = useTenant('dict');
  const browser = useBrowser({ fakeMicrophone: true });
  const events = new TestEvents();
  let theCase: Case;
  const suffix = Math.random().toString(36).slice(2, 8).toUpperCase();
  const patientId = `DIC${suffix}`;

  beforeAll(async () => {
    // the study arrives as imaging publishes it (no images are needed to dictate): a NEW case, then assigned
    await events.start();
    await arriveAt(events, tenant(), 'c1', {
      patientName: 'Dictation^Divya',
      patientId,
      accessionNumber: `ACD${suffix}`,
      modality: 'CT',
      studyDescription: 'CT HEAD PLAIN',
    });
    const admin = await ApiSession.login(tenant().login('admin'), TEST_PASSWORD);
    const [found] = await eventually(
      () => admin.call(CASES_API.findCases, { search: patientId }),
      (list) => list.length === 1 && list[0]!.status === 'NEW',
      { timeoutMs: 60_000, intervalMs: 500, what: 'the case of the study' },
    );
    theCase = found!;
    expect(await assignToRadiologist(admin, tenant(), theCase.centreId!, [theCase])).toEqual(['success']);
  }, 240_000);

  afterAll(async () => {
    await events.stop();
  });

  async function login(page: Page, who: 'radiologist' | 'typist'): Promise<void> {
    await new LoginPage(page).login(tenant().login(who), TEST_PASSWORD);
    await new Shell(page).waitUntilReady();
  }

  it('shows the Dictate button exactly where the browser has speech recognition', async () => {
    for (const withoutApi of [false, true]) {
      const { context, page } = await openConsole(browser());
      try {
        if (withoutApi)
          await context.addInitScript(() => {
            const w = window as unknown as Record<string, unknown>;
            delete w.SpeechRecognition;
            delete w.webkitSpeechRecognition;
          });
        await login(page, 'radiologist');
        const editor = new ReportEditor(page);
        await editor.goto(theCase._id);
        await editor.waitFor({ lock: 'mine', status: 'DRAFT' }, 60_000);
        await editor.root().getByTestId('dictation-recorder').waitFor();
        const has = await page.evaluate(() => {
          const w = window as unknown as Record<string, unknown>;
          return typeof (w.SpeechRecognition ?? w.webkitSpeechRecognition) === 'function';
        });
        if (withoutApi) expect(has).toBe(false);
        expect(await editor.root().getByTestId('speech-dictate').count()).toBe(has ? 1 : 0);
        await editor.button('report-save').waitFor();
      } finally {
        await context.close();
      }
    }
  }, 180_000);

  it('the radiologist records and sends; the typist plays the clip with the foot pedal keys', async () => {
    const radiologist = await openConsole(browser());
    const typist = await openConsole(browser());
    radiologist.page.setDefaultTimeout(30_000);
    typist.page.setDefaultTimeout(30_000);
    try {
      // ---- the radiologist records a clip, replays it, attaches it ----
      const page = radiologist.page;
      await login(page, 'radiologist');
      const editor = new ReportEditor(page);
      await editor.goto(theCase._id);
      await editor.waitFor({ lock: 'mine', status: 'DRAFT' }, 60_000);
      const recorder = editor.root().getByTestId('dictation-recorder');
      await recorder.getByTestId('dictation-record').click();
      await editor.root().locator('[data-testid="dictation-recorder"][data-state="recording"]').waitFor();
      await page.waitForTimeout(1_500);
      expect(await recorder.getByTestId('dictation-elapsed').innerText()).toMatch(/Recording 0:0[1-2]/);
      await screenshot(page, 'dictation-recording-1440', false);
      await recorder.getByTestId('dictation-pause').click();
      const pausedAt = await recorder.getByTestId('dictation-elapsed').innerText();
      await page.waitForTimeout(1_200);
      // the clock does not run while paused
      expect(await recorder.getByTestId('dictation-elapsed').innerText()).toBe(pausedAt);
      await recorder.getByTestId('dictation-resume').click();
      await page.waitForTimeout(3_500);
      await recorder.getByTestId('dictation-stop').click();
      // the recording plays back before it is sent: it decodes as audio of about its recorded length
      const preview = recorder.locator('[data-testid="dictation-preview"][data-ready="true"]');
      await preview.waitFor();
      expect(await preview.getAttribute('data-error')).toBe('false');
      expect(Number(await preview.getAttribute('data-duration'))).toBeGreaterThan(3.5);
      await preview.click();
      await page.waitForTimeout(1_200);
      expect(await recorder.getByTestId('dictation-preview-position').innerText()).toMatch(/^0:0[1-2] \/ 0:0[4-6]$/);
      await preview.click();
      await screenshot(page, 'dictation-recorded-1440', false);
      await recorder.getByTestId('dictation-attach').click();
      await page.getByText(DICTATION_MESSAGES.attached).first().waitFor();
      await editor.root().getByTestId('dictation-clip').waitFor();
      const clips = await editor.dictationClips();
      expect(clips).toHaveLength(1);

      // the clip is the report's, on the version it was recorded on, as the API says
      const radApi = await ApiSession.login(tenant().login('radiologist'), TEST_PASSWORD);
      const listed = await radApi.call(REPORTING_API.findDictations, { caseId: theCase._id });
      expect(listed.clips.map((c) => [c.id, c.reportVersion, c.contentType])).toEqual([
        [clips[0]!.id, 0, 'audio/webm'],
      ]);
      expect(listed.clips[0]!.durationMs).toBeGreaterThan(4_000);
      expect(listed.clips[0]!.durationMs).toBeLessThan(7_000);

      // a second clip through the page object (the walk's way)
      expect(await editor.recordDictation(1)).toHaveLength(2);
      await editor.typeAtEnd('Dictated: please type.');
      await editor.save();
      await editor.waitForVersion(1);
      await expectAccessible(page, 'report editor with the recorder and clips 1440');
      await screenshot(page, 'dictation-editor-1440', false);
      await page.setViewportSize({ width: 390, height: 844 });
      await editor.root().getByTestId('dictation-panel').scrollIntoViewIfNeeded();
      await screenshot(page, 'dictation-editor-390', false);
      await expectAccessible(page, 'report editor with the recorder and clips 390');
      await page.setViewportSize({ width: 1440, height: 900 });
      await editor.sendToTypist(new RegExp(tenant().name));
      await editor.waitFor({ status: 'AT_TYPIST' });

      // ---- the typist: the clips with their player, driven by the keys while typing ----
      const tp = typist.page;
      await login(tp, 'typist');
      const typed = new ReportEditor(tp);
      await typed.goto(theCase._id);
      await typed.waitFor({ lock: 'mine' }, 60_000);
      expect(await typed.root().getByTestId('dictation-recorder').count()).toBe(0);
      const theirs = await typed.dictationClips();
      expect(theirs).toHaveLength(2);
      expect(theirs[0]!.id).toBe(listed.clips[0]!.id);
      expect(theirs[0]!.active).toBe(true);
      const textBefore = await typed.text();
      const keys = await typed.playDictationWithKeyboard(2_500);
      expect(keys.start).toMatchObject({ currentTime: 0, paused: true });
      expect(keys.start.duration).toBeGreaterThan(3.5);
      expect(keys.playing.paused).toBe(false);
      expect(keys.playing.currentTime).toBeGreaterThan(1);
      expect(keys.paused.paused).toBe(true);
      expect(keys.rewound.paused).toBe(true);
      expect(keys.rewound.currentTime).toBeLessThan(keys.paused.currentTime);
      expect(keys.rewound.currentTime).toBeCloseTo(Math.max(0, keys.paused.currentTime - 3), 0);
      expect(keys.forwarded.currentTime).toBeGreaterThan(keys.rewound.currentTime);
      // the keys went to the player, not into the report's text
      expect(await typed.text()).toBe(textBefore);
      // F9 again plays from where it is
      await typed.pressDictationKey('playPause');
      await tp.waitForTimeout(500);
      expect((await typed.dictationAudio()).paused).toBe(false);
      await typed.pressDictationKey('playPause');
      // at 1.5× a second of playing moves the clip on about a second and a half
      await typed.setDictationSpeed('1.5×');
      await typed.body().click();
      await typed.pressDictationKey('rewind');
      await typed.pressDictationKey('rewind');
      const from = await typed.dictationAudio();
      expect(from.currentTime).toBe(0);
      await typed.pressDictationKey('playPause');
      await tp.waitForTimeout(1_000);
      await typed.pressDictationKey('playPause');
      const fast = await typed.dictationAudio();
      expect(fast.currentTime).toBeGreaterThan(1.25);
      expect(fast.currentTime).toBeLessThan(2.6);
      await expectAccessible(tp, 'typist editor with the dictation player 1440');
      await screenshot(tp, 'dictation-typist-player-1440', false);
      await tp.setViewportSize({ width: 390, height: 844 });
      await typed.root().getByTestId('dictation-clips').scrollIntoViewIfNeeded();
      await screenshot(tp, 'dictation-typist-player-390', false);
      await expectAccessible(tp, 'typist editor with the dictation player 390');
      expect(radiologist.pageErrors).toEqual([]);
      expect(typist.pageErrors).toEqual([]);
    } finally {
      await radiologist.context.close();
      await typist.context.close();
    }
  }, 300_000);
});
