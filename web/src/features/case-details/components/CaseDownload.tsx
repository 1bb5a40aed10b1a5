import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import type { Case } from '@rayworks/contracts';
import { IconDownload } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { DOWNLOAD_STATE_LABELS, isDownloadBusy, isDownloadFailed } from '../../../shared/downloads/download-view';
import { saveLink } from '../../../shared/downloads/useStudyDownload';
import { useCaseDownload } from '../hooks/useCaseRecords';

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
  const { state, url, pending, download: start } = useCaseDownload(c._id);

  const last = useRef(requested);
  useEffect(() => {
    if (requested === last.current) return;
    last.current = requested;
    onRequested();
    start();
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
          onClick={() => (state === 'READY' && url ? saveLink(url) : start())}
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
