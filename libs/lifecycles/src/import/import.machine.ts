// The import screen's flow (spec §4 "Import flow", §2 import screen, §8 toasts): no folder → validating → zipping →
// ready → uploading → processing → countdown → closed, with cancel from every busy state and retry from every failed
// one. Pure: the work (reading and checking the files, zipping them in Web Workers, the upload, the processing
// trigger, the one-second ticks) is done by actors the console provides with `.provide({ actors })`; the
// placeholders below only say what each one takes and sends back.
import { IMPORT_COUNTDOWN_SECONDS, IMPORT_MESSAGES } from '@rayworks/contracts';
import {
  assertEvent,
  assign,
  fromCallback,
  fromPromise,
  enqueueActions,
  setup,
  stopChild,
  type SnapshotFrom,
} from 'xstate';

/** One file the user picked: its path relative to the picked folder, its size, and the file itself. */
export interface ImportPickedFile {
  path: string;
  size: number;
  file?: Blob;
}

/** The study metadata shown on the screen, read from the first file (spec §3). */
export interface ImportStudyMetadata {
  patientName: string;
  modality: string;
  studyDate: string | null;
  studyId: string | null;
}

/** What the `validate` actor resolves with: the files that passed the rules (libs/dicom planImport). */
export interface ImportValidated {
  /** The accepted files, in the order they go into the zip. */
  files: readonly ImportPickedFile[];
  /** The study folder's name: the `studyId` of the import calls. */
  studyId: string;
  /** How many files were skipped (hidden, not DICOM). */
  skipped: number;
  metadata: ImportStudyMetadata | null;
}

/**
 * The zip while it is being written (docs/decisions/0365): the `zip` actor hands it over as soon as it starts, so an
 * upload started before the zip is done reads it part by part. The console implements it (a spool of zip.js's
 * output); the machine only carries it from one actor to the other.
 */
export interface ImportZipStream {
  /** An upper bound of the zip's size (the files plus the zip's overhead), known before the zip is written. */
  readonly maxSize: number;
  /**
   * The bytes from `start` up to `end` once they are written, fewer when the zip ends first (empty after its end).
   * Rejects when the zip fails or is cancelled.
   */
  read(start: number, end: number): Promise<Blob>;
  /** The zip's size once it is finished; before, an estimate from how much of the files is zipped (progress). */
  estimatedSize(): number;
}

export interface ImportToast {
  kind: 'error' | 'success';
  message: string;
}

/** Which step of a failed import a retry runs again. */
export type ImportFailedStep = 'zipping' | 'uploading' | 'processing';

export interface ImportContext {
  /** The picked files (the last selection). */
  picked: readonly ImportPickedFile[];
  /** The files that passed validation. */
  files: readonly ImportPickedFile[];
  studyId: string | null;
  skipped: number;
  metadata: ImportStudyMetadata | null;
  /** 0..100 while zipping (100 once ready). */
  zipProgress: number;
  zip: Blob | null;
  /** The zip while it is being written (from import.zipStream); null before it starts and after a new pick. */
  zipStream: ImportZipStream | null;
  /** 0..100 while uploading. */
  uploadProgress: number;
  /** The server's import, once the upload has one (see `import.uploadCreated`). */
  importId: string | null;
  /** The toast to show: the spec's words (IMPORT_MESSAGES). */
  toast: ImportToast | null;
  /** Seconds left before the window closes (countdown). */
  secondsLeft: number;
}

/** Why the upload or the trigger failed, as the actors report it (see `importFailureMessage`). */
export type ImportFailure =
  | { kind: 'status'; status: number }
  | { kind: 'network' }
  | { kind: 'message'; message: string }
  | { kind: 'other'; detail?: string };

