import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { CASES_API, IMAGING_API, type Case, type Download, type DownloadState } from '@rayworks/contracts';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { callApi, describeError, shownByPolicy } from '../../../api/client';
import { useRealtimeEvents } from '../../../realtime/useRealtimeEvents';
import { toastError } from '../../../shared/ui/toast';
import {
  DOWNLOAD_STATE_LABELS,
  isDownloadBusy,
  isDownloadFailed,
  nextShownState,
} from '../../../shared/downloads/download-view';
import { saveLink } from '../../../shared/downloads/useStudyDownload';

const POLL_MS = 5000;

interface Props {
  c: Case;
  /** Bumped when the actions ask for the download (Download Study). */
  requested: number;
  onRequested: () => void;
}

/**
 * The case's study as a zip: /download/initiate (the cases service asks imaging with the caller's credentials),
 * then imaging's states as they are pushed (imaging:download-state, through the download machine), and the file
 * once READY.
 */
export function CaseDownload({ c, requested, onRequested }: Props) {
  const [download, setDownload] = useState<Download | null>(null);
  const [state, setState] = useState<DownloadState | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const wantsFile = useRef(false);
  const pushed = useRealtimeEvents('imaging:download-state');
  const seen = useRef(0);

  const show = (incoming: DownloadState, link: string | null) => {
    setState((current) => nextShownState(current, incoming));
    if (link) setUrl(link);
  };

  useEffect(() => {
    const fresh = pushed.slice(seen.current);
    seen.current = pushed.length;
    if (!download) return;
    for (const m of fresh) if (m.downloadId === download._id) show(m.state, m.url);
  }, [pushed, download]);

  useEffect(() => {
    if (!download || !state || !isDownloadBusy(state)) return;
    const timer = window.setInterval(() => {
      void callApi(IMAGING_API.getDownload, { body: { downloadId: download._id }, background: true })
        .then(({ data }) => show(data.state, data.url))
        .catch(() => undefined);
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [download, state]);

  useEffect(() => {
    if (state === 'READY' && url && wantsFile.current) {
      wantsFile.current = false;
      saveLink(url);
    }
  }, [state, url]);

  const start = async () => {
    setPending(true);
    wantsFile.current = true;
    try {
      const { data } = await callApi(CASES_API.initiateDownload, { body: { caseId: c._id } });
      seen.current = 0;
      setDownload(data);
      setUrl(data.url);
      setState(data.state);
    } catch (error) {
      wantsFile.current = false;
      if (!shownByPolicy(error)) toastError(describeError(error));
    } finally {
      setPending(false);
    }
  };

  const last = useRef(requested);
  useEffect(() => {
    if (requested === last.current) return;
    last.current = requested;
    onRequested();
    void start();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [requested]);

  const busy = state !== null && isDownloadBusy(state);
  const failed = state !== null && isDownloadFailed(state);
  return (
    <Stack gap="xs" data-testid="case-download" data-state={state ?? ''}>
      <Text size="sm" fw={600}>
        Download the study
      </Text>
      <Group gap="xs">
        <Button
          variant="light"
          leftSection={<IconDownload size={14} />}
          onClick={() => (state === 'READY' && url ? saveLink(url) : void start())}
          loading={pending || busy}
          disabled={!c.studyInstanceUid}
          data-testid="case-download-start"
        >
          {state === 'READY' ? 'Save zip' : failed ? 'Try again' : 'Download study'}
        </Button>
        {state ? (
          <Badge variant="light" color={failed ? 'red' : state === 'READY' ? 'teal' : 'blue'} radius="sm">
            {DOWNLOAD_STATE_LABELS[state]}
          </Badge>
        ) : null}
      </Group>
      {!c.studyInstanceUid ? (
        <Text size="xs" c="dimmed">
          The study has not arrived yet.
        </Text>
      ) : null}
    </Stack>
  );
}
