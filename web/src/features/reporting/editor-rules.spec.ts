import { describe, expect, it } from '@jest/globals';
import {
  AUTOSAVE_IDLE_MS,
  annotationLine,
  autosaveDecision,
  diffSummary,
  editorPhase,
  htmlToText,
  lockRenewalDue,
  lockStateOf,
  reportButtons,
  versionDiff,
  type ButtonFacts,
  isUnsaved,
} from './editor-rules';

const NOW = Date.parse('2026-11-27T10:00:00Z');
const lock = (userId: string, secondsLeft: number) => ({
  userId,
  userName: 'Dr A',
  expiresAt: new Date(NOW + secondsLeft * 1000).toISOString(),
});

describe('lockStateOf', () => {
  it('mine, other, or none when absent or expired', () => {
    expect(lockStateOf(lock('me', 60), 'me', NOW)).toBe('mine');
    expect(lockStateOf(lock('you', 60), 'me', NOW)).toBe('other');
    expect(lockStateOf(lock('you', 0), 'me', NOW)).toBe('none');
    expect(lockStateOf(null, 'me', NOW)).toBe('none');
  });
});

describe('autosaveDecision', () => {
  const base = { dirty: true, lastEditAt: NOW - 1000, saving: false, lock: 'mine' as const, now: NOW };
  it('waits until typing has stopped for five seconds', () => {
    expect(autosaveDecision(base)).toEqual({ type: 'wait', ms: AUTOSAVE_IDLE_MS - 1000 });
    expect(autosaveDecision({ ...base, lastEditAt: NOW - AUTOSAVE_IDLE_MS })).toEqual({ type: 'save' });
  });
  it('saves at once on blur or leave', () => {
    expect(autosaveDecision({ ...base, flush: true })).toEqual({ type: 'save' });
  });
  it('never saves without changes or without my lock', () => {
    expect(autosaveDecision({ ...base, dirty: false, flush: true })).toEqual({ type: 'idle' });
    expect(autosaveDecision({ ...base, lock: 'other', flush: true })).toEqual({ type: 'idle' });
    expect(autosaveDecision({ ...base, lock: 'none', lastEditAt: NOW - 10_000 })).toEqual({ type: 'idle' });
  });
  it('one save at a time', () => {
    expect(autosaveDecision({ ...base, saving: true, flush: true }).type).toBe('wait');
  });
});

describe('lockRenewalDue', () => {
  it('every minute, or when less than a minute is left', () => {
    expect(lockRenewalDue(lock('me', 110), NOW - 10_000, NOW)).toBe(false);
    expect(lockRenewalDue(lock('me', 110), NOW - 60_000, NOW)).toBe(true);
    expect(lockRenewalDue(lock('me', 30), NOW - 10_000, NOW)).toBe(true);
    expect(lockRenewalDue(null, 0, NOW)).toBe(false);
  });
});

describe('reportButtons', () => {
  const facts = (over: Partial<ButtonFacts>): ButtonFacts => ({
    reportStatus: 'DRAFT',
    caseActions: [],
    lock: 'mine',
    canSend: false,
    addendumDraft: false,
    hasVersions: false,
    ...over,
  });
  it('the reading radiologist in progress: save, send to typist, finalize', () => {
    const b = reportButtons(facts({ caseActions: ['SEND_TO_TYPIST', 'COMPLETE', 'GO_TO_CASE'] }));
    expect(b).toMatchObject({ writer: true, editable: true, save: true, sendToTypist: true, finalize: true });
    expect(b.submitForReview).toBe(false);
    expect(b.pdf).toBe(false);
  });
  it('a junior submits for review instead of finalizing', () => {
    const b = reportButtons(facts({ caseActions: ['SEND_TO_TYPIST', 'SUBMIT_FOR_REVIEW'] }));
    expect(b.finalize).toBe(false);
    expect(b.submitForReview).toBe(true);
  });
  it('nothing to write while another user holds the lock', () => {
    const b = reportButtons(facts({ caseActions: ['SEND_TO_TYPIST', 'COMPLETE'], lock: 'other' }));
    expect(b).toMatchObject({ writer: true, editable: false, save: false, sendToTypist: false, finalize: false });
  });
  it('a report already at the typist hides Send even while the case still reads IN PROGRESS', () => {
    const b = reportButtons(facts({ reportStatus: 'AT_TYPIST', caseActions: ['SEND_TO_TYPIST', 'COMPLETE'] }));
    expect(b.sendToTypist).toBe(false);
    expect(b.finalize).toBe(true);
  });
  it('the typist edits and submits back for review', () => {
    const b = reportButtons(facts({ reportStatus: 'AT_TYPIST', caseActions: ['TRANSCRIBE', 'SUBMIT_FOR_REVIEW'] }));
    expect(b).toMatchObject({ editable: true, submitForReview: true, finalize: false, sendToTypist: false });
  });
  it('a final report: read only, addendum for the radiologist, PDF, mail and SMS for whoever may send', () => {
    const b = reportButtons(
      facts({ reportStatus: 'FINAL', caseActions: ['ADDENDUM', 'COMPLETE'], canSend: true, hasVersions: true }),
    );
    expect(b).toMatchObject({ writer: false, editable: false, save: false, finalize: false, addendum: true });
    expect(b).toMatchObject({ pdf: true, mail: true, sms: true, print: true, versions: true });
    expect(reportButtons(facts({ reportStatus: 'FINAL', caseActions: [] })).mail).toBe(false);
  });
  it('the reading radiologist may flag a critical finding, the typist and a reader may not', () => {
    expect(reportButtons(facts({ caseActions: ['SEND_TO_TYPIST', 'COMPLETE'] })).critical).toBe(true);
    expect(reportButtons(facts({ reportStatus: 'FINAL', caseActions: ['ADDENDUM'] })).critical).toBe(true);
    expect(
      reportButtons(facts({ reportStatus: 'AT_TYPIST', caseActions: ['TRANSCRIBE', 'SUBMIT_FOR_REVIEW'] })).critical,
    ).toBe(false);
    expect(reportButtons(facts({ caseActions: ['GO_TO_CASE'] })).critical).toBe(false);
  });
  it('a viewer without writing actions reads only', () => {
    const b = reportButtons(facts({ caseActions: ['GO_TO_CASE'], lock: 'none' }));
    expect(b.writer).toBe(false);
    expect(b.insertMeasurement).toBe(false);
  });
});

