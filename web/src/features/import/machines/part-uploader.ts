import { UploadError } from '../../../shared/upload/upload-error';

/** The part plan of a multipart upload (IMAGING_API.presignedUrl's `parts`). */
export interface PartPlan {
  partSize: number;
  urls: ReadonlyArray<{ partNumber: number; url: string }>;
}

export interface CompletedPart {
  partNumber: number;
  etag: string;
}

/** What the part uploader needs from the outside world (XHR and the imaging API in the console; fakes in tests). */
export interface PartTransport {
  /** PUTs one part; resolves with its ETag. Rejects with UploadError. */
  put(url: string, body: Blob, onProgress: (loaded: number) => void, signal?: AbortSignal): Promise<string>;
  /** The parts the store already holds (IMAGING_API.uploadedParts). */
  listUploaded(): Promise<ReadonlyArray<{ partNumber: number; etag: string; size: number }>>;
  /** Waits before the next attempt. */
  wait(ms: number): Promise<void>;
}

export interface PartUploadOptions {
  /** Reports bytes sent so far (parts done plus the parts in flight). */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
  /** Attempts after a dropped connection before giving up (each one resumes, never restarts). */
  maxResumes?: number;
  /** Parts in flight at once. */
  concurrency?: number;
  /** Delay before resume n (1-based). */
  backoffMs?: (resume: number) => number;
  /** Ask the store first (a retry of an upload that was interrupted earlier): send only what it lacks. */
  resumeFirst?: boolean;
}

/** The byte range of part n (1-based) of a blob cut in parts of partSize. */
export function partRange(partNumber: number, partSize: number, total: number): { start: number; end: number } {
  const start = (partNumber - 1) * partSize;
  return { start, end: Math.min(total, start + partSize) };
}

/**
 * Uploads a blob in parts and resumes after a dropped connection: after a retryable failure it waits, asks the
 * store which parts it already has (a part counts only when its size is the one planned) and sends only the
 * missing ones, up to `maxResumes` times. A refusal (an answer of 300 or more that is not a server hiccup) or a
 * cancel ends it at once. Resolves with every part's ETag in part order, ready for completeUpload.
 */
export async function uploadParts(
  blob: Blob,
  plan: PartPlan,
  transport: PartTransport,
  options: PartUploadOptions = {},
): Promise<CompletedPart[]> {
  const {
    onProgress,
    signal,
    maxResumes = 5,
    concurrency = 2,
    backoffMs = (n) => Math.min(30_000, 1000 * 2 ** (n - 1)),
    resumeFirst = false,
  } = options;
  const total = blob.size;
  const sizeOf = (partNumber: number) => {
    const { start, end } = partRange(partNumber, plan.partSize, total);
    return end - start;
  };
  const done = new Map<number, string>();
  const inFlight = new Map<number, number>();
  const report = () => {
    let sent = 0;
    for (const n of done.keys()) sent += sizeOf(n);
    for (const loaded of inFlight.values()) sent += loaded;
    onProgress?.(Math.min(sent, total), total);
  };

  /** Takes the parts the store already holds (of the planned size) as done. */
  const askStore = async () => {
    const listed = await transport.listUploaded().catch(() => []);
    for (const part of listed) {
      if (plan.urls.some((p) => p.partNumber === part.partNumber) && part.size === sizeOf(part.partNumber))
        done.set(part.partNumber, part.etag);
    }
    report();
  };

  if (resumeFirst) await askStore();
  let resumes = 0;
  for (;;) {
    if (signal?.aborted) throw new UploadError('aborted');
    const pending = plan.urls.filter((p) => !done.has(p.partNumber));
    if (pending.length === 0) break;
    let failure: unknown = null;
    let next = 0;
    const lane = async () => {
      while (failure === null && next < pending.length) {
        const part = pending[next++]!;
        const { start, end } = partRange(part.partNumber, plan.partSize, total);
        inFlight.set(part.partNumber, 0);
        try {
          const etag = await transport.put(
            part.url,
            blob.slice(start, end),
            (loaded) => {
              inFlight.set(part.partNumber, loaded);
              report();
            },
            signal,
          );
          done.set(part.partNumber, etag);
        } catch (error) {
          failure ??= error;
        } finally {
          inFlight.delete(part.partNumber);
          report();
        }
      }
    };
    await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, pending.length)) }, lane));
    if (failure === null) continue;
    const retryable = failure instanceof UploadError && failure.retryable;
    if (!retryable || resumes >= maxResumes || signal?.aborted) throw failure;
    resumes += 1;
    await transport.wait(backoffMs(resumes));
    // Ask the store what arrived: a part whose answer was lost on the way back may be there already.
    await askStore();
  }
  return [...done.entries()].sort(([a], [b]) => a - b).map(([partNumber, etag]) => ({ partNumber, etag }));
}

/** What the streamed upload needs besides a part uploader's: a URL signed for each part as its bytes are ready. */
export interface StreamPartTransport extends PartTransport {
  /** The URL of part n, signed for `size` bytes (IMAGING_API.uploadPartUrl). */
  partUrl(partNumber: number, size: number): Promise<string>;
}

/** The zip as it is written (ImportZipStream): bytes by range once written, its size estimate. */
export interface GrowingBlob {
  read(start: number, end: number): Promise<Blob>;
  estimatedSize(): number;
}

