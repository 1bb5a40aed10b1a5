import { maySendReport, REPORTING_MESSAGES, WORKLIST, type Case, type CaseAction } from '@rayworks/contracts';
import { allowedCaseActions, type CaseActor } from '@rayworks/lifecycles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiCallError, describeError } from '../../../api/client';
import { useSession } from '../../../shared/session/useSession';
import { useCan } from '../../../shared/hooks/useCan';
import { toastSuccess } from '../../../shared/ui/toast';
import { caseKey } from '../../../shared/cases/useCase';
import { factsOf, worklistPrivilegesOf } from '../../../shared/cases/worklist-actions';
import { reportingApi, type Report } from '../api/reporting-api';

export type { EditorPhase };
import {
  autosaveDecision,
  editorPhase,
  type EditorPhase,
  isUnsaved,
  lockRenewalDue,
  lockStateOf,
  reportButtons,
  WRITING_ACTIONS,
  type LockState,
  type ReportButtons,
} from '../editor-rules';

export interface ReportSession {
  report: Report | null;
  phase: EditorPhase;
  lock: LockState;
  buttons: ReportButtons;
  caseActions: CaseAction[];
  /** The message of a refusal to show beside the buttons (e.g. no signature). */
  notice: string | null;
  saving: boolean;
  dirty: boolean;
  lastSavedAt: number | null;
  /** The editor's current HTML changed (typing). */
  edited(html: string): void;
  /**
   * The editor took the server's text: its own serialisation of it is the unchanged text (TipTap writes attributes
   * and entities its way), so "Unsaved changes" means a change the user made, never the editor's re-spelling.
   */
  baseline(html: string): void;
  /** A template was picked: the next save records it (its fields' labels name what finalize refuses: 0340). */
  chooseTemplate(templateId: string): void;
  /** Save now (the Save button: with its toast), or on blur/leave (silently). */
  save(opts?: { announce?: boolean }): Promise<boolean>;
  /** Sets the report after a workflow call (send, submit, finalize, addendum). */
  replace(report: Report): void;
  /** The report went on to someone else (sent, submitted): the lock is released and the editor reads only. */
  handOff(): Promise<void>;
  setNotice(message: string | null): void;
  reload(): Promise<void>;
  userId: string;
  contentKey: number;
}

const TICK_MS = 1000;
const LOCK_RETRY_MS = 4000;

/**
 * One case's report in the editor: reads it, takes the lock when this user writes it (renewed every minute), saves
 * five seconds after typing stops and on blur or leave, releases the lock on leaving (unmount and `pagehide`).
 */
