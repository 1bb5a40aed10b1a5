import { VIEWER_MESSAGES } from '@rayworks/contracts';
import { assign, fromPromise, setup } from 'xstate';
import type { ViewerOpen } from '../api/viewer-api';

/**
 * The viewer page's states (issue 11, design card): `loading` opens the case (/cases/viewer/open) → `ready` with the
 * study, or `cloud-upload-pending` (the study is still uploading: the spec's message and the Exe viewer button), or
 * `no-access` (404: no such case, or not the caller's to see), or `error`. From `ready`, a failed token renewal with
 * 401 → `expired` (the link has expired). The state's name is the root's data-state.
 */
export const VIEWER_TEXT = {
  noAccess: 'This case cannot be opened: it does not exist or you do not have access to it.',
  expired: VIEWER_MESSAGES.linkExpired,
  error: 'The viewer could not open this case. Try again later.',
  noCase: 'No case was given to open.',
} as const;

export type ViewerFailure = { kind: 'no-access' | 'expired' | 'error'; message?: string };

export interface ViewerContext {
  caseId: string | null;
  open: ViewerOpen | null;
  message: string | null;
}

export type ViewerEvent =
  | { type: 'TOKEN_RENEWED'; open: ViewerOpen }
  | { type: 'EXPIRED' }
  | { type: 'FAILED'; message?: string }
  | { type: 'RETRY' };

export const viewerMachine = setup({
  types: {
    context: {} as ViewerContext,
    events: {} as ViewerEvent,
    input: {} as { caseId: string | null },
  },
  actors: {
    openCase: fromPromise<ViewerOpen, { caseId: string | null }>(async () => {
      throw new Error('openCase is provided by the page');
    }),
  },
  guards: {
    hasCase: ({ context }) => Boolean(context.caseId),
  },
}).createMachine({
  id: 'viewer',
  context: ({ input }) => ({ caseId: input.caseId, open: null, message: null }),
  initial: 'loading',
  states: {
    loading: {
      always: {
        guard: ({ context }) => !context.caseId,
        target: 'error',
        actions: assign({ message: VIEWER_TEXT.noCase }),
      },
      invoke: {
        src: 'openCase',
        input: ({ context }) => ({ caseId: context.caseId }),
        onDone: [
          {
            guard: ({ event }) => event.output.cloudUploading,
            target: 'cloud-upload-pending',
            actions: assign({ open: ({ event }) => event.output }),
          },
          { target: 'ready', actions: assign({ open: ({ event }) => event.output }) },
        ],
        onError: [
          {
            guard: ({ event }) => (event.error as ViewerFailure | undefined)?.kind === 'no-access',
            target: 'no-access',
          },
          {
            guard: ({ event }) => (event.error as ViewerFailure | undefined)?.kind === 'expired',
            target: 'expired',
          },
          {
            target: 'error',
            actions: assign({ message: ({ event }) => (event.error as ViewerFailure | undefined)?.message ?? null }),
          },
        ],
      },
    },
    ready: {
      on: {
        TOKEN_RENEWED: { actions: assign({ open: ({ event }) => event.open }) },
        EXPIRED: 'expired',
        FAILED: { target: 'error', actions: assign({ message: ({ event }) => event.message ?? null }) },
      },
    },
    'cloud-upload-pending': { on: { RETRY: 'loading' } },
    'no-access': { type: 'final' },
    expired: { type: 'final' },
    error: { on: { RETRY: 'loading' } },
  },
});
