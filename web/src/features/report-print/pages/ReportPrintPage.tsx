import { Box, Button, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { usePrintDocument } from '../hooks/usePrintDocument';

/** The print view is paper-coloured in either theme: its words are dark on its light grey (WCAG AA contrast). */
const PAPER_TEXT = '#212529';
const PAPER_TEXT_DIMMED = '#495057';

/** Spec §9: a print starts 500 ms after load. */
export const PRINT_DELAY_MS = 500;

/**
 * The print view of a report (route /print/report/<reportId>, no menu or top bar): the print document of
 * /report/html/{id} — the same HTML the PDF worker prints — in a sandboxed frame (no allow-scripts: nothing in the
 * report can run; allow-same-origin only so this page can call the frame's print), printed 500 ms after it loaded.
 */
export function ReportPrintPage() {
  const { reportId } = useParams();
  const doc = usePrintDocument(reportId);
  const frame = useRef<HTMLIFrameElement>(null);
  const [printed, setPrinted] = useState(false);

  const print = useCallback(() => {
    const win = frame.current?.contentWindow;
    if (!win) return;
    win.focus();
    win.print();
    setPrinted(true);
  }, []);

  useEffect(() => {
    document.title = 'Rayworks Report';
  }, []);

  const onLoad = useCallback(() => {
    window.setTimeout(print, PRINT_DELAY_MS);
  }, [print]);

  return (
    <Box
      data-testid="report-print"
      data-state={doc.state}
      data-printed={printed ? 'true' : 'false'}
      style={{ height: '100vh', display: 'flex', flexDirection: 'column', background: '#e9ecef' }}
    >
      {doc.state === 'loading' && (
        <Center h="100%">
          <Loader type="dots" aria-label="Loading" />
        </Center>
      )}
      {doc.state === 'ready' && (
        <>
          <Group justify="flex-end" p="xs" className="no-print">
            <Button size="xs" onClick={print} data-testid="report-print-again">
              Print
            </Button>
          </Group>
          <iframe
            ref={frame}
            title="Report"
            data-testid="report-print-frame"
            sandbox="allow-same-origin allow-modals"
            srcDoc={doc.html}
            onLoad={onLoad}
            style={{ flex: 1, border: 0, background: '#fff', width: '100%' }}
          />
        </>
      )}
      {doc.state === 'not-found' && (
        <Message title="Report not found" text="There is no report to print here, or you may not see it." />
      )}
      {doc.state === 'error' && <Message title="Could not load the report" text={doc.message} />}
    </Box>
  );
}

function Message({ title, text }: { title: string; text: string }) {
  return (
    <Center h="100%">
      <Stack align="center" gap="xs">
        <Title order={3} c={PAPER_TEXT}>
          {title}
        </Title>
        <Text c={PAPER_TEXT_DIMMED}>{text}</Text>
      </Stack>
    </Center>
  );
}
