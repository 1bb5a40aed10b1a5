import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { IMPORT_MESSAGES } from '@rayworks/contracts';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import {
  importFailureMessage,
  importFailureOf,
  importMachine,
  selectImportView,
  type ImportEvent,
  type ImportFailure,
  type ImportPickedFile,
  type ImportStateName,
  type ImportTriggerInput,
  type ImportUploadInput,
  type ImportZipInput,
  type ImportZipStream,
  type ImportValidated,
} from './import.machine.js';

interface Deferred<T> {
  promise: Promise<T>;
  resolve: (value: T) => void;
  reject: (error: unknown) => void;
  signal?: AbortSignal;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const PICKED: ImportPickedFile[] = [
  { path: 'Top/1.2/3.4/5.dcm', size: 1000 },
  { path: 'Top/.DS_Store', size: 10 },
];
const VALIDATED: ImportValidated = {
  files: [PICKED[0]!],
  studyId: '1.2',
  skipped: 1,
  metadata: { patientName: 'Doe^Jane', modality: 'CT', studyDate: '20240101', studyId: '7' },
};
const ZIP = new Blob(['zip']);

/** The machine with stub actors the test drives: promises it settles, callbacks whose start and stop it counts. */
function harness(options: { zipThrows?: unknown; uploadThrows?: unknown } = {}) {
  const calls = {
    validate: [] as Deferred<ImportValidated>[],
    trigger: [] as (Deferred<unknown> & { input: ImportTriggerInput })[],
    zipStarted: 0,
    zipStopped: 0,
    uploads: [] as ImportUploadInput[],
    uploadStopped: 0,
    abandoned: [] as (string | null)[],
  };
  const machine = importMachine.provide({
    actors: {
      validate: fromPromise<ImportValidated, { files: readonly ImportPickedFile[] }>(({ signal }) => {
        const d = deferred<ImportValidated>();
        d.signal = signal;
        calls.validate.push(d);
        return d.promise;
      }),
      zip: fromCallback(() => {
        calls.zipStarted++;
        if (options.zipThrows) throw options.zipThrows;
        return () => {
          calls.zipStopped++;
        };
      }),
      upload: fromCallback<ImportEvent, ImportUploadInput>(({ input }) => {
        calls.uploads.push(input);
        if (options.uploadThrows) throw options.uploadThrows;
        return () => {
          calls.uploadStopped++;
        };
      }),
      trigger: fromPromise<unknown, ImportTriggerInput>(({ input, signal }) => {
        const d = deferred<unknown>();
        calls.trigger.push({ ...d, input, signal });
        return d.promise;
      }),
      ticker: fromCallback(() => () => {}),
    },
    actions: {
      abandonImport: (_, params: { importId: string | null }) => {
        calls.abandoned.push(params.importId);
      },
    },
  });
  const actor = createActor(machine).start();
  const state = () => actor.getSnapshot().value as ImportStateName;
  const context = () => actor.getSnapshot().context;
  const settle = (target: ImportStateName) => waitFor(actor, (s) => s.value === target, { timeout: 1000 });

  async function reach(target: ImportStateName): Promise<void> {
    const steps: Record<ImportStateName, () => Promise<void>> = {
      noFolder: async () => {},
      validating: async () => {
        actor.send({ type: 'import.pick', files: PICKED });
      },
      zipping: async () => {
        await reach('validating');
        calls.validate.at(-1)!.resolve(VALIDATED);
        await settle('zipping');
      },
      zipFailed: async () => {
        await reach('zipping');
        actor.send({ type: 'import.zipFailed', failure: { kind: 'other' } });
      },
      ready: async () => {
        await reach('zipping');
        actor.send({ type: 'import.zipped', zip: ZIP });
      },
      uploading: async () => {
        await reach('ready');
        actor.send({ type: 'import.start' });
      },
      uploadFailed: async () => {
        await reach('uploading');
        actor.send({ type: 'import.uploadCreated', importId: 'imp-1' });
        actor.send({ type: 'import.uploadFailed', failure: { kind: 'status', status: 500 } });
      },
      processing: async () => {
        await reach('uploading');
        actor.send({ type: 'import.uploadCreated', importId: 'imp-1' });
        actor.send({ type: 'import.uploaded', importId: 'imp-1' });
      },
      processingFailed: async () => {
        await reach('processing');
        calls.trigger.at(-1)!.reject({ status: 500 });
        await settle('processingFailed');
      },
      countdown: async () => {
        await reach('processing');
        calls.trigger.at(-1)!.resolve({});
        await settle('countdown');
      },
      closed: async () => {
        await reach('countdown');
        actor.send({ type: 'import.close' });
      },
    };
    await steps[target]();
    expect(state()).toBe(target);
  }

  return { actor, calls, state, context, settle, reach };
}

type Harness = ReturnType<typeof harness>;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('import machine: every transition', () => {
  type Row = [
    from: ImportStateName,
    what: string,
    act: (h: Harness) => unknown,
    to: ImportStateName,
    check?: (h: Harness) => void,
  ];
  const rows: Row[] = [
    // noFolder
    [
      'noFolder',
      'import.pick',
      (h) => h.actor.send({ type: 'import.pick', files: PICKED }),
      'validating',
      (h) => {
        expect(h.context().picked).toEqual(PICKED);
        expect(h.calls.validate).toHaveLength(1);
      },
    ],
    [
      'noFolder',
      'import.start',
      (h) => h.actor.send({ type: 'import.start' }),
      'noFolder',
      (h) => expect(h.context().toast).toEqual({ kind: 'error', message: IMPORT_MESSAGES.zipOrStudyMissing }),
    ],
    ['noFolder', 'import.cancel (nothing to cancel)', (h) => h.actor.send({ type: 'import.cancel' }), 'noFolder'],
    ['noFolder', 'import.retry (nothing to retry)', (h) => h.actor.send({ type: 'import.retry' }), 'noFolder'],
    // validating
    [
      'validating',
      'validate resolves',
      (h) => h.calls.validate[0]!.resolve(VALIDATED),
      'zipping',
      (h) => {
        expect(h.context()).toMatchObject({
          files: VALIDATED.files,
          studyId: '1.2',
          skipped: 1,
          metadata: VALIDATED.metadata,
        });
        expect(h.calls.zipStarted).toBe(1);
      },
    ],
    ...(
      [
        [IMPORT_MESSAGES.noFiles, IMPORT_MESSAGES.noFiles],
        [IMPORT_MESSAGES.invalidPath, IMPORT_MESSAGES.invalidPath],
        [IMPORT_MESSAGES.noValidFiles, IMPORT_MESSAGES.noValidFiles],
        [IMPORT_MESSAGES.parseError, IMPORT_MESSAGES.parseError],
        ['disk read failed', IMPORT_MESSAGES.importFailed],
      ] as const
    ).map(([thrown, toast]): Row => [
      'validating',
      `validate rejects "${thrown}"`,
      (h: Harness) => h.calls.validate[0]!.reject(new Error(thrown)),
      'noFolder',
      (h: Harness) => {
        expect(h.context().toast).toEqual({ kind: 'error', message: toast });
        expect(h.context().picked).toEqual([]);
      },
    ]),
    [
      'validating',
      'import.cancel',
      (h) => h.actor.send({ type: 'import.cancel' }),
      'noFolder',
      (h) => {
        expect(h.calls.validate[0]!.signal!.aborted).toBe(true);
        expect(h.context().toast).toBeNull();
      },
    ],
    [
      'validating',
      'import.pick (busy: ignored)',
      (h) => h.actor.send({ type: 'import.pick', files: [] }),
      'validating',
      (h) => expect(h.calls.validate).toHaveLength(1),
    ],
    ['validating', 'import.start (busy: ignored)', (h) => h.actor.send({ type: 'import.start' }), 'validating'],
    // zipping
    [
      'zipping',
      'import.zipProgress 42.4',
      (h) => h.actor.send({ type: 'import.zipProgress', percent: 42.4 }),
      'zipping',
      (h) => expect(h.context().zipProgress).toBe(42),
    ],
    [
      'zipping',
      'import.zipProgress past 100',
      (h) => h.actor.send({ type: 'import.zipProgress', percent: 130 }),
      'zipping',
      (h) => expect(h.context().zipProgress).toBe(100),
    ],
    [
      'zipping',
      'import.zipProgress below 0',
      (h) => h.actor.send({ type: 'import.zipProgress', percent: -3 }),
      'zipping',
      (h) => expect(h.context().zipProgress).toBe(0),
    ],
    [
      'zipping',
      'import.zipped',
      (h) => h.actor.send({ type: 'import.zipped', zip: ZIP }),
      'ready',
      (h) => expect(h.context()).toMatchObject({ zip: ZIP, zipProgress: 100 }),
    ],
    [
      'zipping',
      'import.zipFailed',
      (h) => h.actor.send({ type: 'import.zipFailed', failure: { kind: 'other' } }),
      'zipFailed',
      (h) => expect(h.context().toast).toEqual({ kind: 'error', message: IMPORT_MESSAGES.importFailed }),
    ],
    [
      'zipping',
      'import.cancel',
      (h) => h.actor.send({ type: 'import.cancel' }),
      'noFolder',
      (h) => {
        expect(h.calls.zipStopped).toBe(1);
        expect(h.context()).toMatchObject({ files: [], studyId: null, zip: null });
      },
    ],
    [
      'zipping',
      'import.start before the zip has begun (ignored)',
      (h) => h.actor.send({ type: 'import.start' }),
      'zipping',
      (h) => {
        expect(h.calls.uploads).toEqual([]);
        expect(h.context().toast).toBeNull();
      },
    ],
    // zipFailed
    [
      'zipFailed',
      'import.retry',
      (h) => h.actor.send({ type: 'import.retry' }),
      'zipping',
      (h) => {
        expect(h.calls.zipStarted).toBe(2);
        expect(h.context()).toMatchObject({ toast: null, zipProgress: 0, files: VALIDATED.files });
      },
    ],
    ['zipFailed', 'import.pick', (h) => h.actor.send({ type: 'import.pick', files: PICKED }), 'validating'],
    ['zipFailed', 'import.cancel', (h) => h.actor.send({ type: 'import.cancel' }), 'noFolder'],
    [
      'zipFailed',
      'import.start',
      (h) => h.actor.send({ type: 'import.start' }),
      'zipFailed',
      (h) => expect(h.context().toast).toEqual({ kind: 'error', message: IMPORT_MESSAGES.zipOrStudyMissing }),
    ],
    // ready
    [
      'ready',
      'import.start',
      (h) => h.actor.send({ type: 'import.start' }),
      'uploading',
      (h) => expect(h.calls.uploads).toEqual([{ zip: ZIP, stream: null, studyId: '1.2' }]),
    ],
    [
      'ready',
      'import.pick',
      (h) => h.actor.send({ type: 'import.pick', files: PICKED }),
      'validating',
      (h) => expect(h.context().zip).toBeNull(),
    ],
    [
      'ready',
      'import.cancel',
      (h) => h.actor.send({ type: 'import.cancel' }),
      'noFolder',
      (h) => expect(h.context()).toMatchObject({ zip: null, studyId: null }),
    ],
    // uploading
    [
      'uploading',
      'import.uploadCreated',
      (h) => h.actor.send({ type: 'import.uploadCreated', importId: 'imp-9' }),
      'uploading',
      (h) => expect(h.context().importId).toBe('imp-9'),
    ],
    [
      'uploading',
      'import.uploadProgress',
      (h) => h.actor.send({ type: 'import.uploadProgress', percent: 55 }),
      'uploading',
      (h) => expect(h.context().uploadProgress).toBe(55),
    ],
    [
      'uploading',
      'import.uploaded',
      (h) => h.actor.send({ type: 'import.uploaded', importId: 'imp-9' }),
      'processing',
      (h) => {
        expect(h.context()).toMatchObject({ importId: 'imp-9', uploadProgress: 100 });
        expect(h.calls.trigger[0]!.input).toEqual({ importId: 'imp-9', studyId: '1.2' });
      },
    ],
    ...(
      [
        [{ kind: 'status', status: 500 }, IMPORT_MESSAGES.uploadFailed],
        [{ kind: 'status', status: 300 }, IMPORT_MESSAGES.uploadFailed],
        [{ kind: 'status', status: 403 }, IMPORT_MESSAGES.uploadFailed],
        [{ kind: 'network' }, IMPORT_MESSAGES.networkError],
        [{ kind: 'other' }, IMPORT_MESSAGES.importFailed],
      ] as const
    ).map(([failure, toast]): Row => [
      'uploading',
      `import.uploadFailed ${JSON.stringify(failure)}`,
      (h: Harness) => h.actor.send({ type: 'import.uploadFailed', failure }),
      'uploadFailed',
      (h: Harness) => expect(h.context().toast).toEqual({ kind: 'error', message: toast }),
    ]),
    [
      'uploading',
      'import.cancel',
      (h) => {
        h.actor.send({ type: 'import.uploadCreated', importId: 'imp-3' });
        h.actor.send({ type: 'import.cancel' });
      },
      'ready',
      (h) => {
        expect(h.calls.uploadStopped).toBe(1);
        expect(h.calls.abandoned).toEqual(['imp-3']);
        expect(h.context()).toMatchObject({ zip: ZIP, studyId: '1.2', uploadProgress: 0, importId: null });
      },
    ],
    [
      'uploading',
      'import.pick (busy: ignored)',
      (h) => h.actor.send({ type: 'import.pick', files: PICKED }),
      'uploading',
    ],
    // uploadFailed
    [
      'uploadFailed',
      'import.retry',
      (h) => h.actor.send({ type: 'import.retry' }),
      'uploading',
      (h) => {
        expect(h.calls.uploads).toHaveLength(2);
        expect(h.context()).toMatchObject({ toast: null, uploadProgress: 0 });
      },
    ],
    [
      'uploadFailed',
      'import.cancel',
      (h) => h.actor.send({ type: 'import.cancel' }),
      'ready',
      (h) => {
        expect(h.calls.abandoned).toEqual(['imp-1']);
        expect(h.context().toast).toBeNull();
      },
    ],
    ['uploadFailed', 'import.pick', (h) => h.actor.send({ type: 'import.pick', files: PICKED }), 'validating'],
    // processing
    [
      'processing',
      'trigger resolves',
      (h) => h.calls.trigger[0]!.resolve({}),
      'countdown',
      (h) =>
        expect(h.context()).toMatchObject({
          toast: { kind: 'success', message: IMPORT_MESSAGES.success },
          secondsLeft: 5,
        }),
    ],
    [
      'processing',
      'trigger rejects with a status',
      (h) => h.calls.trigger[0]!.reject({ status: 500 }),
      'processingFailed',
      (h) => expect(h.context().toast).toEqual({ kind: 'error', message: IMPORT_MESSAGES.importFailed }),
    ],
    [
      'processing',
      'trigger rejects: no network',
      (h) => h.calls.trigger[0]!.reject(new TypeError('Failed to fetch')),
      'processingFailed',
      (h) => expect(h.context().toast).toEqual({ kind: 'error', message: IMPORT_MESSAGES.networkError }),
    ],
    [
      'processing',
      'import.cancel',
      (h) => h.actor.send({ type: 'import.cancel' }),
      'ready',
      (h) => {
        expect(h.calls.trigger[0]!.signal!.aborted).toBe(true);
        expect(h.calls.abandoned).toEqual(['imp-1']);
      },
    ],
    // processingFailed
    [
      'processingFailed',
      'import.retry',
      (h) => h.actor.send({ type: 'import.retry' }),
      'processing',
      (h) => {
        expect(h.calls.trigger).toHaveLength(2);
        expect(h.calls.trigger[1]!.input).toEqual({ importId: 'imp-1', studyId: '1.2' });
      },
    ],
    [
      'processingFailed',
      'import.cancel',
      (h) => h.actor.send({ type: 'import.cancel' }),
      'ready',
      (h) => expect(h.calls.abandoned).toEqual(['imp-1']),
    ],
    ['processingFailed', 'import.pick', (h) => h.actor.send({ type: 'import.pick', files: PICKED }), 'validating'],
    // countdown
    [
      'countdown',
      'import.tick',
      (h) => h.actor.send({ type: 'import.tick' }),
      'countdown',
      (h) => expect(h.context().secondsLeft).toBe(4),
    ],
    [
      'countdown',
      'five import.tick',
      (h) => {
        for (let i = 0; i < 5; i++) h.actor.send({ type: 'import.tick' });
      },
      'closed',
      (h) => expect(h.actor.getSnapshot().status).toBe('done'),
    ],
    ['countdown', 'import.close', (h) => h.actor.send({ type: 'import.close' }), 'closed'],
    [
      'countdown',
      'import.cancel (stay open)',
      (h) => h.actor.send({ type: 'import.cancel' }),
      'noFolder',
      (h) => expect(h.context().toast).toBeNull(),
    ],
    ['countdown', 'import.pick (ignored)', (h) => h.actor.send({ type: 'import.pick', files: PICKED }), 'countdown'],
  ];

  const cases = rows.map(([from, what, act, to, check]) => ({ from, what, act, to, check }));
  it.each(cases)('$from + $what → $to', async ({ from, act, to, check }) => {
    const h = harness();
    await h.reach(from);
    await act(h);
    await flush();
    expect(h.state()).toBe(to);
    check?.(h);
  });

  it.each([
    [
      'zipping',
      'the zip actor throws',
      { zipThrows: new Error('worker crashed') },
      'zipFailed',
      IMPORT_MESSAGES.importFailed,
    ],
    [
      'uploading',
      'the upload actor throws a network error',
      { uploadThrows: new TypeError('Failed to fetch') },
      'uploadFailed',
      IMPORT_MESSAGES.networkError,
    ],
  ] as const)('%s: %s → %s', async (from, _what, options, to, toast) => {
    const h = harness(options);
    const before = from === 'zipping' ? 'validating' : 'zipping';
    await h.reach(before);
    if (from === 'zipping') h.calls.validate[0]!.resolve(VALIDATED);
    else h.actor.send({ type: 'import.zipped', zip: ZIP });
    if (from === 'uploading') h.actor.send({ type: 'import.start' });
    await h.settle(to);
    expect(h.context().toast).toEqual({ kind: 'error', message: toast });
  });

  it('refuses to upload without a zip and a study ID: "Zipped data or Study ID not found."', () => {
    const snapshot = importMachine.resolveState({
      value: 'ready',
      context: { ...createActor(importMachine).getSnapshot().context, zip: null, studyId: '1.2' },
    });
    const actor = createActor(importMachine, { snapshot }).start();
    actor.send({ type: 'import.start' });
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context.toast).toEqual({ kind: 'error', message: IMPORT_MESSAGES.zipOrStudyMissing });
  });

  it('without provided actors, fails with a toast instead of hanging', async () => {
    const actor = createActor(importMachine).start();
    actor.send({ type: 'import.pick', files: PICKED });
    await waitFor(actor, (s) => s.value === 'noFolder', { timeout: 1000 });
    expect(actor.getSnapshot().context.toast).toEqual({ kind: 'error', message: IMPORT_MESSAGES.importFailed });
  });
});

