import { UploadError } from './upload-error';

/**
 * The console's one way to send bytes to object storage (the study import's parts and zips, profile images, report
 * layout images): one PUT of a blob to a presigned object-storage URL with upload progress (XMLHttpRequest: fetch has no upload
 * progress in Chromium without streaming bodies). Resolves with the answer's ETag (the object store exposes it to
 * the console's origin); rejects with UploadError: 'status' for an answer of 300 or more, 'network' when no answer
 * came, 'aborted' when the signal fired.
 */
export function presignedPut(
  url: string,
  body: Blob,
  options: { contentType?: string; onProgress?: (loaded: number) => void; signal?: AbortSignal } = {},
): Promise<{ etag: string | null }> {
  return new Promise((resolve, reject) => {
    const { contentType, onProgress, signal } = options;
    if (signal?.aborted) return reject(new UploadError('aborted'));
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.open('PUT', url);
    if (contentType) xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (event) => onProgress?.(event.loaded);
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(body.size);
        resolve({ etag: xhr.getResponseHeader('ETag') });
      } else reject(new UploadError('status', xhr.status));
    };
    xhr.onerror = () => {
      done();
      reject(new UploadError('network'));
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      done();
      reject(new UploadError('aborted'));
    };
    xhr.send(body);
  });
}

/** A presigned upload target as the services answer it (…/upload-url): where to PUT, and the file's id to keep. */
export interface UploadTarget {
  uploadUrl: string;
  fileID: string;
}

/**
 * Sends one file to the target the service signed for its type and size (the store refuses any other) and answers
 * the file's id, which the caller then keeps (a profile's signature, a layout's logo).
 */
export async function uploadFile(target: UploadTarget, file: File): Promise<string> {
  await presignedPut(target.uploadUrl, file, { contentType: file.type });
  return target.fileID;
}
