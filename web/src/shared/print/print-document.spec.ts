import { describe, expect, it } from '@jest/globals';
import type { BillingDocument } from '@rayworks/contracts';
import { PRINT_MESSAGES, PrintNotReadyError, readyDocument } from './print-document';

const doc = (state: 'queued' | 'ready'): BillingDocument => ({
  document: 'invoice',
  id: '00000000-0000-4000-8000-000000000001',
  invoiceNumber: 'APX/2026-27/1',
  version: 2,
  state,
  url: state === 'ready' ? 'http://s3.local/invoice.pdf?sig=1' : null,
});

describe('waiting for a printed PDF', () => {
  it('asks again while the worker has it queued, and answers the ready link', async () => {
    const answers = [doc('queued'), doc('queued'), doc('ready')];
    const waits: number[] = [];
    let asked = 0;
    const ready = await readyDocument(
      async () => answers[asked++]!,
      { intervalMs: 250, attempts: 5 },
      async (ms) => void waits.push(ms),
    );
    expect(ready.url).toBe('http://s3.local/invoice.pdf?sig=1');
    expect(asked).toBe(3);
    expect(waits).toEqual([250, 250]);
  });

  it('gives up after its attempts and says the PDF is still being prepared', async () => {
    let asked = 0;
    const waiting = readyDocument(
      async () => {
        asked += 1;
        return doc('queued');
      },
      { intervalMs: 1, attempts: 3 },
      async () => undefined,
    );
    await expect(waiting).rejects.toBeInstanceOf(PrintNotReadyError);
    await expect(waiting).rejects.toThrow(PRINT_MESSAGES.stillQueued);
    expect(asked).toBe(3);
  });
});
