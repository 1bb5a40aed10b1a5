import { ActionIcon, Anchor, Badge, Button, Menu, Stack, Tabs, Text, Title } from '@mantine/core';
import { CONSOLE_ROUTES, GENERIC, SPECIFIC, type Analyzer, type AnalyzerResult } from '@rayworks/contracts';
import { IconDotsVertical, IconListDetails, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useCan } from '../../../shared/hooks/useCan';
import { ActiveToggle } from '../../../shared/ui/ActiveToggle';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ServerTable, type Column } from '../../../shared/ui/ServerTable';
import {
  AddAnalyzerModal,
  AnalyzerCodesModal,
  DiscardResultModal,
  ResolveResultModal,
} from '../components/AnalyzerModals';
import {
  ANALYZER_RESULTS,
  ANALYZERS,
  analyzerStatus,
  fetchAnalyzersPage,
  fetchRefusedPage,
  fetchUnmatchedPage,
  limsKeys,
} from '../hooks/useAnalyzers';

type Dialog =
  | { kind: 'add' }
  | { kind: 'codes'; analyzer: Analyzer }
  | { kind: 'resolve'; result: AnalyzerResult }
  | { kind: 'discard'; result: AnalyzerResult }
  | null;

const when = (iso: string) => new Date(iso).toLocaleString();

/**
 * /lab-management: the laboratory's analyzers (docs/decisions/0301) — register one with the identity it sends, its
 * code map, activate/inactivate — and the unmatched results queue (0303): what analyzers sent that no sample or code
 * matched, matched by hand or discarded, and the values refused as outside their parameter's possible range.
 */
