import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { fromPromise } from 'xstate';
import { ApiCallError } from '../../../api/client';
import { openViewer, type ViewerOpen } from '../api/viewer-api';
import { studyToken } from '../cornerstone/token';
import { viewerMachine, type ViewerFailure } from '../machines/viewer.machine';

/** Renew the study token this long before it expires. */
const RENEW_BEFORE_MS = 60_000;

const failureOf = (error: unknown): ViewerFailure => {
  if (error instanceof ApiCallError) {
    if (error.status === 404 || error.status === 403) return { kind: 'no-access' };
    if (error.status === 401) return { kind: 'expired' };
    return { kind: 'error', message: error.message || undefined };
  }
  return { kind: 'error' };
};

/**
 * The viewer's session: opens the case (the machine's `loading`), holds the study token for DICOMweb, and renews
 * it by calling open again before `expiresAt`; a renewal refused with 401 (or 404: access withdrawn) → `expired`.
 */
export function useViewerSession(caseId: string | null) {
  const machine = useMemo(
    () =>
      viewerMachine.provide({
        actors: {
          openCase: fromPromise<ViewerOpen, { caseId: string | null }>(async ({ input }) => {
            try {
              const open = await openViewer(input.caseId!);
              studyToken.set(open.dicomweb.token, open.dicomweb.expiresAt);
              performance.mark('viewer:opened');
              return open;
            } catch (error) {
              throw failureOf(error);
            }
          }),
        },
      }),
    [],
  );
  const [snapshot, send] = useMachine(machine, { input: { caseId } });
  const open = snapshot.context.open;
  const ready = snapshot.matches('ready');

  // how a new token is got: open the case again (also asked by a DICOMweb refusal, cornerstone/token.ts)
  useEffect(() => {
    if (!ready || !caseId) return;
    studyToken.setRenewer(async () => {
      try {
        const renewed = await openViewer(caseId, undefined, 'background');
        studyToken.set(renewed.dicomweb.token, renewed.dicomweb.expiresAt);
        send({ type: 'TOKEN_RENEWED', open: renewed });
        return true;
      } catch (error) {
        const failure = failureOf(error);
        if (failure.kind === 'expired' || failure.kind === 'no-access') send({ type: 'EXPIRED' });
        return false;
      }
    });
    return () => studyToken.setRenewer(null);
  }, [ready, caseId, send]);

  useEffect(() => {
    if (!ready || !open || !caseId) return;
    const due = Date.parse(open.dicomweb.expiresAt) - RENEW_BEFORE_MS - Date.now();
    const timer = window.setTimeout(() => void studyToken.renew(), Math.max(1_000, due));
    return () => window.clearTimeout(timer);
  }, [ready, open, caseId]);

  return { state: String(snapshot.value), open, message: snapshot.context.message, send };
}