export interface StreamedUploadOptions {
  /** Bytes sent so far against the zip's (estimated, then final) size. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
  /** Parts in flight at once. */
  concurrency?: number;
  /** Attempts of one part after a dropped connection or a server hiccup before the upload fails. */
  maxRetries?: number;
  backoffMs?: (attempt: number) => number;
  /** Parts already in the store (a Retry of this upload): kept, not sent again. */
  done?: Map<number, string>;
  /** Ask the store first which parts it holds (a Retry after a failure: an answer may have been lost). */
  resumeFirst?: boolean;
}

/**
 * Uploads a zip while it is still being written (docs/decisions/0365): part n is bytes (n-1)·partSize up to
 * n·partSize; it is read as soon as those bytes exist, its URL signed for its length, and PUT, `concurrency` parts at
 * once. A part that fails on a dropped connection or a server hiccup is sent again (after a pause, up to
 * `maxRetries` times, asking the store first whether it arrived) — the parts already sent stay; a refusal or a
 * cancel ends it. The zip's end is the first part shorter than partSize (or an empty read). Resolves with every
 * part's ETag in part order and the zip's size, ready for completeUpload. `done` is filled as parts arrive, so a
 * Retry after a failure passes it back and sends only the rest.
 */
export async function uploadStreamedParts(
  zip: GrowingBlob,
  partSize: number,
  transport: StreamPartTransport,
  options: StreamedUploadOptions = {},
): Promise<{ parts: CompletedPart[]; size: number }> {
  const {
    onProgress,
    signal,
    concurrency = 2,
    maxRetries = 5,
    backoffMs = (n) => Math.min(30_000, 1000 * 2 ** (n - 1)),
    done = new Map<number, string>(),
    resumeFirst = false,
  } = options;
  const sizes = new Map<number, number>();
  const inFlight = new Map<number, number>();
  let end: number | null = null; // the zip's size once its last part is read
  let sentDone = 0;
  const report = () => {
    let sent = sentDone;
    for (const loaded of inFlight.values()) sent += loaded;
    const total = end ?? Math.max(zip.estimatedSize(), sent);
    onProgress?.(Math.min(sent, total), total);
  };
  const markDone = (partNumber: number, etag: string, size: number) => {
    if (!done.has(partNumber) || !sizes.has(partNumber)) sentDone += size;
    done.set(partNumber, etag);
    sizes.set(partNumber, size);
  };
  const stored = async (partNumber: number, size: number) => {
    const listed = await transport.listUploaded().catch(() => []);
    const found = listed.find((p) => p.partNumber === partNumber && p.size === size);
    return found ? found.etag : null;
  };

  if (resumeFirst && done.size > 0) {
    // the parts the store holds at their planned size are kept; the others are sent again
    const listed = await transport.listUploaded().catch(() => null);
    if (listed)
      for (const n of [...done.keys()])
        if (!listed.some((p) => p.partNumber === n && p.etag === done.get(n))) done.delete(n);
  }

  let next = 1;
  let failure: { error: unknown } | null = null;
  // The first failure (or a cancel) stops the other lanes at once: a lane waiting for the zip's next bytes, a PUT in
  // flight (sent again by a Retry).
  if (signal?.aborted) throw new UploadError('aborted');
  const stop = new AbortController();
  const onAbort = () => stop.abort();
  signal?.addEventListener('abort', onAbort);
  const stopped = new Promise<never>((_, reject) =>
    stop.signal.addEventListener('abort', () => reject(new UploadError('aborted'))),
  );
  stopped.catch(() => undefined);
  const lane = async () => {
    while (failure === null && end === null) {
      if (stop.signal.aborted) throw new UploadError('aborted');
      const partNumber = next++;
      const start = (partNumber - 1) * partSize;
      const body = await Promise.race([zip.read(start, start + partSize), stopped]);
      if (stop.signal.aborted) throw new UploadError('aborted');
      if (body.size < partSize) end = Math.min(end ?? Infinity, start + body.size);
      if (body.size === 0) {
        if (partNumber === 1) throw new Error('the zip is empty');
        return;
      }
      if (done.has(partNumber)) {
        markDone(partNumber, done.get(partNumber)!, body.size);
        report();
        continue;
      }
      for (let attempt = 0; ; attempt++) {
        inFlight.set(partNumber, 0);
        try {
          const url = await transport.partUrl(partNumber, body.size);
          const etag = await transport.put(
            url,
            body,
            (loaded) => {
              inFlight.set(partNumber, loaded);
              report();
            },
            stop.signal,
          );
          inFlight.delete(partNumber);
          markDone(partNumber, etag, body.size);
          report();
          break;
        } catch (error) {
          inFlight.delete(partNumber);
          report();
          const retryable = error instanceof UploadError && error.retryable;
          if (!retryable || attempt >= maxRetries || stop.signal.aborted) throw error;
          await transport.wait(backoffMs(attempt + 1));
          // the part may have arrived although its answer was lost
          const etag = await stored(partNumber, body.size);
          if (etag) {
            markDone(partNumber, etag, body.size);
            report();
            break;
          }
        }
      }
    }
  };
  await Promise.all(
    Array.from({ length: Math.max(1, concurrency) }, () =>
      lane().catch((error: unknown) => {
        failure ??= { error };
        stop.abort();
      }),
    ),
  );
  signal?.removeEventListener('abort', onAbort);
  if (failure) throw (failure as { error: unknown }).error;
  const parts = [...done.entries()]
    .filter(([n]) => (n - 1) * partSize < end!)
    .sort(([a], [b]) => a - b)
    .map(([partNumber, etag]) => ({ partNumber, etag }));
  report();
  return { parts, size: end! };
}
