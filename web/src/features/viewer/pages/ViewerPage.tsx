import { Box, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { CASE_MESSAGES } from '@rayworks/contracts';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { ViewerWorkspace } from '../components/ViewerWorkspace';
import { useViewerSession } from '../hooks/useViewerSession';
import { VIEWER_TEXT } from '../machines/viewer.machine';

/**
 * The cloud viewer (route /dicomviewer?case=<id>[&series=<uid>], no menu or top bar; issue 11): Cornerstone3D on
 * imaging's DICOMweb with the case's study token. The root's data-state is the machine's state.
 */
export function ViewerPage() {
  const [params] = useSearchParams();
  const caseId = params.get('case');
  const seriesUid = params.get('series');
  useState(() => performance.mark('viewer:open'));
  const { state, open, message, send } = useViewerSession(caseId);
  const [dicomwebExpired, setDicomwebExpired] = useState(false);
  const shownState = dicomwebExpired ? 'expired' : state;
  const onExpired = useCallback(() => {
    setDicomwebExpired(true);
    send({ type: 'EXPIRED' });
  }, [send]);

  useEffect(() => {
    document.title = 'Rayworks Viewer';
  }, []);

  return (
    <Box
      data-testid="viewer"
      data-state={shownState}
      style={{ height: '100vh', display: 'flex', flexDirection: 'column', background: '#111', color: '#ddd' }}
    >
      {shownState === 'loading' && (
        <Center h="100%">
          <Loader type="dots" aria-label="Loading" />
        </Center>
      )}
      {shownState === 'ready' && open && (
        <ViewerWorkspace open={open} initialSeries={seriesUid} onExpired={onExpired} />
      )}
      {shownState === 'cloud-upload-pending' && open && (
        <Message title="Cloud Upload Pending" text={CASE_MESSAGES.cloudUploadPending}>
          <Button component="a" href={open.weasisUrl} data-testid="open-exe-viewer">
            Open in Exe viewer
          </Button>
        </Message>
      )}
      {shownState === 'no-access' && <Message title="No access" text={VIEWER_TEXT.noAccess} />}
      {shownState === 'expired' && <Message title="Link expired" text={VIEWER_TEXT.expired} />}
      {shownState === 'error' && <Message title="Viewer error" text={message ?? VIEWER_TEXT.error} />}
    </Box>
  );
}

function Message({ title, text, children }: { title: string; text: string; children?: React.ReactNode }) {
  return (
    <Center h="100%">
      <Stack align="center" maw={520} gap="sm">
        <Title order={3} c="#eee">
          {title}
        </Title>
        <Text ta="center" c="#ddd" data-testid="viewer-message">
          {text}
        </Text>
        {children}
      </Stack>
    </Center>
  );
}
