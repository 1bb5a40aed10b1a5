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