export type ImportEvent =
  /** The user picked a folder (its files with their relative paths). */
  | { type: 'import.pick'; files: readonly ImportPickedFile[] }
  /** The Import button. */
  | { type: 'import.start' }
  /** The Cancel button: stops the running step. */
  | { type: 'import.cancel' }
  /** The Retry button of a failed step. */
  | { type: 'import.retry' }
  /** Closes the window at once (countdown). */
  | { type: 'import.close' }
  /** One second of the countdown (sent by the `ticker` actor). */
  | { type: 'import.tick' }
  /** Sent back by `zip`. */
  | { type: 'import.zipStream'; stream: ImportZipStream }
  | { type: 'import.zipProgress'; percent: number }
  | { type: 'import.zipped'; zip: Blob }
  | { type: 'import.zipFailed'; failure: ImportFailure }
  /** Sent back by `upload`: the server's import exists (presigned URL answered). */
  | { type: 'import.uploadCreated'; importId: string }
  | { type: 'import.uploadProgress'; percent: number }
  | { type: 'import.uploaded'; importId: string }
  | { type: 'import.uploadFailed'; failure: ImportFailure }
  /** The `zip` child (spawned, so that it outlives the zipping state) threw. */
  | { type: 'xstate.error.actor.zip'; error: unknown };

export interface ImportZipInput {
  files: readonly ImportPickedFile[];
}

export interface ImportUploadInput {
  /** The finished zip, or null when the upload starts while the zip is still being written (then `stream`). */
  zip: Blob | null;
  stream: ImportZipStream | null;
  studyId: string;
}

export interface ImportTriggerInput {
  importId: string;
  studyId: string;
}

/**
 * The toast words of a failure (spec §8): a status of 300 or more from the upload → 'Upload failed', no answer →
 * 'Network error', a failure that already carries one of the spec's messages → that message, anything else →
 * 'Import failed.'.
 */
export function importFailureMessage(failure: ImportFailure, step: ImportFailedStep = 'uploading'): string {
  switch (failure.kind) {
    case 'status':
      return step === 'uploading' && failure.status >= 300
        ? IMPORT_MESSAGES.uploadFailed
        : IMPORT_MESSAGES.importFailed;
    case 'network':
      return IMPORT_MESSAGES.networkError;
    case 'message':
      return (Object.values(IMPORT_MESSAGES) as string[]).includes(failure.message)
        ? failure.message
        : IMPORT_MESSAGES.importFailed;
    default:
      return IMPORT_MESSAGES.importFailed;
  }
}

/**
 * What a thrown error means, for promise actors (validate, trigger) that reject: an error whose message is one of
 * the spec's import messages keeps it; `status` (a number) is an HTTP answer; a fetch TypeError or `network: true`
 * is a network error; anything else is generic.
 */
export function importFailureOf(error: unknown): ImportFailure {
  if (error && typeof error === 'object') {
    const e = error as { failure?: ImportFailure; status?: unknown; network?: unknown; message?: unknown };
    if (e.failure && typeof e.failure === 'object' && 'kind' in e.failure) return e.failure;
    if (typeof e.message === 'string' && (Object.values(IMPORT_MESSAGES) as string[]).includes(e.message)) {
      return { kind: 'message', message: e.message };
    }
    if (typeof e.status === 'number') return { kind: 'status', status: e.status };
    if (e.network === true || error instanceof TypeError) return { kind: 'network' };
    if (typeof e.message === 'string') return { kind: 'other', detail: e.message };
  }
  return { kind: 'other' };
}

const clamp = (percent: number): number => Math.max(0, Math.min(100, Math.round(percent)));
const errorToast = (message: string): ImportToast => ({ kind: 'error', message });

const initialContext: ImportContext = {
  picked: [],
  files: [],
  studyId: null,
  skipped: 0,
  metadata: null,
  zipProgress: 0,
  zip: null,
  zipStream: null,
  uploadProgress: 0,
  importId: null,
  toast: null,
  secondsLeft: IMPORT_COUNTDOWN_SECONDS,
};