describe('versionDiff', () => {
  it('the words added and removed between two versions, on their text', () => {
    const parts = versionDiff('<p>No acute <b>fracture</b>.</p>', '<p>Acute fracture of the radius.</p>');
    expect(parts.filter((p) => p.kind === 'removed').map((p) => p.text.trim())).toContain('No acute');
    expect(parts.some((p) => p.kind === 'added' && p.text.includes('radius'))).toBe(true);
    expect(
      parts
        .filter((p) => p.kind !== 'removed')
        .map((p) => p.text)
        .join(''),
    ).toBe('Acute fracture of the radius.');
    expect(diffSummary(parts).added).toBeGreaterThanOrEqual(3);
  });
  it('no change: one unchanged part', () => {
    expect(versionDiff('<p>Same</p>', '<p>Same</p>')).toEqual([{ kind: 'same', text: 'Same' }]);
  });
  it('htmlToText keeps blocks apart, decodes entities and drops scripts', () => {
    expect(htmlToText('<p>A &amp; B</p><p>C&nbsp;D</p><script>x()</script><ul><li>one</li></ul>')).toBe(
      'A & B\nC D\n• one',
    );
  });
});

describe('annotationLine', () => {
  it('measurements and key images as escaped lines', () => {
    expect(annotationLine({ kind: 'measurement', label: 'Length', value: '12.3 mm' })).toBe('<p>Length: 12.3 mm</p>');
    expect(annotationLine({ kind: 'keyImage', label: 'Key image', value: 'image 3/40' })).toBe(
      '<p>Key image: image 3/40</p>',
    );
    expect(annotationLine({ kind: 'measurement', label: '<b>', value: 'x' })).toBe('<p>&lt;b&gt;: x</p>');
  });
});

describe('editorPhase', () => {
  const base = {
    report: { status: 'DRAFT' as const },
    error: null,
    conflict: false,
    lock: 'mine' as const,
    writer: true,
  };
  it('follows the report, the lock and the last answers', () => {
    expect(editorPhase({ ...base, report: null })).toBe('loading');
    expect(editorPhase({ ...base, report: null, error: 'Not found' })).toBe('error');
    expect(editorPhase(base)).toBe('editing');
    expect(editorPhase({ ...base, lock: 'other' })).toBe('locked-by-other');
    expect(editorPhase({ ...base, lock: 'none' })).toBe('loading');
    expect(editorPhase({ ...base, writer: false, lock: 'none' })).toBe('read-only');
    expect(editorPhase({ ...base, conflict: true })).toBe('conflict');
    expect(editorPhase({ ...base, report: { status: 'FINAL' }, conflict: true })).toBe('finalized');
  });
});

describe('isUnsaved (issue 25: no "Unsaved changes" before a key is typed)', () => {
  const server = '<h3 style="text-align:center">CT</h3><p><span data-field="v">[v]</span></p>';
  // TipTap's spelling of the same text: its own style attribute, nothing changed
  const respelled = '<h3 style="text-align: center;">CT</h3><p><span data-field="v">[v]</span></p>';
  const base = { saved: null, server, pickedTemplateId: null, serverTemplateId: null };

  it("the editor's own spelling of the server's text is no change (the transcriptionist opens the report)", () => {
    expect(isUnsaved({ ...base, typed: null, baseline: respelled })).toBe(false);
    expect(isUnsaved({ ...base, typed: respelled, baseline: respelled })).toBe(false);
    // before the baseline existed the raw comparison would have said yes: that was the bug
    expect(isUnsaved({ ...base, typed: respelled, baseline: null })).toBe(true);
  });

  it('a typed change is one until it is sent; a picked template until it is recorded', () => {
    const typed = respelled.replace('[v]', 'Normal.');
    expect(isUnsaved({ ...base, typed, baseline: respelled })).toBe(true);
    expect(isUnsaved({ ...base, typed, saved: typed, baseline: respelled })).toBe(false);
    expect(isUnsaved({ ...base, typed: null, baseline: respelled, pickedTemplateId: 't1' })).toBe(true);
    expect(
      isUnsaved({ ...base, typed: null, baseline: respelled, pickedTemplateId: 't1', serverTemplateId: 't1' }),
    ).toBe(false);
  });
});
