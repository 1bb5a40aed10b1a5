import { ApiError } from '@rayworks/api-client';
import { REPORTING_API } from '@rayworks/contracts';
import { useEffect, useState } from 'react';
import { consoleClient } from '../../../api/session';

export type PrintDocumentState =
  | { state: 'loading' }
  | { state: 'ready'; html: string }
  | { state: 'not-found' }
  | { state: 'error'; message: string };

/** The print document of a report (/report/html/{id}): the HTML the PDF worker prints too. */
export function usePrintDocument(reportId: string | undefined): PrintDocumentState {
  const [doc, setDoc] = useState<PrintDocumentState>({ state: 'loading' });
  useEffect(() => {
    if (!reportId) {
      setDoc({ state: 'not-found' });
      return;
    }
    const abort = new AbortController();
    setDoc({ state: 'loading' });
    consoleClient
      .file(REPORTING_API.reportHtml, {}, { params: { id: reportId }, signal: abort.signal })
      .then((file) => setDoc({ state: 'ready', html: new TextDecoder().decode(file.bytes) }))
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        if (error instanceof ApiError && (error.status === 404 || error.status === 403)) setDoc({ state: 'not-found' });
        else setDoc({ state: 'error', message: error instanceof ApiError ? (error.serverMessage ?? error.message) : String(error) });
      });
    return () => abort.abort();
  }, [reportId]);
  return doc;
}
