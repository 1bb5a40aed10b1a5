import { Badge, Box, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconFile, IconFileOff, IconFolder } from '@tabler/icons-react';
import { useState } from 'react';
import { formatBytes } from '../../../shared/format';
import type { FileTree, SeriesNode, TreeFile } from '../machines/file-tree';
import {
  seriesKey,
  seriesTitle,
  studyFacts,
  studyTitle,
  uidHover,
  type SeriesSummary,
} from '../machines/series-summary';

/** How many files of a series are listed before "… and N more". */
const FILES_SHOWN = 25;

const SKIP_LABEL: Record<NonNullable<TreeFile['skipped']>, string> = {
  hidden: 'skipped: hidden or system file',
  notDicom: 'skipped: not DICOM',
};

function FileRow({ file }: { file: TreeFile }) {
  return (
    <Group gap={6} wrap="nowrap" data-testid="import-tree-file" data-skipped={file.skipped ?? undefined}>
      {file.skipped ? (
        <IconFileOff size={14} color="var(--mantine-color-orange-6)" style={{ flexShrink: 0 }} />
      ) : (
        <IconFile size={14} color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
      )}
      <Text
        size="xs"
        ff="monospace"
        c={file.skipped ? 'dimmed' : undefined}
        td={file.skipped ? 'line-through' : undefined}
      >
        {file.name}
      </Text>
      {file.skipped ? (
        <Text size="xs" c="orange.8" style={{ flexShrink: 0 }}>
          {SKIP_LABEL[file.skipped]}
        </Text>
      ) : (
        <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
          {formatBytes(file.size)}
        </Text>
      )}
    </Group>
  );
}

function SeriesRow({ series, summary }: { series: SeriesNode; summary: SeriesSummary | undefined }) {
  const [open, setOpen] = useState(false);
  const shown = series.files.slice(0, FILES_SHOWN);
  return (
    <Box data-testid="import-tree-series" data-series={series.id} data-files={series.fileCount}>
      <UnstyledButton onClick={() => setOpen((o) => !o)} aria-expanded={open} w="100%">
        <Group gap={6} wrap="nowrap">
          {open ? (
            <IconChevronDown size={14} style={{ flexShrink: 0 }} />
          ) : (
            <IconChevronRight size={14} style={{ flexShrink: 0 }} />
          )}
          <IconFolder size={16} color="var(--mantine-color-blue-6)" style={{ flexShrink: 0 }} />
          <Text
            size="sm"
            ff={summary ? undefined : 'monospace'}
            truncate
            title={uidHover(series.id, summary?.seriesInstanceUid)}
            style={{ flex: 1, minWidth: 0 }}
            data-testid="import-tree-series-title"
          >
            {seriesTitle(series.id, summary)}
          </Text>
          {summary?.modality ? (
            <Badge size="sm" variant="outline" radius="sm" style={{ flexShrink: 0 }}>
              {summary.modality}
            </Badge>
          ) : null}
          <Badge size="sm" variant="light" radius="sm" style={{ flexShrink: 0 }}>
            {series.fileCount} {series.fileCount === 1 ? 'instance' : 'instances'}
          </Badge>
          {series.skippedCount > 0 ? (
            <Badge size="sm" variant="light" color="orange" radius="sm" style={{ flexShrink: 0 }}>
              {series.skippedCount} skipped
            </Badge>
          ) : null}
        </Group>
      </UnstyledButton>
      {open ? (
        <Stack gap={2} pl={44} pt={4}>
          {shown.map((file) => (
            <FileRow key={file.path} file={file} />
          ))}
          {series.files.length > shown.length ? (
            <Text size="xs" c="dimmed">
              … and {series.files.length - shown.length} more
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </Box>
  );
}

/** The picked folder as Study → Series → files, with counts; skipped files shown as such (spec §2, §5). */
export function FileTreeView({
  tree,
  summaries = {},
}: {
  tree: FileTree;
  /** Each series' header summary by seriesKey: descriptions, modality, date, UIDs (the folder names otherwise). */
  summaries?: Readonly<Record<string, SeriesSummary>>;
}) {
  return (
    <Paper withBorder radius="md" p="md" data-testid="import-tree">
      <Box
        mah={480}
        style={{ overflowY: 'auto', overflowX: 'hidden' }}
        tabIndex={0}
        role="region"
        aria-label="Files of the chosen folder"
      >
        <Stack gap="sm">
          {tree.studies.map((study) => {
            const ofStudy = study.series.map((s) => summaries[seriesKey(study.id, s.id)]);
            const header = ofStudy.find((s) => s !== undefined);
            return (
              <Stack key={study.id} gap={6} data-testid="import-tree-study" data-study={study.id}>
                <Group gap={6} wrap="nowrap">
                  <IconFolder size={18} color="var(--mantine-color-indigo-6)" style={{ flexShrink: 0 }} />
                  <Text
                    size="sm"
                    fw={600}
                    ff={header ? undefined : 'monospace'}
                    truncate
                    title={uidHover(study.id, header?.studyInstanceUid)}
                    style={{ flex: 1, minWidth: 0 }}
                    data-testid="import-tree-study-title"
                  >
                    {studyTitle(study.id, header)}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed" pl={24} data-testid="import-tree-study-counts">
                  {[
                    ...studyFacts(ofStudy),
                    `${study.series.length} series`,
                    `${study.fileCount} ${study.fileCount === 1 ? 'instance' : 'instances'}`,
                    formatBytes(study.size),
                  ].join(' · ')}
                </Text>
                <Stack gap={4} pl={12}>
                  {study.series.map((series) => (
                    <SeriesRow key={series.id} series={series} summary={summaries[seriesKey(study.id, series.id)]} />
                  ))}
                </Stack>
              </Stack>
            );
          })}
          {tree.looseSkipped.length > 0 ? (
            <Stack gap={2} data-testid="import-tree-skipped">
              <Text size="xs" fw={600} c="orange.8">
                Skipped ({tree.looseSkipped.length})
              </Text>
              {tree.looseSkipped.map((file) => (
                <FileRow key={file.path} file={file} />
              ))}
            </Stack>
          ) : null}
        </Stack>
      </Box>
    </Paper>
  );
}