const notProvided = (name: string) => `import machine: the console provides the "${name}" actor`;

export const importMachine = setup({
  types: {
    context: {} as ImportContext,
    events: {} as ImportEvent,
  },
  actors: {
    /** Reads and checks the picked files (libs/dicom planImport, DICM marker, metadata of the first file). */
    validate: fromPromise<ImportValidated, { files: readonly ImportPickedFile[] }>(async () => {
      throw new Error(notProvided('validate'));
    }),
    /**
     * Zips the files at level 6 off the main thread; sends import.zipStream (the zip as it is written) at once, then
     * import.zipProgress, then import.zipped or import.zipFailed. Spawned as the child `zip` (not invoked by a
     * state), so that an upload started while it runs can go on reading it.
     */
    zip: fromCallback<ImportEvent, ImportZipInput>(() => {
      throw new Error(notProvided('zip'));
    }),
    /**
     * Uploads the zip (or, started while zipping, the zip stream part by part as it grows); sends
     * import.uploadCreated, import.uploadProgress, then import.uploaded or import.uploadFailed.
     */
    upload: fromCallback<ImportEvent, ImportUploadInput>(() => {
      throw new Error(notProvided('upload'));
    }),
    /** The processing trigger (init-download-zip). */
    trigger: fromPromise<unknown, ImportTriggerInput>(async () => {
      throw new Error(notProvided('trigger'));
    }),
    /** Sends import.tick once a second. */
    ticker: fromCallback<ImportEvent>(({ sendBack }) => {
      const timer = setInterval(() => sendBack({ type: 'import.tick' }), 1000);
      return () => clearInterval(timer);
    }),
  },
  actions: {
    /** A new selection: everything about the previous one is forgotten. */
    pick: assign(({ event }) => {
      assertEvent(event, 'import.pick');
      return { ...initialContext, picked: event.files };
    }),
    /** Starts the zip (a fresh run: progress, zip and stream forgotten). */
    startZip: enqueueActions(({ enqueue, context }) => {
      enqueue.stopChild('zip');
      enqueue.assign({ zipProgress: 0, zip: null, zipStream: null });
      enqueue.spawnChild('zip', { id: 'zip', input: { files: context.files } });
    }),
    stopZip: stopChild('zip'),
    /** Cancelled after the server made an import: the console abandons it (imaging cancelImport). */
    abandonImport: (_, _params: { importId: string | null }) => {},
  },
  guards: {
    hasZipAndStudy: ({ context }) => context.zip !== null && context.studyId !== null,
    hasZipStreamAndStudy: ({ context }) => context.zipStream !== null && context.studyId !== null,
    /** The zip is still being written (an upload started while zipping). */
    zipRunning: ({ context }) => context.zip === null,
    lastSecond: ({ context }) => context.secondsLeft <= 1,
  },
}).createMachine({
  id: 'import',
  context: initialContext,
  initial: 'noFolder',
  states: {
    noFolder: {
      on: {
        'import.pick': { target: 'validating', actions: 'pick' },
        'import.start': { actions: assign({ toast: errorToast(IMPORT_MESSAGES.zipOrStudyMissing) }) },
      },
    },
    validating: {
      invoke: {
        src: 'validate',
        input: ({ context }) => ({ files: context.picked }),
        onDone: {
          target: 'zipping',
          actions: [
            assign(({ event }) => ({
              files: event.output.files,
              studyId: event.output.studyId,
              skipped: event.output.skipped,
              metadata: event.output.metadata,
            })),
            'startZip',
          ],
        },
        onError: {
          target: 'noFolder',
          actions: assign(({ event }) => ({
            ...initialContext,
            toast: errorToast(importFailureMessage(importFailureOf(event.error), 'zipping')),
          })),
        },
      },
      on: {
        'import.cancel': { target: 'noFolder', actions: assign(() => ({ ...initialContext })) },
      },
    },
    zipping: {
      on: {
        'import.zipStream': { actions: assign(({ event }) => ({ zipStream: event.stream })) },
        'import.zipProgress': { actions: assign(({ event }) => ({ zipProgress: clamp(event.percent) })) },
        'import.zipped': {
          target: 'ready',
          actions: [assign(({ event }) => ({ zip: event.zip, zipProgress: 100 })), 'stopZip'],
        },
        'import.zipFailed': {
          target: 'zipFailed',
          actions: [
            assign(({ event }) => ({ toast: errorToast(importFailureMessage(event.failure, 'zipping')) })),
            'stopZip',
          ],
        },
        'xstate.error.actor.zip': {
          target: 'zipFailed',
          actions: assign(({ event }) => ({
            toast: errorToast(importFailureMessage(importFailureOf(event.error), 'zipping')),
          })),
        },
        // Import while the zip is still being written: the upload starts with the zip's first part (decision 0365).
        // Before the zip has begun there is nothing to upload yet: ignored (the button is disabled).
        'import.start': { guard: 'hasZipStreamAndStudy', target: 'uploading', actions: assign({ toast: null }) },
        'import.cancel': { target: 'noFolder', actions: ['stopZip', assign(() => ({ ...initialContext }))] },
      },
    },
    zipFailed: {
      on: {
        'import.retry': { target: 'zipping', actions: [assign({ toast: null }), 'startZip'] },
        'import.pick': { target: 'validating', actions: 'pick' },
        'import.cancel': { target: 'noFolder', actions: assign(() => ({ ...initialContext })) },
        'import.start': { actions: assign({ toast: errorToast(IMPORT_MESSAGES.zipOrStudyMissing) }) },
      },
    },
    ready: {
      on: {
        'import.start': [
          { guard: 'hasZipAndStudy', target: 'uploading', actions: assign({ toast: null }) },
          { actions: assign({ toast: errorToast(IMPORT_MESSAGES.zipOrStudyMissing) }) },
        ],
        'import.pick': { target: 'validating', actions: 'pick' },
        'import.cancel': { target: 'noFolder', actions: assign(() => ({ ...initialContext })) },
      },
    },
    uploading: {
      entry: assign({ uploadProgress: 0, importId: null }),
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context }) => ({ zip: context.zip, stream: context.zipStream, studyId: context.studyId! }),
        onError: {
          target: 'uploadFailed',
          actions: assign(({ event }) => ({
            toast: errorToast(importFailureMessage(importFailureOf(event.error), 'uploading')),
          })),
        },
      },
      on: {
        'import.uploadCreated': { actions: assign(({ event }) => ({ importId: event.importId })) },
        'import.uploadProgress': { actions: assign(({ event }) => ({ uploadProgress: clamp(event.percent) })) },
        'import.uploaded': {
          target: 'processing',
          actions: assign(({ event }) => ({ importId: event.importId, uploadProgress: 100 })),
        },
        'import.uploadFailed': {
          target: 'uploadFailed',
          actions: assign(({ event }) => ({ toast: errorToast(importFailureMessage(event.failure, 'uploading')) })),
        },
        // The zip may still be being written (an upload started while zipping, decision 0365).
        'import.zipProgress': { actions: assign(({ event }) => ({ zipProgress: clamp(event.percent) })) },
        'import.zipped': { actions: [assign(({ event }) => ({ zip: event.zip, zipProgress: 100 })), 'stopZip'] },
        'import.zipFailed': {
          target: 'zipFailed',
          actions: [
            { type: 'abandonImport', params: ({ context }) => ({ importId: context.importId }) },
            assign(({ event }) => ({
              toast: errorToast(importFailureMessage(event.failure, 'zipping')),
              uploadProgress: 0,
              importId: null,
            })),
            'stopZip',
          ],
        },
        'xstate.error.actor.zip': {
          target: 'zipFailed',
          actions: [
            { type: 'abandonImport', params: ({ context }) => ({ importId: context.importId }) },
            assign(({ event }) => ({
              toast: errorToast(importFailureMessage(importFailureOf(event.error), 'zipping')),
              uploadProgress: 0,
              importId: null,
            })),
          ],
        },
        // Cancel stops the upload; a zip still being written goes on (Cancel again stops it).
        'import.cancel': [
          {
            guard: 'zipRunning',
            target: 'zipping',
            actions: [
              { type: 'abandonImport', params: ({ context }) => ({ importId: context.importId }) },
              assign({ uploadProgress: 0, importId: null }),
            ],
          },
          {
            target: 'ready',
            actions: [
              { type: 'abandonImport', params: ({ context }) => ({ importId: context.importId }) },
              assign({ uploadProgress: 0, importId: null }),
            ],
          },
        ],
      },
    },
    uploadFailed: {
      on: {
        'import.retry': { target: 'uploading', actions: assign({ toast: null }) },
        // The zip may still be being written (an upload started while zipping, decision 0365).
        'import.zipProgress': { actions: assign(({ event }) => ({ zipProgress: clamp(event.percent) })) },
        'import.zipped': { actions: [assign(({ event }) => ({ zip: event.zip, zipProgress: 100 })), 'stopZip'] },
        'import.zipFailed': {
          target: 'zipFailed',
          actions: [
            { type: 'abandonImport', params: ({ context }) => ({ importId: context.importId }) },
            assign(({ event }) => ({
              toast: errorToast(importFailureMessage(event.failure, 'zipping')),
              uploadProgress: 0,
              importId: null,
            })),
            'stopZip',
          ],
        },
        'xstate.error.actor.zip': {
          target: 'zipFailed',
          actions: [
            { type: 'abandonImport', params: ({ context }) => ({ importId: context.importId }) },
            assign(({ event }) => ({
              toast: errorToast(importFailureMessage(importFailureOf(event.error), 'zipping')),
              uploadProgress: 0,
              importId: null,
            })),
          ],
        },
        'import.cancel': [
          {
            guard: 'zipRunning',
            target: 'zipping',
            actions: [
              { type: 'abandonImport', params: ({ context }) => ({ importId: context.importId }) },
              assign({ toast: null, uploadProgress: 0, importId: null }),
            ],
          },
          {
            target: 'ready',
            actions: [
              { type: 'abandonImport', params: ({ context }) => ({ importId: context.importId }) },
              assign({ toast: null, uploadProgress: 0, importId: null }),
            ],
          },
        ],
        'import.pick': { target: 'validating', actions: ['stopZip', 'pick'] },
      },
    },
    processing: {
      invoke: {
        src: 'trigger',
        input: ({ context }) => ({ importId: context.importId!, studyId: context.studyId! }),
        onDone: {
          target: 'countdown',
          actions: assign({
            toast: { kind: 'success', message: IMPORT_MESSAGES.success },
            secondsLeft: IMPORT_COUNTDOWN_SECONDS,
          }),
        },
        onError: {
          target: 'processingFailed',
          actions: assign(({ event }) => ({
            toast: errorToast(importFailureMessage(importFailureOf(event.error), 'processing')),
          })),
        },
      },
      on: {
        'import.cancel': {
          target: 'ready',
          actions: [
            { type: 'abandonImport', params: ({ context }) => ({ importId: context.importId }) },
            assign({ uploadProgress: 0, importId: null }),
          ],
        },
      },
    },
    processingFailed: {
      on: {
        'import.retry': { target: 'processing', actions: assign({ toast: null }) },
        'import.cancel': {
          target: 'ready',
          actions: [
            { type: 'abandonImport', params: ({ context }) => ({ importId: context.importId }) },
            assign({ toast: null, uploadProgress: 0, importId: null }),
          ],
        },
        'import.pick': { target: 'validating', actions: 'pick' },
      },
    },
    countdown: {
      invoke: { src: 'ticker' },
      on: {
        'import.tick': [
          { guard: 'lastSecond', target: 'closed', actions: assign({ secondsLeft: 0 }) },
          { actions: assign(({ context }) => ({ secondsLeft: context.secondsLeft - 1 })) },
        ],
        'import.close': { target: 'closed', actions: assign({ secondsLeft: 0 }) },
        // Stops the countdown: the window stays open for another folder (the import itself is done).
        'import.cancel': { target: 'noFolder', actions: assign(() => ({ ...initialContext })) },
      },
    },
    closed: { type: 'final' },
  },
});