describe('import machine: Import while the zip is still being written (decision 0365)', () => {
  const STREAM: ImportZipStream = { maxSize: 5000, read: async () => new Blob([]), estimatedSize: () => 3000 };

  /** Zipping, the zip stream handed over, Import pressed: the upload runs while the zip goes on. */
  async function streaming() {
    const h = harness();
    await h.reach('zipping');
    expect(selectImportView(h.actor.getSnapshot()).canImport).toBe(false);
    h.actor.send({ type: 'import.zipStream', stream: STREAM });
    h.actor.send({ type: 'import.zipProgress', percent: 30 });
    expect(selectImportView(h.actor.getSnapshot()).canImport).toBe(true);
    h.actor.send({ type: 'import.start' });
    expect(h.state()).toBe('uploading');
    h.actor.send({ type: 'import.uploadCreated', importId: 'imp-1' });
    return h;
  }

  it('starts the upload with the zip stream (no zip yet) and keeps the zip running', async () => {
    const h = await streaming();
    expect(h.calls.uploads).toEqual([{ zip: null, stream: STREAM, studyId: '1.2' }]);
    expect(h.calls.zipStarted).toBe(1);
    expect(h.calls.zipStopped).toBe(0);
    const view = selectImportView(h.actor.getSnapshot());
    expect(view.progress).toEqual({ step: 'uploading', percent: 0 });
    expect(view.zipStillRunning).toBe(30);
  });

  it('the zip ends during the upload: the zip is kept, the same upload goes on to processing', async () => {
    const h = await streaming();
    h.actor.send({ type: 'import.uploadProgress', percent: 40 });
    h.actor.send({ type: 'import.zipped', zip: ZIP });
    expect(h.state()).toBe('uploading');
    expect(h.context()).toMatchObject({ zip: ZIP, zipProgress: 100, uploadProgress: 40 });
    expect(h.calls.uploads).toHaveLength(1);
    expect(h.calls.uploadStopped).toBe(0);
    expect(selectImportView(h.actor.getSnapshot()).zipStillRunning).toBeNull();
    h.actor.send({ type: 'import.uploaded', importId: 'imp-1' });
    expect(h.state()).toBe('processing');
    expect(h.calls.trigger.at(-1)!.input).toEqual({ importId: 'imp-1', studyId: '1.2' });
  });

  it('the zip fails during the upload: the upload stops, the import is abandoned, Retry zips again', async () => {
    const h = await streaming();
    h.actor.send({ type: 'import.zipFailed', failure: { kind: 'other' } });
    expect(h.state()).toBe('zipFailed');
    expect(h.calls.uploadStopped).toBe(1);
    expect(h.calls.abandoned).toEqual(['imp-1']);
    expect(h.context()).toMatchObject({
      importId: null,
      toast: { kind: 'error', message: IMPORT_MESSAGES.importFailed },
    });
    h.actor.send({ type: 'import.retry' });
    expect(h.state()).toBe('zipping');
    expect(h.calls.zipStarted).toBe(2);
  });

  it('Cancel stops the upload only: back to zipping, the zip not restarted; Cancel again stops the zip', async () => {
    const h = await streaming();
    h.actor.send({ type: 'import.cancel' });
    expect(h.state()).toBe('zipping');
    expect(h.calls.abandoned).toEqual(['imp-1']);
    expect(h.calls.uploadStopped).toBe(1);
    expect(h.calls.zipStarted).toBe(1);
    expect(h.calls.zipStopped).toBe(0);
    expect(h.context().zipStream).toBe(STREAM);
    h.actor.send({ type: 'import.cancel' });
    expect(h.state()).toBe('noFolder');
    expect(h.calls.zipStopped).toBe(1);
  });

  it('a failed part ends in uploadFailed while the zip goes on; Retry uploads again from the same stream', async () => {
    const h = await streaming();
    h.actor.send({ type: 'import.uploadFailed', failure: { kind: 'network' } });
    expect(h.state()).toBe('uploadFailed');
    expect(h.calls.zipStopped).toBe(0);
    h.actor.send({ type: 'import.zipProgress', percent: 80 });
    expect(selectImportView(h.actor.getSnapshot()).zipStillRunning).toBe(80);
    h.actor.send({ type: 'import.retry' });
    expect(h.state()).toBe('uploading');
    expect(h.calls.uploads.at(-1)).toEqual({ zip: null, stream: STREAM, studyId: '1.2' });
  });
});