export function LabManagementPage() {
  const can = useCan();
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const canCreate = can('LAB_MANAGEMENT', GENERIC.CREATE);
  const canEdit = can('LAB_MANAGEMENT', GENERIC.EDIT);
  const canSeeResults = can('LIMS', GENERIC.VIEW, SPECIFIC.VALIDATE);
  const canValidate = can('LIMS', SPECIFIC.VALIDATE);

  const analyzerColumns: Column<Analyzer>[] = [
    {
      key: 'name',
      label: 'Analyzer',
      sortKey: 'name',
      render: (a) => (
        <Text size="sm" fw={500}>
          {a.name}
        </Text>
      ),
    },
    {
      key: 'centre',
      label: 'Centre',
      render: (a) => <Text size="sm">{a.centreName ?? (a.centreId ? '' : 'No centre')}</Text>,
    },
    {
      key: 'protocol',
      label: 'Protocol',
      sortKey: 'protocol',
      render: (a) => <Badge variant="light">{a.protocol}</Badge>,
    },
    {
      key: 'sender',
      label: 'Sends as',
      render: (a) => (
        <Text size="sm" ff="monospace">
          {a.sendingApplication}
          {a.sendingFacility ? ` / ${a.sendingFacility}` : ''}
        </Text>
      ),
    },
    {
      key: 'status',
      label: 'Active',
      render: (a) => (
        <ActiveToggle
          entity="Analyzer"
          name={a.name}
          active={a.isActive}
          allowed={can('LAB_MANAGEMENT', GENERIC.ISACTIVE)}
          {...analyzerStatus(a._id)}
          testId={`analyzer-active-${a.name}`}
        />
      ),
    },
    {
      key: 'actions',
      label: '',
      width: 56,
      align: 'right',
      render: (a) => (
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Codes of ${a.name}`}
          onClick={() => setDialog({ kind: 'codes', analyzer: a })}
          disabled={!canEdit}
          data-testid={`analyzer-codes-${a.name}`}
        >
          <IconListDetails size={16} />
        </ActionIcon>
      ),
    },
  ];

  const resultColumns = (refused: boolean): Column<AnalyzerResult>[] => [
    {
      key: 'receivedAt',
      label: 'Received',
      sortKey: 'receivedAt',
      render: (r) => <Text size="sm">{when(r.receivedAt)}</Text>,
    },
    { key: 'analyzer', label: 'Analyzer', render: (r) => <Text size="sm">{r.analyzerName}</Text> },
    {
      key: 'barcode',
      label: 'Barcode',
      sortKey: 'barcode',
      render: (r) => (
        <Text size="sm" ff="monospace">
          {r.barcode}
        </Text>
      ),
    },
    {
      key: 'value',
      label: 'Result',
      sortKey: 'analyzerCode',
      render: (r) => (
        <Text size="sm">
          {r.analyzerCode} = {r.value} {r.unit ?? ''}
        </Text>
      ),
    },
    { key: 'note', label: refused ? 'Refused' : 'Why it waits', render: (r) => <Text size="sm">{r.note}</Text> },
    {
      key: 'actions',
      label: '',
      width: 56,
      align: 'right',
      render: (r) =>
        canValidate ? (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Actions for ${r.barcode} ${r.analyzerCode}`}
                data-testid={`result-actions-${r.barcode}-${r.analyzerCode}`}
              >
                <IconDotsVertical size={16} />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {refused ? null : <Menu.Item onClick={() => setDialog({ kind: 'resolve', result: r })}>Match</Menu.Item>}
              <Menu.Item onClick={() => setDialog({ kind: 'discard', result: r })}>Discard</Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ) : null,
    },
  ];

  return (
    <>
      <PageHeader
        title="Lab Management"
        description={
          <>
            Analyzers that send results to the laboratory over HL7 or ASTM, and the results waiting to be matched.
            Reference labs and their manifests are under{' '}
            <Anchor
              component={Link}
              to={CONSOLE_ROUTES.outsourcingLab}
              underline="always"
              data-testid="lab-management-outsourcing"
            >
              Outsourcing Lab
            </Anchor>
            .
          </>
        }
        actions={
          canCreate ? (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setDialog({ kind: 'add' })}
              data-testid="analyzers-add"
            >
              Add Analyzer
            </Button>
          ) : null
        }
      />
      <Tabs defaultValue="analyzers" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="analyzers">Analyzers</Tabs.Tab>
          {canSeeResults ? (
            <Tabs.Tab value="unmatched" data-testid="tab-unmatched">
              Unmatched results
            </Tabs.Tab>
          ) : null}
        </Tabs.List>
        <Tabs.Panel value="analyzers">
          <ServerTable
            id="analyzers"
            queryKey={limsKeys.list(ANALYZERS)}
            fetchPage={fetchAnalyzersPage}
            columns={analyzerColumns}
            rowKey={(a) => a._id}
            searchPlaceholder="Search analyzers"
            defaultSort={{ sortBy: 'name', sortDir: 'asc' }}
            activeFilter
            emptyText="No analyzers yet."
          />
        </Tabs.Panel>
        {canSeeResults ? (
          <Tabs.Panel value="unmatched">
            <Stack gap="lg">
              <ServerTable
                id="unmatched-results"
                queryKey={[...limsKeys.list(ANALYZER_RESULTS), 'UNMATCHED']}
                fetchPage={fetchUnmatchedPage}
                columns={resultColumns(false)}
                rowKey={(r) => r._id}
                searchPlaceholder="Barcode or analyzer code"
                defaultSort={{ sortBy: 'receivedAt', sortDir: 'desc' }}
                emptyText="Nothing waits: every result sent was matched."
              />
              <Title order={4}>Refused (outside the possible range)</Title>
              <ServerTable
                id="refused-results"
                queryKey={[...limsKeys.list(ANALYZER_RESULTS), 'REFUSED']}
                fetchPage={fetchRefusedPage}
                columns={resultColumns(true)}
                rowKey={(r) => r._id}
                searchPlaceholder="Barcode or analyzer code"
                defaultSort={{ sortBy: 'receivedAt', sortDir: 'desc' }}
                emptyText="No value was refused."
              />
            </Stack>
          </Tabs.Panel>
        ) : null}
      </Tabs>
      {dialog?.kind === 'add' ? <AddAnalyzerModal onClose={close} /> : null}
      {dialog?.kind === 'codes' ? <AnalyzerCodesModal analyzer={dialog.analyzer} onClose={close} /> : null}
      {dialog?.kind === 'resolve' ? <ResolveResultModal result={dialog.result} onClose={close} /> : null}
      {dialog?.kind === 'discard' ? <DiscardResultModal result={dialog.result} onClose={close} /> : null}
    </>
  );
}