export type ImportMachine = typeof importMachine;
export type ImportSnapshot = SnapshotFrom<ImportMachine>;
export type ImportStateName =
  | 'noFolder'
  | 'validating'
  | 'zipping'
  | 'zipFailed'
  | 'ready'
  | 'uploading'
  | 'uploadFailed'
  | 'processing'
  | 'processingFailed'
  | 'countdown'
  | 'closed';

/** The states in which work runs: the upload and import controls are disabled (spec §2). */
export const IMPORT_BUSY_STATES: readonly ImportStateName[] = ['validating', 'zipping', 'uploading', 'processing'];
/** The failed states, each with a Retry. */
export const IMPORT_FAILED_STATES: readonly ImportStateName[] = ['zipFailed', 'uploadFailed', 'processingFailed'];

/** What the import screen shows, from the machine's snapshot. */
export interface ImportView {
  state: ImportStateName;
  /** Work is running: folder picking and the Import button are disabled. */
  busy: boolean;
  /** The folder picker is enabled. */
  canPick: boolean;
  /** The Import button is enabled. */
  canImport: boolean;
  canCancel: boolean;
  canRetry: boolean;
  /** The progress bar: which step and how far (0..100), or null when none runs. */
  progress: { step: 'zipping' | 'uploading'; percent: number } | null;
  /** How far the zip is (0..99) while an upload started before it ended runs; else null (decision 0365). */
  zipStillRunning: number | null;
  toast: ImportToast | null;
  /** Seconds left before the window closes, during the countdown; else null. */
  secondsLeft: number | null;
  /** The window should close now. */
  closed: boolean;
  studyId: string | null;
  fileCount: number;
  skipped: number;
  metadata: ImportStudyMetadata | null;
}

