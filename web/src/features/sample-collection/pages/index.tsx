import { Badge, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import {
  SAMPLE_SCREEN_TEXT as T,
  SAMPLE_STATUS_LABELS,
  SAMPLE_STATUSES,
  SPECIFIC,
  type Sample,
} from '@rayworks/contracts';
import { IconDroplet, IconPrinter } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useCan } from '../../../shared/hooks/useCan';
import { formatDisplayDateTime } from '../../../shared/format';
import { containerName, orderedTestCodes, sampleTypeName } from '../../../shared/samples/sample-names';
import { SampleStatusBadge } from '../../../shared/samples/SampleStatusBadge';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ServerTable, type Column } from '../../../shared/ui/ServerTable';
import { CollectDialog } from '../components/CollectDialog';
import { printLabels } from '../hooks/print-labels';
import { fetchSamplesPage, limsKeys, SAMPLES, statusFilterOf } from '../hooks/useSamples';

const STATUS_OPTIONS = [
  ...SAMPLE_STATUSES.map((s) => ({ value: s, label: SAMPLE_STATUS_LABELS[s] })),
  { value: 'ALL', label: 'All statuses' },
];

/**
 * /samplecollection: the samples of the centres the user reaches — by default those still to collect — with their
 * patient, sample type, container and tests; print a sample's barcode label, and collect it (who, when, where).
 */
export function SampleCollectionPage() {
  const can = useCan();
  const canCollect = can('SAMPLE_COLLECTION', SPECIFIC.COLLECT);
  const [params, setParams] = useSearchParams();
  const status = statusFilterOf(params);
  const [collecting, setCollecting] = useState<Sample | null>(null);

  const columns: Column<Sample>[] = [
    {
      key: 'barcode',
      label: 'Barcode',
      sortKey: 'barcode',
      render: (s) => (
        <Stack gap={2}>
          <Text size="sm" ff="monospace" fw={600} data-testid="sample-barcode">
            {s.barcode}
          </Text>
          {s.recollectionOf ? (
            <Badge size="xs" color="red" variant="outline" tt="none">
              Recollect
            </Badge>
          ) : null}
        </Stack>
      ),
    },
    {
      key: 'patient',
      label: 'Patient',
      sortKey: 'patientName',
      render: (s) => (
        <div>
          <Text size="sm" fw={500}>
            {s.patientName}
          </Text>
          <Text size="xs" c="dimmed">
            MR {s.mrNumber} · {s.registrationNumber}
          </Text>
        </div>
      ),
    },
    {
      key: 'sample',
      label: 'Sample',
      render: (s) => (
        <div>
          <Text size="sm">{sampleTypeName(s.sampleType)}</Text>
          <Text size="xs" c="dimmed">
            {containerName(s.container)}
          </Text>
        </div>
      ),
    },
    { key: 'tests', label: 'Tests', render: (s) => orderedTestCodes(s).join(', ') },
    { key: 'status', label: 'Status', sortKey: 'status', render: (s) => <SampleStatusBadge status={s.status} /> },
    {
      key: 'registeredAt',
      label: 'Registered',
      sortKey: 'registeredAt',
      render: (s) => formatDisplayDateTime(s.registeredAt),
    },
    {
      key: 'actions',
      label: 'Actions',
      render: (s) => (
        <Group gap={6} wrap="nowrap">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPrinter size={14} />}
            onClick={() => printLabels([s])}
            data-testid="print-label"
          >
            Label
          </Button>
          {canCollect && s.status === 'PENDING_COLLECTION' ? (
            <Button
              size="xs"
              leftSection={<IconDroplet size={14} />}
              onClick={() => setCollecting(s)}
              data-testid="collect-sample"
            >
              {T.collect}
            </Button>
          ) : null}
        </Group>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={T.collectionTitle}
        description="Samples of your centres' registrations: print the labels, then record each collection."
      />
      <Paper withBorder radius="md" p="sm" mb="sm">
        <Select
          label="Status"
          data={STATUS_OPTIONS}
          value={status ?? 'ALL'}
          onChange={(value) => {
            const next = new URLSearchParams(params);
            next.set('status', value ?? 'PENDING_COLLECTION');
            next.delete('page');
            setParams(next, { replace: true });
          }}
          allowDeselect={false}
          w={220}
          data-testid="sample-filter-status"
        />
      </Paper>
      <ServerTable
        id="samples"
        queryKey={[...limsKeys.list(SAMPLES), status ?? 'ALL']}
        fetchPage={fetchSamplesPage(status)}
        columns={columns}
        rowKey={(s) => s._id}
        searchPlaceholder="Barcode, MR No. or name"
        defaultSort={{ sortBy: 'registeredAt', sortDir: 'desc' }}
        emptyText={T.noSamples}
      />
      {collecting ? <CollectDialog sample={collecting} onClose={() => setCollecting(null)} /> : null}
    </>
  );
}