describe('import machine: the default ticker counts the seconds down', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('closes after five one-second ticks', async () => {
    jest.useFakeTimers();
    const trigger = deferred<unknown>();
    const machine = importMachine.provide({
      actors: {
        validate: fromPromise<ImportValidated, { files: readonly ImportPickedFile[] }>(async () => VALIDATED),
        zip: fromCallback<ImportEvent, ImportZipInput>(({ sendBack }) => sendBack({ type: 'import.zipped', zip: ZIP })),
        upload: fromCallback<ImportEvent, ImportUploadInput>(({ sendBack }) =>
          sendBack({ type: 'import.uploaded', importId: 'imp-1' }),
        ),
        trigger: fromPromise<unknown, ImportTriggerInput>(() => trigger.promise),
      },
    });
    const actor = createActor(machine).start();
    actor.send({ type: 'import.pick', files: PICKED });
    await jest.advanceTimersByTimeAsync(0);
    actor.send({ type: 'import.start' });
    trigger.resolve({});
    await jest.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('countdown');
    await jest.advanceTimersByTimeAsync(4000);
    expect(actor.getSnapshot().context.secondsLeft).toBe(1);
    await jest.advanceTimersByTimeAsync(1000);
    expect(actor.getSnapshot().value).toBe('closed');
  });
});

