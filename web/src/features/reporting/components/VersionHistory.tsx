import { Badge, Group, Loader, Modal, ScrollArea, Select, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { formatDisplayDateTime } from '../../../shared/format';
import { reportingApi } from '../api/reporting-api';
import { diffSummary, versionDiff } from '../editor-rules';

/** The report's saved versions, and the difference between two of them (older left, newer right). */
export function VersionHistory({ caseId, opened, onClose }: { caseId: string; opened: boolean; onClose(): void }) {
  const versions = useQuery({
    queryKey: ['reporting', 'versions', caseId],
    queryFn: () => reportingApi.versions(caseId),
    enabled: opened,
  });
  const list = useMemo(() => [...(versions.data ?? [])].sort((a, b) => b.version - a.version), [versions.data]);
  // by default the latest version against the one before it
  const [chosenFrom, setFrom] = useState<number | null | undefined>(undefined);
  const [chosenTo, setTo] = useState<number | null | undefined>(undefined);
  const from = chosenFrom === undefined ? (list[1]?.version ?? null) : chosenFrom;
  const to = chosenTo === undefined ? (list[0]?.version ?? null) : chosenTo;

  const older = useQuery({
    queryKey: ['reporting', 'version', caseId, from],
    queryFn: () => reportingApi.version(caseId, from!),
    enabled: opened && from !== null,
  });
  const newer = useQuery({
    queryKey: ['reporting', 'version', caseId, to],
    queryFn: () => reportingApi.version(caseId, to!),
    enabled: opened && to !== null,
  });
  const parts = useMemo(
    () => (newer.data ? versionDiff(older.data?.html ?? '', newer.data.html) : []),
    [older.data, newer.data],
  );
  const summary = diffSummary(parts);
  const options = list.map((v) => ({ value: String(v.version), label: `Version ${v.version}` }));

  return (
    <Modal opened={opened} onClose={onClose} title="Version history" size="xl" data-testid="report-versions-dialog">
      {versions.isLoading ? (
        <Loader size="sm" />
      ) : (
        <Stack gap="sm">
          <Table striped withTableBorder fz="xs" data-testid="report-version-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Version</Table.Th>
                <Table.Th>Saved by</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Saved at</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((v) => (
                <Table.Tr key={v.version} data-testid="report-version-row">
                  <Table.Td>{v.version}</Table.Td>
                  <Table.Td>{v.savedByName ?? '—'}</Table.Td>
                  <Table.Td>
                    <Badge size="xs" variant="light">
                      {v.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{formatDisplayDateTime(v.createdAt)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Group grow>
            <Select
              label="From"
              size="xs"
              data={options}
              value={from === null ? null : String(from)}
              onChange={(v) => setFrom(v === null ? null : Number(v))}
              data-testid="report-diff-from"
              clearable
            />
            <Select
              label="To"
              size="xs"
              data={options}
              value={to === null ? null : String(to)}
              onChange={(v) => setTo(v === null ? null : Number(v))}
              data-testid="report-diff-to"
            />
          </Group>
          <Text size="xs" c="dimmed" data-testid="report-diff-summary">
            {summary.added} words added, {summary.removed} removed
          </Text>
          <ScrollArea h={320} type="auto">
            <Text
              size="sm"
              style={{ whiteSpace: 'pre-wrap', lineHeight: 1.6 }}
              data-testid="report-diff"
              component="div"
            >
              {parts.map((p, n) =>
                p.kind === 'same' ? (
                  <span key={n}>{p.text}</span>
                ) : p.kind === 'added' ? (
                  <ins
                    key={n}
                    data-testid="diff-added"
                    style={{ background: 'var(--mantine-color-green-light)', textDecoration: 'none' }}
                  >
                    {p.text}
                  </ins>
                ) : (
                  <del key={n} data-testid="diff-removed" style={{ background: 'var(--mantine-color-red-light)' }}>
                    {p.text}
                  </del>
                ),
              )}
            </Text>
          </ScrollArea>
        </Stack>
      )}
    </Modal>
  );
}