export function useReportSession(caseId: string, theCase: Case | undefined): ReportSession {
  const { profile, config } = useSession();
  const can = useCan();
  const queryClient = useQueryClient();
  const userId = profile?._id ?? '';
  const actor = useMemo<CaseActor>(
    () => ({ userId, roleCodes: profile?.roleCodes ?? [], privileges: worklistPrivilegesOf(config) }),
    [userId, profile?.roleCodes, config],
  );
  // handed on (sent to the typist, submitted): no longer this user's to write while the case has not moved yet
  const [handedOffAt, setHandedOffAt] = useState<string | null>(null);
  const handedOff = handedOffAt !== null && handedOffAt === (theCase?.status ?? null);
  const caseActions = useMemo(() => {
    const all = theCase ? allowedCaseActions(actor, factsOf(theCase)) : [];
    return handedOff ? all.filter((a) => !WRITING_ACTIONS.includes(a)) : all;
  }, [actor, theCase, handedOff]);

  const reportKey = useMemo(() => ['reporting', 'report', caseId] as const, [caseId]);
  const query = useQuery({
    queryKey: reportKey,
    queryFn: ({ signal }) => reportingApi.get(caseId, signal),
    retry: false,
    refetchOnWindowFocus: false,
  });
  const report = query.data ?? null;
  const error = query.error ? describeError(query.error) : null;
  const setReport = useCallback(
    (next: Report | ((old: Report | null) => Report | null)) =>
      queryClient.setQueryData<Report | null>(reportKey, (old) =>
        typeof next === 'function' ? next(old ?? null) : next,
      ),
    [queryClient, reportKey],
  );
  const [conflict, setConflict] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  const [lastSavedAt, setLastSavedAt] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  /** Bumped whenever the editor should take the server's text again (reloaded, someone saved before my lock). */
  const [contentKey, setContentKey] = useState(0);
  const [lockFailed, setLockFailed] = useState<null | 'other' | 'failed'>(null);

  /** The editor's HTML as last typed (null: the server's text, untouched). */
  const html = useRef<string | null>(null);
  const lastEditAt = useRef<number | null>(null);
  const lastRenewAt = useRef(0);
  const reportRef = useRef<Report | null>(null);
  const savingRef = useRef(false);
  /** The HTML last accepted by a save (the server may normalise it; what I typed is compared with what I sent). */
  const savedRef = useRef<string | null>(null);
  /** The editor's own HTML of the server's text, as it took it (null until it did). */
  const baselineRef = useRef<string | null>(null);
  /** A template picked since the last save (sent with the next save). */
  const templateRef = useRef<string | null>(null);
  const unsaved = () =>
    isUnsaved({
      typed: html.current,
      saved: savedRef.current,
      baseline: baselineRef.current,
      server: reportRef.current?.reportHTML ?? null,
      pickedTemplateId: templateRef.current,
      serverTemplateId: reportRef.current?.templateId ?? null,
    });

  const lockNow = report ? lockStateOf(report.lock, userId, now) : 'none';
  // refused with 409 while the report read showed no holder: someone took it meanwhile
  const lock: LockState = lockNow === 'none' && lockFailed === 'other' ? 'other' : lockNow;
  const buttons = reportButtons({
    reportStatus: report?.status ?? 'DRAFT',
    caseActions,
    lock,
    // the centre's privilege, or the radiologist who signed it (decision 0341: the server's rule)
    canSend: maySendReport(
      { userId, holdsSendPrivilege: can('WORKLIST', WORKLIST.SEND_REPORT_TO_PATIENT) },
      { finalizedBy: report?.finalizedBy ?? null },
    ),
    addendumDraft: Boolean(report?.addenda.some((a) => a.status === 'DRAFT')),
    hasVersions: (report?.version ?? 0) > 0,
  });
  const writerRef = useRef(buttons.writer);
  const lockRef = useRef(lock);
  useEffect(() => {
    reportRef.current = report;
    writerRef.current = buttons.writer;
    lockRef.current = lock;
  });

  const replace = useCallback(
    (next: Report) => {
      setReport(next);
      // the case moves on from reporting's events: its record is read again
      void queryClient.invalidateQueries({ queryKey: caseKey(caseId) });
    },
    [caseId, queryClient, setReport],
  );

  // read the report again (after a conflict): the editor takes the server's text
  const { refetch } = query;
  const load = async () => {
    const fresh = await refetch();
    if (fresh.data) {
      html.current = null;
      savedRef.current = null;
      baselineRef.current = null;
      setDirty(false);
      setConflict(false);
      setNotice(null);
      setContentKey((k) => k + 1);
    }
  };

  // take the lock when this user writes the report (once the case's actions say so)
  const lockTried = useRef(false);
  const lastLockTry = useRef(0);
  useEffect(() => {
    if (!report || !buttons.writer || lockTried.current) return;
    lockTried.current = true;
    reportingApi
      .lock(caseId)
      .then((r) => {
        lastRenewAt.current = Date.now();
        setNow(Date.now());
        const before = reportRef.current;
        setReport(r);
        // someone may have saved since the read: their text is the one to continue from
        if (html.current === null && before && before.reportHTML !== r.reportHTML) setContentKey((k) => k + 1);
      })
      .catch((e: unknown) => {
        const held = e instanceof ApiCallError && e.status === 409;
        setLockFailed(held ? 'other' : 'failed');
        if (held) setNotice(e.message);
      });
  }, [report, buttons.writer, caseId, setReport]);

  // the report moved on (sent, submitted, finalized) and is no longer this user's to write: the lock goes at once
  const wasWriter = useRef(false);
  useEffect(() => {
    if (buttons.writer) wasWriter.current = true;
    else if (wasWriter.current && lock === 'mine') {
      wasWriter.current = false;
      void reportingApi.unlock(caseId).then(() => setReport((old) => (old ? { ...old, lock: null } : old)));
    }
  }, [buttons.writer, lock, caseId, setReport]);

  const inflight = useRef<Promise<boolean> | null>(null);
  const save = useCallback(
    async ({ announce = false }: { announce?: boolean } = {}): Promise<boolean> => {
      // a save on its way (the blur of clicking Save starts one): wait for it, it may have saved everything
      if (inflight.current) await inflight.current.catch(() => false);
      const current = reportRef.current;
      if (!current || lockRef.current !== 'mine') return false;
      if (!unsaved()) {
        if (announce && current.version > 0) toastSuccess(REPORTING_MESSAGES.saved);
        return true;
      }
      const sent = html.current ?? savedRef.current ?? baselineRef.current ?? current.reportHTML;
      const templateId = templateRef.current;
      savingRef.current = true;
      setSaving(true);
      const run = (async () => {
        try {
          const answer = await reportingApi.save(
            caseId,
            { reportHTML: sent, baseVersion: current.version, ...(templateId ? { templateId } : {}) },
            !announce,
          );
          savedRef.current = sent;
          if (templateRef.current === templateId) templateRef.current = null;
          reportRef.current = answer.data;
          setReport(answer.data);
          setLastSavedAt(Date.now());
          if ((html.current === null || html.current === sent) && templateRef.current === null) setDirty(false);
          if (announce) toastSuccess(answer.message || REPORTING_MESSAGES.saved);
          return true;
        } catch (e) {
          if (e instanceof ApiCallError && e.status === 409) {
            setConflict(true);
            setNotice(e.message);
          }
          return false;
        } finally {
          savingRef.current = false;
          inflight.current = null;
          setSaving(false);
        }
      })();
      inflight.current = run;
      return run;
    },
    [caseId, setReport],
  );

  const edited = useCallback((next: string) => {
    if (next === html.current) return;
    // the editor's own spelling of the text it holds is no edit (e.g. an update emitted without a change)
    if (html.current === null && next === (savedRef.current ?? baselineRef.current)) return;
    html.current = next;
    lastEditAt.current = Date.now();
    setDirty(unsaved());
  }, []);
  const baseline = useCallback((taken: string) => {
    baselineRef.current = taken;
    savedRef.current = null;
    if (html.current === null) setDirty(unsaved());
  }, []);
  const chooseTemplate = useCallback((templateId: string) => {
    templateRef.current = templateId;
    lastEditAt.current = Date.now();
    setDirty(unsaved());
  }, []);

  // the clock: renew the lock every minute, save five seconds after typing stops
  useEffect(() => {
    const timer = window.setInterval(() => {
      const t = Date.now();
      setNow(t);
      const r = reportRef.current;
      if (!r || !writerRef.current) return;
      if (lockRef.current !== 'mine') {
        // someone else held it (or it lapsed): ask again every few seconds, quietly, until it is free
        if (lockTried.current && t - lastLockTry.current >= LOCK_RETRY_MS) {
          lastLockTry.current = t;
          reportingApi.lock(caseId, true).then(
            (fresh) => {
              lastRenewAt.current = Date.now();
              setLockFailed(null);
              setNotice(null);
              setReport(fresh);
              if (html.current === null && fresh.reportHTML !== r.reportHTML) setContentKey((k) => k + 1);
            },
            () => undefined,
          );
        }
        return;
      }
      if (lockRenewalDue(r.lock, lastRenewAt.current, t)) {
        lastRenewAt.current = t;
        reportingApi.lock(caseId, true).then(
          (fresh) => setReport((old) => (old ? { ...old, lock: fresh.lock } : fresh)),
          () => undefined,
        );
      }
      const decision = autosaveDecision({
        dirty: unsaved(),
        lastEditAt: lastEditAt.current,
        saving: savingRef.current,
        lock: lockRef.current,
        now: t,
      });
      if (decision.type === 'save') void save();
    }, TICK_MS);
    return () => window.clearInterval(timer);
  }, [caseId, save, setReport]);

  // leaving: save what is unsaved, then release the lock (unmount, and the tab closing)
  useEffect(() => {
    const leave = () => {
      const r = reportRef.current;
      if (!r || lockRef.current !== 'mine') return;
      const templateId = templateRef.current;
      const pending = unsaved()
        ? reportingApi
            .save(
              caseId,
              {
                reportHTML: html.current ?? savedRef.current ?? baselineRef.current ?? r.reportHTML,
                baseVersion: r.version,
                ...(templateId ? { templateId } : {}),
              },
              true,
            )
            .catch(() => null)
        : Promise.resolve(null);
      void pending.then(() => reportingApi.unlock(caseId)).catch(() => undefined);
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [caseId]);

  const phase = editorPhase({
    report,
    error,
    conflict,
    lock,
    writer: buttons.writer && !(lockFailed === 'failed' && lock === 'none'),
  });
  return {
    report,
    phase,
    lock,
    buttons,
    caseActions,
    notice,
    saving,
    dirty,
    lastSavedAt,
    edited,
    baseline,
    chooseTemplate,
    save,
    replace,
    handOff: async () => {
      setHandedOffAt(theCase?.status ?? '');
      setReport((old) => (old ? { ...old, lock: null } : old));
      await reportingApi.unlock(caseId).catch(() => undefined);
    },
    setNotice,
    reload: load,
    userId,
    contentKey,
  };
}
