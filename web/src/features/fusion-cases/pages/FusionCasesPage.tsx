import { Alert, Badge, Group, Pagination, Paper, Table, Tabs, Text } from '@mantine/core';
import { CONSOLE_ROUTES, FUSION_STATUSES, personName, routeTo, type Case } from '@rayworks/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { describeError } from '../../../api/client';
import { useRealtimeEvents } from '../../../realtime/useRealtimeEvents';
import { formatDicomDate, formatDisplayDateTime } from '../../../shared/format';
import { PageHeader } from '../../../shared/ui/PageHeader';
import {
  FUSION_CASES,
  FUSION_PAGE_SIZE,
  fetchFusionCases,
  fusionKeys,
  fusionStatusFromParams,
  fusionStatusLabel,
  pageFromParams,
} from '../hooks/fusion-cases';
import { TableScrollRegion } from '../../../shared/ui/TableScrollRegion';

const ALL = 'ALL';

/**
 * /fccases (spec §2; docs/decisions/0159-fusion-cases-page.md): the cases sent to the caller's fusion centres, by
 * fusion status, newest first; a row opens the case's details, where its fusion actions are. Follows changes live.
 */
export function FusionCasesPage() {
  const [params, setParams] = useSearchParams();
  const fusionStatus = fusionStatusFromParams(params);
  const page = pageFromParams(params);
  const set = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  const query = useQuery({
    queryKey: [...fusionKeys.list(FUSION_CASES), fusionStatus, page],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => fetchFusionCases(fusionStatus, page, signal),
  });
  const queryClient = useQueryClient();
  const changes = useRealtimeEvents('cases:case-changed');
  useEffect(() => {
    if (changes.length) void queryClient.invalidateQueries({ queryKey: fusionKeys.list(FUSION_CASES) });
  }, [changes.length, queryClient]);

  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / FUSION_PAGE_SIZE)) : 1;
  return (
    <>
      <PageHeader title="Fusion Cases" description="Cases sent to your fusion centres for reading." />
      <Paper withBorder radius="md" data-testid="fusion-cases" data-total={data?.total ?? ''}>
        <Tabs
          value={fusionStatus ?? ALL}
          onChange={(v) => set({ fs: v && v !== ALL ? v : null, page: null })}
          keepMounted={false}
        >
          <Tabs.List px="sm" pt="xs" style={{ flexWrap: 'wrap' }}>
            <Tabs.Tab value={ALL} data-testid="fusion-tab-ALL">
              All
            </Tabs.Tab>
            {FUSION_STATUSES.map((s) => (
              <Tabs.Tab key={s} value={s} data-testid={`fusion-tab-${s}`}>
                {fusionStatusLabel(s)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        {query.isError ? (
          <Alert m="md" color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="query-error">
            {describeError(query.error)}
          </Alert>
        ) : (
          <TableScrollRegion label="fusion cases list" minWidth={860}>
            <Table highlightOnHover verticalSpacing="sm" horizontalSpacing="md">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Patient</Table.Th>
                  <Table.Th>Study</Table.Th>
                  <Table.Th>From centre</Table.Th>
                  <Table.Th>Fusion status</Table.Th>
                  <Table.Th>Radiologist</Table.Th>
                  <Table.Th>Priority</Table.Th>
                  <Table.Th>Received</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data && data.cases.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={7}>
                      <Text size="sm" c="dimmed" ta="center" py="lg" data-testid="fusion-cases-empty">
                        {fusionStatus
                          ? `No case is ${fusionStatusLabel(fusionStatus)}.`
                          : 'No case has been sent to your fusion centres yet.'}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ) : null}
                {(data?.cases ?? []).map((c: Case) => (
                  <Table.Tr key={c._id} data-testid="fusion-case-row" data-case-id={c._id}>
                    <Table.Td>
                      <Text
                        component={Link}
                        to={routeTo(CONSOLE_ROUTES.casesView, { id: c._id })}
                        size="sm"
                        fw={500}
                        c="blue"
                      >
                        {personName(c.patientName)}
                      </Text>
                      <Text size="xs" c="dimmed">
                        ID {c.patientId}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {c.modality ? (
                          <Badge size="sm" variant="outline" radius="sm">
                            {c.modality}
                          </Badge>
                        ) : null}
                        <Text size="xs" c="dimmed">
                          {formatDicomDate(c.studyDate)}
                        </Text>
                      </Group>
                      <Text size="xs" lineClamp={1}>
                        {c.studyDescription ?? '—'}
                      </Text>
                    </Table.Td>
                    <Table.Td>{c.centreName ?? '—'}</Table.Td>
                    <Table.Td>
                      {c.fusionStatus ? (
                        <Badge variant="light" radius="sm" data-testid="fusion-status">
                          {fusionStatusLabel(c.fusionStatus)}
                        </Badge>
                      ) : (
                        '—'
                      )}
                    </Table.Td>
                    <Table.Td>{c.radiologistName ?? '—'}</Table.Td>
                    <Table.Td>{c.priority}</Table.Td>
                    <Table.Td>{formatDisplayDateTime(c.receivedAt)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScrollRegion>
        )}
        {pages > 1 ? (
          <Group justify="flex-end" p="sm">
            <Pagination
              total={pages}
              value={page}
              onChange={(p) => set({ page: p === 1 ? null : String(p) })}
              size="sm"
            />
          </Group>
        ) : null}
      </Paper>
    </>
  );
}
