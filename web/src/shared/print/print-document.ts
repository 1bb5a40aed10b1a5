/**
 * Printing a document the server prints on the first ask — an invoice or a receipt (docs/decisions/0259, 0286), a
 * lab report (0309): the worker prints the PDF and stores it; until then the route answers 'queued'. The console asks again at an interval until the answer is
 * 'ready' with its short-lived link, which it opens; after a while it stops and says so (the worker may be down).
 */
export const PRINT_POLL = { intervalMs: 1000, attempts: 30 } as const;

export const PRINT_MESSAGES = {
  stillQueued: 'The PDF is still being prepared: try again in a moment',
  popupBlocked: 'The PDF is ready: open it with the link below',
} as const;

export class PrintNotReadyError extends Error {
  override readonly name = 'PrintNotReadyError';
  constructor() {
    super(PRINT_MESSAGES.stillQueued);
  }
}

/** What such a route answers: 'queued', or 'ready' with a short-lived link. */
export interface PrintedDocument {
  state: 'queued' | 'ready';
  url: string | null;
}

export type ReadyDocument<T extends PrintedDocument = PrintedDocument> = T & { state: 'ready'; url: string };

const isReady = <T extends PrintedDocument>(doc: T): doc is ReadyDocument<T> =>
  doc.state === 'ready' && doc.url !== null;

/** Asks for the document until it is ready (at most `attempts` times, `intervalMs` apart); else PrintNotReadyError. */
export async function readyDocument<T extends PrintedDocument>(
  ask: () => Promise<T>,
  poll: { intervalMs: number; attempts: number } = PRINT_POLL,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<ReadyDocument<T>> {
  for (let attempt = 1; attempt <= poll.attempts; attempt += 1) {
    const doc = await ask();
    if (isReady(doc)) return doc;
    if (attempt < poll.attempts) await sleep(poll.intervalMs);
  }
  throw new PrintNotReadyError();
}
