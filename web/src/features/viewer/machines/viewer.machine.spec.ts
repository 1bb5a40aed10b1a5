import { describe, expect, it } from '@jest/globals';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { ViewerOpen } from '../api/viewer-api';
import { viewerMachine, type ViewerFailure } from './viewer.machine';

const open = (over: Partial<ViewerOpen> = {}): ViewerOpen => ({
  caseId: 'c1',
  patient: { name: 'DOE^JANE', id: 'P1', sex: 'F', birthDate: null },
  studyInstanceUid: '1.2.3',
  seriesInstanceUids: null,
  modalities: ['CT'],
  studyDate: '20260101',
  studyDescription: 'CT HEAD',
  cloudUploading: false,
  priors: [],
  dicomweb: { url: '/api/imaging/dicomweb', token: 't', expiresAt: '2026-01-01T00:10:00Z' },
  weasisUrl: 'weasis://?x',
  ...over,
});

const run = async (result: () => Promise<ViewerOpen>, caseId: string | null = 'c1') => {
  const actor = createActor(viewerMachine.provide({ actors: { openCase: fromPromise(result) } }), {
    input: { caseId },
  });
  actor.start();
  await waitFor(actor, (s) => s.value !== 'loading');
  return actor;
};

describe('viewerMachine', () => {
  it('opens to ready, and to expired when a renewal is refused', async () => {
    const actor = await run(async () => open());
    expect(actor.getSnapshot().value).toBe('ready');
    actor.send({ type: 'EXPIRED' });
    expect(actor.getSnapshot().value).toBe('expired');
  });

  it('stops at cloud-upload-pending while the study uploads', async () => {
    expect((await run(async () => open({ cloudUploading: true }))).getSnapshot().value).toBe('cloud-upload-pending');
  });

  it('says no-access for 404 and error otherwise, or without a case', async () => {
    const fail = (f: ViewerFailure) => async (): Promise<ViewerOpen> => Promise.reject(f);
    expect((await run(fail({ kind: 'no-access' }))).getSnapshot().value).toBe('no-access');
    expect((await run(fail({ kind: 'expired' }))).getSnapshot().value).toBe('expired');
    const failed = await run(fail({ kind: 'error', message: 'boom' }));
    expect(failed.getSnapshot().value).toBe('error');
    expect(failed.getSnapshot().context.message).toBe('boom');
    expect((await run(async () => open(), null)).getSnapshot().value).toBe('error');
  });
});
