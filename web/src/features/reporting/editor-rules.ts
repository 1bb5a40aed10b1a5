import type { CaseAction, ReportStatus } from '@rayworks/contracts';
import { diffWords } from 'diff';

/**
 * The report editor's pure decisions (docs/decisions/0191-report-editor.md): whose lock it is, when to save and renew,
 * which buttons show, and the difference between two versions. The components only carry these out.
 */

/** Save this long after the last keystroke (and at once on blur or leaving). */
export const AUTOSAVE_IDLE_MS = 5_000;
/** The lock lasts two minutes on the server; it is renewed every minute while the editor is open. */
export const LOCK_RENEW_MS = 60_000;

export type LockState = 'mine' | 'other' | 'none';

export interface LockLike {
  userId: string;
  userName: string | null;
  expiresAt: string;
}

/** Whose the lock is now: an expired lock is nobody's. */
export function lockStateOf(lock: LockLike | null, userId: string, now: number = Date.now()): LockState {
  if (!lock || Date.parse(lock.expiresAt) <= now) return 'none';
  return lock.userId === userId ? 'mine' : 'other';
}

export interface AutosaveInput {
  /** The text differs from the last saved version. */
  dirty: boolean;
  /** When the user last typed (ms), null when never. */
  lastEditAt: number | null;
  /** A save is on its way. */
  saving: boolean;
  lock: LockState;
  now: number;
  /** The editor lost focus, or the page is being left: save now, without waiting. */
  flush?: boolean;
}

export type AutosaveDecision = { type: 'save' } | { type: 'wait'; ms: number } | { type: 'idle' };

/**
 * Whether to save now: only changes, only under my lock, one save at a time; five seconds after typing stops, or at
 * once when the editor is blurred or left.
 */
export function autosaveDecision(input: AutosaveInput): AutosaveDecision {
  if (!input.dirty || input.lock !== 'mine') return { type: 'idle' };
  if (input.saving) return { type: 'wait', ms: 250 };
  if (input.flush) return { type: 'save' };
  const since = input.lastEditAt === null ? Infinity : input.now - input.lastEditAt;
  return since >= AUTOSAVE_IDLE_MS ? { type: 'save' } : { type: 'wait', ms: AUTOSAVE_IDLE_MS - since };
}

export interface UnsavedFacts {
  /** The editor's HTML as last typed; null: the user typed nothing since the text was taken. */
  typed: string | null;
  /** The HTML the last save sent (null: none since the text was taken). */
  saved: string | null;
  /** The editor's own serialisation of the server's text when it took it (TipTap spells attributes its way). */
  baseline: string | null;
  /** The server's HTML. */
  server: string | null;
  /** A template picked since the last save, and the report's recorded one. */
  pickedTemplateId: string | null;
  serverTemplateId: string | null;
}

/**
 * Whether the editor holds something the server does not (issue 25: "Unsaved changes" showed before the
 * transcriptionist typed a key): what was typed against what was last sent, else against the editor's own spelling
 * of the server's text — never the server's raw HTML, which the editor re-spells without a change — and a template
 * picked but not yet recorded.
 */
export function isUnsaved(f: UnsavedFacts): boolean {
  const typedChange = f.typed !== null && f.typed !== (f.saved ?? f.baseline ?? f.server);
  const templateChange = f.pickedTemplateId !== null && f.pickedTemplateId !== f.serverTemplateId;
  return typedChange || templateChange;
}

/** Whether the lock is due for renewal (every minute; at once when less than a minute is left). */
export function lockRenewalDue(lock: LockLike | null, lastRenewAt: number, now: number): boolean {
  if (!lock) return false;
  return now - lastRenewAt >= LOCK_RENEW_MS || Date.parse(lock.expiresAt) - now < LOCK_RENEW_MS;
}

/** The case actions that write the report (the lifecycle's, from allowedCaseActions). */
export const WRITING_ACTIONS: readonly CaseAction[] = ['SEND_TO_TYPIST', 'SUBMIT_FOR_REVIEW', 'COMPLETE', 'TRANSCRIBE'];

export interface ButtonFacts {
  reportStatus: ReportStatus;
  /** allowedCaseActions for this user on the case's facts: the same answer the server authorizes with. */
  caseActions: readonly CaseAction[];
  lock: LockState;
  /** May mail or text it (maySendReport: WORKLIST SEND_REPORT_TO_PATIENT, or the radiologist who signed it). */
  canSend: boolean;
  /** An addendum draft is open. */
  addendumDraft: boolean;
  /** Saved at least once (a version exists). */
  hasVersions: boolean;
}

