import { Alert, Button, Grid, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { CONSOLE_ROUTES, type ImportProgressMessage } from '@rayworks/contracts';
import { IMPORT_MESSAGES } from '@rayworks/dicom';
import type { ImportPickedFile } from '@rayworks/lifecycles';
import { IconCircleCheck, IconFolderOpen, IconPlayerStop, IconRefresh, IconUpload } from '@tabler/icons-react';
import { useEffect, useRef, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../../../shared/session/useSession';
import { useRealtimeEvents } from '../../../realtime/useRealtimeEvents';
import { formatDicomDate } from '../../../shared/format';
import { DetailGrid } from '../../../shared/ui/DetailGrid';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { DicomPreview } from '../components/DicomPreview';
import { FileTreeView } from '../components/FileTreeView';
import { useImportFlow } from '../hooks/useImportFlow';

const STEP_LABEL = { zipping: 'Zipping', uploading: 'Uploading' } as const;

/** The files of a folder picked with <input webkitdirectory>, each with its path inside the folder. */
const pickedFiles = (list: FileList | null): ImportPickedFile[] =>
  Array.from(list ?? [], (file) => ({ path: file.webkitRelativePath || file.name, size: file.size, file }));

/** How far the imaging worker has come with this import (imaging:import-progress), in words. */
function serverProgress(message: ImportProgressMessage | undefined): string | null {
  if (!message) return null;
  const total = message.entriesTotal === null ? '' : ` of ${message.entriesTotal}`;
  return `Archive: ${message.state.toLowerCase()} · ${message.entriesRead}${total} files read · ${message.instancesStored} stored${
    message.instancesExisting ? ` · ${message.instancesExisting} already archived` : ''
  }${message.skipped ? ` · ${message.skipped} skipped` : ''}`;
}

/**
 * /cases/import (spec §2, §4, §8): pick a study folder, see its tree, one image and its metadata, then Import —
 * zipped in Web Workers, uploaded straight to the object store, processing triggered — and a 5-second countdown
 * before the tab closes (docs/decisions/0111-import-zip-and-upload.md, 0351). Controls are disabled while busy; Cancel
 * and Retry are offered wherever they mean something.
 */
export function ImportPage() {
  const { profile } = useSession();
  const navigate = useNavigate();
  const centerId = profile?.centerID[0];
  // A centre of a group imports with its group; an individual centre (no group) without one.
  const target = centerId ? { centerId, ...(profile?.groupID ? { groupId: profile.groupID } : {}) } : null;
  const { view, importId, tree, previewFiles, summaries, pick, start, cancel, retry, closeNow } = useImportFlow(target);
  const input = useRef<HTMLInputElement>(null);
  const progressMessages = useRealtimeEvents('imaging:import-progress');
  const server = serverProgress(progressMessages.filter((m) => m.importId === importId).at(-1));

  useEffect(() => {
    input.current?.setAttribute('webkitdirectory', '');
  }, []);

  useEffect(() => {
    if (!view.closed) return;
    // A window the Cases page opened closes; a screen reached otherwise goes back to /cases (decision 0111).
    window.close();
    const fallback = window.setTimeout(() => navigate(CONSOLE_ROUTES.cases, { replace: true }), 300);
    return () => window.clearTimeout(fallback);
  }, [view.closed, navigate]);

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    pick(pickedFiles(event.currentTarget.files));
    event.currentTarget.value = '';
  };

  const metadata = view.metadata;
  const counting = view.state === 'countdown';

  return (
    <>
      <PageHeader
        title="Import Study"
        description="Pick a study folder (Study/Series/.dcm files). It is checked and zipped on this computer, then uploaded to the archive."
        crumbs={[{ label: 'Cases', to: CONSOLE_ROUTES.cases }, { label: 'Import Study' }]}
      />
      <Stack gap="md" data-testid="import-screen" data-state={view.state}>
        {!target ? (
          <Alert color="orange" variant="light" data-testid="import-no-centre">
            Your account is not attached to a centre of a group, so a study cannot be imported for it.
          </Alert>
        ) : null}

        <Paper withBorder radius="md" p="md">
          <Group justify="space-between" gap="sm" wrap="wrap">
            <Group gap="sm">
              <input
                ref={input}
                id="import-folder"
                type="file"
                multiple
                onChange={onPick}
                disabled={!view.canPick || !target}
                data-testid="import-folder-input"
                style={{ position: 'absolute', width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
                tabIndex={-1}
                aria-hidden
              />
              <Button
                variant="default"
                leftSection={<IconFolderOpen size={16} />}
                disabled={!view.canPick || !target}
                onClick={() => input.current?.click()}
                data-testid="import-choose-folder"
              >
                Choose folder
              </Button>
              {/* a study UID is one long word: it wraps anywhere rather than widen a phone's page */}
              <Text size="sm" c="dimmed" data-testid="import-summary" style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
                {view.studyId
                  ? `Study ${view.studyId}: ${view.fileCount} ${view.fileCount === 1 ? 'file' : 'files'}${
                      view.skipped ? `, ${view.skipped} skipped` : ''
                    }`
                  : 'No folder chosen.'}
              </Text>
            </Group>
            <Group gap="sm">
              {view.canRetry ? (
                <Button
                  variant="default"
                  leftSection={<IconRefresh size={16} />}
                  onClick={retry}
                  data-testid="import-retry"
                >
                  Retry
                </Button>
              ) : null}
              <Button
                variant="default"
                color="red"
                leftSection={<IconPlayerStop size={16} />}
                onClick={cancel}
                disabled={!view.canCancel}
                data-testid="import-cancel"
              >
                Cancel
              </Button>
              <Button
                leftSection={<IconUpload size={16} />}
                onClick={start}
                disabled={!view.canImport || !target}
                loading={view.busy && view.state !== 'zipping' && view.state !== 'validating'}
                data-testid="import-start"
              >
                Import
              </Button>
            </Group>
          </Group>

          {view.progress || view.state === 'validating' || view.state === 'processing' ? (
            <Stack
              gap={6}
              mt="md"
              data-testid="import-progress"
              data-step={view.progress?.step ?? view.state}
              data-zip-percent={view.zipStillRunning ?? undefined}
            >
              <Group justify="space-between">
                <Text size="sm" fw={500}>
                  {view.state === 'validating'
                    ? 'Checking the files…'
                    : view.state === 'processing'
                      ? 'Starting the import…'
                      : view.state === 'ready'
                        ? 'Zipped: ready to import'
                        : view.zipStillRunning !== null
                          ? `Uploading while zipping (${view.zipStillRunning}% zipped)…`
                          : `${STEP_LABEL[view.progress!.step]}…`}
                </Text>
                <Text
                  size="sm"
                  c="dimmed"
                  data-testid="import-progress-percent"
                  style={{ fontVariantNumeric: 'tabular-nums' }}
                >
                  {view.progress ? `${view.progress.percent}%` : ''}
                </Text>
              </Group>
              <Progress
                value={view.state === 'validating' ? 100 : (view.progress?.percent ?? 100)}
                animated={view.busy}
                striped={view.state === 'validating' || view.state === 'processing'}
                aria-label={view.progress ? `${STEP_LABEL[view.progress.step]} progress` : 'Progress'}
                color={view.canRetry ? 'red' : undefined}
              />
            </Stack>
          ) : null}
        </Paper>

        {counting ? (
          <Alert
            color="teal"
            variant="light"
            icon={<IconCircleCheck size={20} />}
            title={IMPORT_MESSAGES.success}
            data-testid="import-countdown"
          >
            <Stack gap={6}>
              <Text size="sm" data-testid="import-countdown-seconds">
                This tab closes in {view.secondsLeft} {view.secondsLeft === 1 ? 'second' : 'seconds'}.
              </Text>
              {server ? (
                <Text size="xs" c="dimmed" data-testid="import-server-progress">
                  {server}
                </Text>
              ) : null}
              <Group gap="sm">
                <Button size="xs" onClick={closeNow} data-testid="import-close-now">
                  Close now
                </Button>
                <Button size="xs" variant="default" onClick={cancel} data-testid="import-another">
                  Import another folder
                </Button>
              </Group>
            </Stack>
          </Alert>
        ) : null}

        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 7 }}>
            {tree ? (
              <FileTreeView tree={tree} summaries={summaries} />
            ) : (
              <Paper withBorder radius="md" p="xl" data-testid="import-tree-empty">
                <Text size="sm" c="dimmed" ta="center">
                  Choose a folder laid out as Study/Series/.dcm files to see its studies, series and files here.
                </Text>
              </Paper>
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              <DicomPreview files={previewFiles} />
              <DetailGrid
                title="Study"
                cols={2}
                details={[
                  {
                    label: 'Patient name',
                    value: metadata?.patientName.replace(/\^/g, ' ').trim(),
                    testId: 'import-patient-name',
                  },
                  { label: 'Modality', value: metadata?.modality, testId: 'import-modality' },
                  {
                    label: 'Study date',
                    value: metadata ? formatDicomDate(metadata.studyDate) : null,
                    testId: 'import-study-date',
                  },
                  { label: 'Study ID', value: metadata?.studyId, testId: 'import-study-id' },
                ]}
              />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </>
  );
}
