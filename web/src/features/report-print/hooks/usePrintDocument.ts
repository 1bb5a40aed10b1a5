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
  const [loaded, setLoaded] = useState<{ reportId: string; doc: PrintDocumentState } | null>(null);
  useEffect(() => {
    if (!reportId) return undefined;
    const abort = new AbortController();
    consoleClient
      .file(REPORTING_API.reportHtml, {}, { params: { id: reportId }, signal: abort.signal })
      .then((file) => setLoaded({ reportId, doc: { state: 'ready', html: new TextDecoder().decode(file.bytes) } }))
      .catch((error: unknown) => {
        if (abort.signal.aborted) return;
        const doc: PrintDocumentState =
          error instanceof ApiError && (error.status === 404 || error.status === 403)
            ? { state: 'not-found' }
            : {
                state: 'error',
                message: error instanceof ApiError ? (error.serverMessage ?? error.message) : String(error),
              };
        setLoaded({ reportId, doc });
      });
    return () => abort.abort();
  }, [reportId]);
  if (!reportId) return { state: 'not-found' };
  if (!loaded || loaded.reportId !== reportId) return { state: 'loading' };
  return loaded.doc;
}