describe('selectImportView', () => {
  it.each([
    // state, busy, canPick, canImport, canCancel, canRetry, progress step
    ['noFolder', false, true, false, false, false, null],
    ['validating', true, false, false, true, false, null],
    ['zipping', true, false, false, true, false, 'zipping'],
    ['zipFailed', false, true, false, true, true, 'zipping'],
    ['ready', false, true, true, true, false, 'zipping'],
    ['uploading', true, false, false, true, false, 'uploading'],
    ['uploadFailed', false, true, false, true, true, 'uploading'],
    ['processing', true, false, false, true, false, 'uploading'],
    ['processingFailed', false, true, false, true, true, 'uploading'],
    ['countdown', false, false, false, true, false, null],
    ['closed', false, false, false, false, false, null],
  ] as const)(
    '%s: busy %s, pick %s, import %s, cancel %s, retry %s, progress %s',
    async (state, busy, canPick, canImport, canCancel, canRetry, step) => {
      const h = harness();
      await h.reach(state);
      const view = selectImportView(h.actor.getSnapshot());
      expect(view).toMatchObject({ state, busy, canPick, canImport, canCancel, canRetry, closed: state === 'closed' });
      expect(view.progress?.step ?? null).toBe(step);
    },
  );

  it('shows the countdown seconds, the study and the file counts', async () => {
    const h = harness();
    await h.reach('countdown');
    h.actor.send({ type: 'import.tick' });
    expect(selectImportView(h.actor.getSnapshot())).toMatchObject({
      secondsLeft: 4,
      studyId: '1.2',
      fileCount: 1,
      skipped: 1,
      toast: { kind: 'success', message: 'File Uploaded Successfully. Case is Processing' },
      metadata: VALIDATED.metadata,
    });
  });
});

