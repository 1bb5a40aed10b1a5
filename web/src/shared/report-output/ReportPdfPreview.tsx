import { Alert, Anchor, Box, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { describeError } from '../../api/client';
import { reportOutputApi } from './report-output-api';

/** How often, and how many times, the preview asks whether the PDF is stored (about a minute in all). */
const POLL_MS = 1_500;
const POLL_TRIES = 40;

type PdfState =
  { state: 'loading' } | { state: 'ready'; url: string; fileName: string } | { state: 'error'; message: string };

/**
 * The PDF of the case's final report, inline (docs/decisions/0345-inline-report-pdf.md): /generate/report until the
 * PDF is stored, then its bytes through the gateway (/report/pdf) as a same-origin blob shown in a frame by the
 * browser's PDF viewer, with a download of the same blob. No storage address reaches the browser. Full screen on a
 * phone.
 */
export function ReportPdfPreview({ caseId, onClose }: { caseId: string; onClose(): void }) {
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [pdf, setPdf] = useState<PdfState>({ state: 'loading' });

  useEffect(() => {
    const abort = new AbortController();
    let url: string | null = null;
    const load = async () => {
      for (let tries = 0; tries < POLL_TRIES && !abort.signal.aborted; tries++) {
        const answer = await reportOutputApi.generatePdf(caseId);
        if (answer.state === 'ready') {
          const file = await reportOutputApi.pdf(caseId, abort.signal);
          if (abort.signal.aborted) return;
          url = URL.createObjectURL(file.blob);
          setPdf({ state: 'ready', url, fileName: file.fileName ?? 'report.pdf' });
          return;
        }
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
      if (!abort.signal.aborted) setPdf({ state: 'error', message: 'The PDF is not ready yet: try again in a moment' });
    };
    load().catch((e: unknown) => {
      if (!abort.signal.aborted) setPdf({ state: 'error', message: describeError(e) });
    });
    return () => {
      abort.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [caseId]);

  return (
    <Modal
      opened
      onClose={onClose}
      title="Report PDF"
      closeButtonProps={{ 'aria-label': 'Close the PDF' }}
      size="min(1100px, 96vw)"
      fullScreen={phone}
      padding="xs"
      data-testid="report-pdf-preview"
      styles={{ body: { height: phone ? 'calc(100dvh - 60px)' : 'min(82vh, 1100px)' } }}
    >
      {pdf.state === 'loading' && (
        <Center h="100%" data-testid="report-pdf-loading">
          <Stack align="center" gap="xs">
            <Loader type="dots" aria-label="Making the PDF" />
            <Text size="sm">Making the PDF…</Text>
          </Stack>
        </Center>
      )}
      {pdf.state === 'error' && (
        <Alert color="red" data-testid="report-pdf-error">
          {pdf.message}
        </Alert>
      )}
      {pdf.state === 'ready' && (
        <Stack gap={6} h="100%">
          <Group justify="flex-end" gap="md">
            <Anchor href={pdf.url} download={pdf.fileName} size="sm" data-testid="report-pdf-download">
              Download
            </Anchor>
          </Group>
          <Box style={{ flex: 1, minHeight: 0 }}>
            <iframe
              title="Report PDF"
              // the viewer fits the page to the frame's width (a phone's too)
              src={`${pdf.url}#view=FitH`}
              data-testid="report-pdf-frame"
              style={{ width: '100%', height: '100%', border: 0, background: '#525659' }}
            />
          </Box>
        </Stack>
      )}
    </Modal>
  );
}
