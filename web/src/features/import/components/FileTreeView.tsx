import { Badge, Box, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconFile, IconFileOff, IconFolder } from '@tabler/icons-react';
import { useState } from 'react';
import { formatBytes } from '../../../shared/format';
import type { FileTree, SeriesNode, TreeFile } from '../machines/file-tree';

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

function SeriesRow({ series }: { series: SeriesNode }) {
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
          <Text size="sm" ff="monospace" truncate title={series.id} style={{ flex: 1, minWidth: 0 }}>
            Series {series.id}
          </Text>
          <Badge size="sm" variant="light" radius="sm" style={{ flexShrink: 0 }}>
            {series.fileCount} {series.fileCount === 1 ? 'file' : 'files'}
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
export function FileTreeView({ tree }: { tree: FileTree }) {
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
          {tree.studies.map((study) => (
            <Stack key={study.id} gap={6} data-testid="import-tree-study" data-study={study.id}>
              <Group gap={6} wrap="nowrap">
                <IconFolder size={18} color="var(--mantine-color-indigo-6)" style={{ flexShrink: 0 }} />
                <Text size="sm" fw={600} ff="monospace" truncate title={study.id} style={{ flex: 1, minWidth: 0 }}>
                  Study {study.id}
                </Text>
              </Group>
              <Text size="xs" c="dimmed" pl={24} data-testid="import-tree-study-counts">
                {study.series.length} {study.series.length === 1 ? 'series' : 'series'} · {study.fileCount}{' '}
                {study.fileCount === 1 ? 'file' : 'files'} · {formatBytes(study.size)}
              </Text>
              <Stack gap={4} pl={12}>
                {study.series.map((series) => (
                  <SeriesRow key={series.id} series={series} />
                ))}
              </Stack>
            </Stack>
          ))}
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