export function selectImportView(snapshot: ImportSnapshot): ImportView {
  const state = snapshot.value as ImportStateName;
  const { context } = snapshot;
  const busy = IMPORT_BUSY_STATES.includes(state);
  const progress =
    state === 'zipping' || state === 'ready' || state === 'zipFailed'
      ? { step: 'zipping' as const, percent: context.zipProgress }
      : state === 'uploading' || state === 'uploadFailed' || state === 'processing' || state === 'processingFailed'
        ? { step: 'uploading' as const, percent: context.uploadProgress }
        : null;
  return {
    state,
    busy,
    canPick: !busy && state !== 'countdown' && state !== 'closed',
    // Import may start while the zip is being written (decision 0365): its parts upload as they are ready.
    canImport: state === 'ready' || (state === 'zipping' && context.zipStream !== null),
    canCancel: busy || IMPORT_FAILED_STATES.includes(state) || state === 'ready' || state === 'countdown',
    canRetry: IMPORT_FAILED_STATES.includes(state),
    progress,
    zipStillRunning:
      (state === 'uploading' || state === 'uploadFailed') && context.zip === null && context.zipStream !== null
        ? Math.min(99, context.zipProgress)
        : null,
    toast: context.toast,
    secondsLeft: state === 'countdown' ? context.secondsLeft : null,
    closed: state === 'closed',
    studyId: context.studyId,
    fileCount: context.files.length,
    skipped: context.skipped,
    metadata: context.metadata,
  };
}
