import { IMAGING_API, type Download, type DownloadState } from '@rayworks/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { callApi } from '../../api/client';
import { useRealtimeEvents } from '../../realtime/useRealtimeEvents';
import { isDownloadBusy, nextShownState } from './download-view';

/** While the worker works, the download is also read every this many ms (in case a pushed state was missed). */
const POLL_MS = 5000;

/** Hands the browser a link to download (the object store answers with the zip as an attachment). */
export function saveLink(url: string): void {
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = '';
  anchor.rel = 'noopener';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}

/** How a download starts and starts again (the archive asks imaging; the case page asks the cases service). */
export interface DownloadStarts {
  start: () => Promise<Download>;
  /** A failed download's retry; without it, Try again starts anew. */
  retry?: (download: Download) => Promise<Download>;
  /** A start that failed (the error catalogue has had its say). */
  onStartError?: (error: unknown) => void;
}

/**
 * One study's download: Download asks for the zip (a fresh one is reused), the states arrive over socket.io
 * (imaging:download-state) and pass through the download machine (nextShownState); at READY the browser downloads
 * the short-lived link once per click; a failed download can be retried.
 */
export function useDownload(starts: DownloadStarts) {
  const [download, setDownload] = useState<Download | null>(null);
  const [shown, setShown] = useState<{ state: DownloadState | null; history: DownloadState[] }>({
    state: null,
    history: [],
  });
  const state = shown.state;
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const wantsFile = useRef(false);
  const seen = useRef(0);
  const pushed = useRealtimeEvents('imaging:download-state');

  const show = useCallback((incoming: DownloadState, link: string | null, failure: string | null) => {
    setShown((current) => {
      const next = nextShownState(current.state, incoming);
      return next === current.state ? current : { state: next, history: [...current.history, next] };
    });
    if (link) setUrl(link);
    if (failure) setError(failure);
  }, []);

  // pushed states of this download (after Download was pressed)
  useEffect(() => {
    const fresh = pushed.slice(seen.current);
    seen.current = pushed.length;
    if (!download) return;
    for (const message of fresh)
      if (message.downloadId === download._id) show(message.state, message.url, message.error);
  }, [pushed, download, show]);

  // a slow read while the worker is busy, in case a pushed state was missed
  useEffect(() => {
    if (!download || !state || !isDownloadBusy(state)) return;
    const timer = window.setInterval(() => {
      void callApi(IMAGING_API.getDownload, { body: { downloadId: download._id }, background: true })
        .then(({ data }) => show(data.state, data.url, data.error))
        .catch(() => undefined);
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [download, state, show]);

  useEffect(() => {
    if (state === 'READY' && url && wantsFile.current) {
      wantsFile.current = false;
      saveLink(url);
    }
  }, [state, url]);

  const start = async (retry: boolean) => {
    setPending(true);
    setError(null);
    wantsFile.current = true;
    try {
      const data = retry && download && starts.retry ? await starts.retry(download) : await starts.start();
      seen.current = 0; // messages that came before the answer are this download's too
      setDownload(data);
      setUrl(data.url);
      setShown((current) =>
        retry
          ? { state: data.state, history: [...current.history, data.state] }
          : { state: data.state, history: [data.state] },
      );
    } catch (failure) {
      wantsFile.current = false;
      starts.onStartError?.(failure);
    } finally {
      setPending(false);
    }
  };

  return {
    state,
    url,
    error,
    pending,
    history: shown.history,
    download: () => void start(false),
    retry: () => void start(true),
    saveAgain: () => url && saveLink(url),
  };
}

/** One archived study's download (imaging's /download/zip, retried by /download/retry). */
export function useStudyDownload(studyInstanceUid: string) {
  return useDownload({
    start: async () => (await callApi(IMAGING_API.downloadZip, { body: { studyInstanceUid } })).data,
    retry: async (download) => (await callApi(IMAGING_API.retryDownload, { body: { downloadId: download._id } })).data,
  });
}