describe('import failure words (spec §8)', () => {
  it.each([
    [{ kind: 'status', status: 300 }, 'uploading', 'Upload failed'],
    [{ kind: 'status', status: 502 }, 'uploading', 'Upload failed'],
    [{ kind: 'status', status: 200 }, 'uploading', 'Import failed.'],
    [{ kind: 'status', status: 500 }, 'processing', 'Import failed.'],
    [{ kind: 'network' }, 'uploading', 'Network error'],
    [{ kind: 'network' }, 'processing', 'Network error'],
    [{ kind: 'message', message: 'No files found.' }, 'zipping', 'No files found.'],
    [{ kind: 'message', message: 'something else' }, 'zipping', 'Import failed.'],
    [{ kind: 'other' }, 'zipping', 'Import failed.'],
  ] as const)('%j during %s → %j', (failure, step, words) => {
    expect(importFailureMessage(failure as ImportFailure, step)).toBe(words);
  });

  it.each([
    [new Error('Error parsing DICOM file.'), { kind: 'message', message: 'Error parsing DICOM file.' }],
    [{ status: 503 }, { kind: 'status', status: 503 }],
    [new TypeError('Failed to fetch'), { kind: 'network' }],
    [{ network: true }, { kind: 'network' }],
    [{ failure: { kind: 'status', status: 413 } }, { kind: 'status', status: 413 }],
    [new Error('boom'), { kind: 'other', detail: 'boom' }],
    ['a string', { kind: 'other' }],
    [undefined, { kind: 'other' }],
  ])('importFailureOf(%p) → %j', (error, failure) => {
    expect(importFailureOf(error)).toEqual(failure);
  });
});