export interface ReportButtons {
  /** The user writes this report now (takes the lock on open). */
  writer: boolean;
  /** The text can be edited (writer and the lock is mine). */
  editable: boolean;
  save: boolean;
  sendToTypist: boolean;
  submitForReview: boolean;
  finalize: boolean;
  addendum: boolean;
  versions: boolean;
  print: boolean;
  pdf: boolean;
  mail: boolean;
  sms: boolean;
  insertMeasurement: boolean;
  /** Flag a critical finding: the reading radiologist (who sends, finalizes or adds an addendum). */
  critical: boolean;
}

/**
 * Which buttons show. The case's actions say what the user may do in the case's status; the report's own status
 * says where the report is now (the case follows reporting's events a moment later, so a report already sent to the
 * typist hides Send even while the case still reads IN PROGRESS).
 */
export function reportButtons(f: ButtonFacts): ReportButtons {
  const has = (a: CaseAction) => f.caseActions.includes(a);
  const final = f.reportStatus === 'FINAL';
  const writer = !final && WRITING_ACTIONS.some(has);
  const editable = writer && f.lock === 'mine';
  const addendum = final && has('ADDENDUM');
  return {
    writer,
    editable,
    save: editable,
    sendToTypist: editable && has('SEND_TO_TYPIST') && f.reportStatus === 'DRAFT',
    submitForReview:
      editable && has('SUBMIT_FOR_REVIEW') && (f.reportStatus === 'DRAFT' || f.reportStatus === 'AT_TYPIST'),
    finalize: editable && has('COMPLETE'),
    addendum,
    versions: f.hasVersions,
    print: f.hasVersions || final,
    pdf: final,
    mail: final && f.canSend,
    sms: final && f.canSend,
    insertMeasurement: editable || (addendum && f.addendumDraft),
    critical: has('COMPLETE') || has('SEND_TO_TYPIST') || has('ADDENDUM'),
  };
}

/** The text of report HTML as a reader sees it: blocks on their own lines, entities decoded, tags gone. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|tr|blockquote|pre|table|ul|ol)>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** The difference between two versions' HTML, word by word on their text (the `diff` package). */
export function versionDiff(olderHtml: string, newerHtml: string): DiffPart[] {
  return diffWords(htmlToText(olderHtml), htmlToText(newerHtml)).map((c) => ({
    kind: c.added ? 'added' : c.removed ? 'removed' : 'same',
    text: c.value,
  }));
}

/** How much changed: words added and removed. */
export function diffSummary(parts: readonly DiffPart[]): { added: number; removed: number } {
  const words = (t: string) => t.split(/\s+/).filter(Boolean).length;
  return parts.reduce(
    (sum, p) => ({
      added: sum.added + (p.kind === 'added' ? words(p.text) : 0),
      removed: sum.removed + (p.kind === 'removed' ? words(p.text) : 0),
    }),
    { added: 0, removed: 0 },
  );
}

/** A measurement or key image of the viewer as a line of the report. */
export function annotationLine(a: { kind: string; label: string; value: string }): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return a.kind === 'keyImage' ? `<p>Key image: ${esc(a.value)}</p>` : `<p>${esc(a.label)}: ${esc(a.value)}</p>`;
}

/**
 * The editor's phase (docs/decisions/0191-report-editor.md): loading, the report read by someone who does not write
 * it, another user holding the lock, mine to edit, a conflicting save, the report final.
 */
export type EditorPhase = 'loading' | 'error' | 'read-only' | 'locked-by-other' | 'editing' | 'conflict' | 'finalized';

export function editorPhase(s: {
  report: { status: ReportStatus } | null;
  error: string | null;
  conflict: boolean;
  lock: LockState;
  writer: boolean;
}): EditorPhase {
  if (s.error && !s.report) return 'error';
  if (!s.report) return 'loading';
  if (s.report.status === 'FINAL') return 'finalized';
  if (s.conflict) return 'conflict';
  if (!s.writer) return 'read-only';
  if (s.lock === 'other') return 'locked-by-other';
  return s.lock === 'mine' ? 'editing' : 'loading';
}
