import { Alert, Box, Center, Loader } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { describeError } from '../../../api/client';
import { reportingApi } from '../api/reporting-api';

/** The print dialog opens this long after the document has loaded (spec §9). */
export const PRINT_DELAY_MS = 500;

/**
 * /print/report/:id — the print view (no menu or top bar; docs/decisions/0191): the report's print document from
 * /report/html/{id} (sanitised on the server, the same HTML the PDF is made of) in a sandboxed iframe — no script
 * runs in it — printed 500 ms after it has loaded. `?print=0` shows it without printing.
 */
export function PrintReportPage() {
  const { id } = useParams();
  const [html, setHtml] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  const autoPrint = new URLSearchParams(window.location.search).get('print') !== '0';

  useEffect(() => {
    document.title = 'Report · Rayworks';
    if (!id) return;
    reportingApi.printHtml(id).then(setHtml, (e: unknown) => setError(describeError(e)));
  }, [id]);

  const onLoad = () => {
    if (!autoPrint) return;
    window.setTimeout(() => {
      // the frame is sandboxed without scripts but same-origin, so the console may print it
      const win = frame.current?.contentWindow;
      if (win) win.print();
      else window.print();
    }, PRINT_DELAY_MS);
  };

  if (error)
    return (
      <Alert color="red" m="md">
        {error}
      </Alert>
    );
  if (html === null)
    return (
      <Center h="100vh">
        <Loader type="dots" aria-label="Loading" />
      </Center>
    );
  return (
    <Box data-testid="print-report" style={{ height: '100vh', background: '#777' }}>
      <iframe
        ref={frame}
        title="Report"
        sandbox="allow-same-origin allow-modals"
        srcDoc={html}
        onLoad={onLoad}
        data-testid="print-frame"
        style={{ width: '100%', height: '100%', border: 0, background: '#fff' }}
      />
    </Box>
  );
}
