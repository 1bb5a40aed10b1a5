import { Badge, Button, Group, Tooltip } from '@mantine/core';
import { IconDownload, IconRefresh } from '@tabler/icons-react';
import { DOWNLOAD_STATE_LABELS, isDownloadBusy, isDownloadFailed } from '../../../shared/downloads/download-view';
import { useStudyDownload } from '../../../shared/downloads/useStudyDownload';

/** The Download action of one archive row, with the download's state as it arrives (spec §4 download states). */
export function StudyDownload({ studyInstanceUid, label }: { studyInstanceUid: string; label: string }) {
  const { state, error, pending, history, download, retry, saveAgain } = useStudyDownload(studyInstanceUid);
  const busy = state !== null && isDownloadBusy(state);
  const failed = state !== null && isDownloadFailed(state);
  return (
    <Group
      gap={6}
      wrap="nowrap"
      onClick={(event) => event.stopPropagation()}
      data-testid="archive-download"
      data-state={state ?? ''}
      data-history={history.join(' ')}
    >
      {state ? (
        <Tooltip label={error ?? state} withArrow>
          <Badge
            variant="light"
            color={failed ? 'red' : state === 'READY' ? 'teal' : 'blue'}
            radius="sm"
            data-testid="archive-download-state"
          >
            {DOWNLOAD_STATE_LABELS[state]}
          </Badge>
        </Tooltip>
      ) : null}
      {failed ? (
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconRefresh size={14} />}
          onClick={retry}
          loading={pending}
          aria-label={`Retry the download of ${label}`}
          data-testid="archive-download-retry"
        >
          Retry
        </Button>
      ) : state === 'READY' ? (
        <Button
          size="compact-sm"
          variant="default"
          leftSection={<IconDownload size={14} />}
          onClick={saveAgain}
          aria-label={`Save the zip of ${label} again`}
          data-testid="archive-download-save"
        >
          Save zip
        </Button>
      ) : (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconDownload size={14} />}
          onClick={download}
          loading={pending || busy}
          aria-label={`Download ${label}`}
          data-testid="archive-download-start"
        >
          Download
        </Button>
      )}
    </Group>
  );
}
