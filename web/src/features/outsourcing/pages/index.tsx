import { ActionIcon, Anchor, Badge, Button, Group, Tabs, Text } from '@mantine/core';
import { CONSOLE_ROUTES, GENERIC, type Manifest, type OutsourcingLab } from '@rayworks/contracts';
import { IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { formatDisplayDateTime } from '../../../shared/format';
import { useCan } from '../../../shared/hooks/useCan';
import { ActiveToggle } from '../../../shared/ui/ActiveToggle';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { ServerTable, type Column } from '../../../shared/ui/ServerTable';
import { LabDrawer } from '../components/LabDrawer';
import { ManifestDrawer, ManifestProgress, ManifestStatusBadge, NewManifestModal } from '../components/ManifestDialogs';
import {
  fetchLabsPage,
  fetchManifestsPage,
  labStatus,
  limsKeys,
  MANIFESTS,
  OUTSOURCING_LABS,
} from '../hooks/useOutsourcing';

type Dialog =
  { kind: 'lab'; lab: OutsourcingLab | null } | { kind: 'new-manifest' } | { kind: 'manifest'; id: string } | null;

/**
 * /outsourcing-lab (docs/decisions/0312): the outsourcing labs — who they are and the tests each performs, with the
 * analyzer their HL7 results come as — and the manifests of accepted samples sent to them: made from the samples
 * waiting for a test the lab performs, printed, dispatched with the courier, marked received, completed as the
 * results come in (typed on the LIS worksheet, which names the lab, or over HL7).
 */
export function OutsourcingLabPage() {
  const can = useCan();
  const [tab, setTab] = useState<string | null>('manifests');
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);
  const canCreate = can('LAB_MANAGEMENT', GENERIC.CREATE);
  const canEdit = can('LAB_MANAGEMENT', GENERIC.EDIT);

  const labColumns: Column<OutsourcingLab>[] = [
    {
      key: 'name',
      label: 'Lab',
      sortKey: 'name',
      render: (l) => (
        <div>
          <Text size="sm" fw={500}>
            {l.name}
          </Text>
          <Text size="xs" c="dimmed">
            {[l.contactPerson, l.phone, l.email].filter(Boolean).join(' · ')}
          </Text>
        </div>
      ),
    },
    { key: 'code', label: 'Code', sortKey: 'code', render: (l) => <Text size="sm">{l.code}</Text> },
    {
      key: 'tests',
      label: 'Tests performed',
      render: (l) => (
        <Group gap={4}>
          {l.tests.map((t) => (
            <Badge key={t.testCode} variant="light" title={`${t.testName}: ${t.turnaroundHours} h`}>
              {t.testCode} · {t.turnaroundHours} h
            </Badge>
          ))}
        </Group>
      ),
    },
    {
      key: 'analyzer',
      label: 'HL7 results',
      render: (l) => <Text size="sm">{l.analyzerName ?? '—'}</Text>,
    },
    {
      key: 'status',
      label: 'Active',
      render: (l) => (
        <ActiveToggle
          entity="Outsourcing Lab"
          name={l.name}
          active={l.isActive}
          allowed={can('LAB_MANAGEMENT', GENERIC.ISACTIVE)}
          {...labStatus(l._id)}
          testId={`lab-active-${l.code}`}
        />
      ),
    },
    {
      key: 'actions',
      label: '',
      width: 56,
      align: 'right',
      render: (l) => (
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Edit ${l.name}`}
          disabled={!canEdit}
          onClick={() => setDialog({ kind: 'lab', lab: l })}
          data-testid={`lab-edit-${l.code}`}
        >
          <IconPencil size={16} />
        </ActionIcon>
      ),
    },
  ];

  const manifestColumns: Column<Manifest>[] = [
    {
      key: 'number',
      label: 'Manifest',
      sortKey: 'number',
      render: (m) => (
        <Anchor
          component="button"
          type="button"
          ff="monospace"
          onClick={() => setDialog({ kind: 'manifest', id: m._id })}
          data-testid={`manifest-open-${m.number}`}
        >
          {m.number}
        </Anchor>
      ),
    },
    { key: 'lab', label: 'Lab', render: (m) => <Text size="sm">{m.labName}</Text> },
    { key: 'status', label: 'Status', sortKey: 'status', render: (m) => <ManifestStatusBadge status={m.status} /> },
    { key: 'samples', label: 'Samples', render: (m) => <Text size="sm">{m.progress.samples}</Text> },
    { key: 'progress', label: 'Results', render: (m) => <ManifestProgress m={m} /> },
    {
      key: 'createdAt',
      label: 'Created',
      sortKey: 'createdAt',
      render: (m) => <Text size="sm">{formatDisplayDateTime(m.created.at)}</Text>,
    },
    {
      key: 'dispatched',
      label: 'Dispatched',
      render: (m) => (
        <Text size="sm">{m.dispatched ? `${formatDisplayDateTime(m.dispatched.at)} · ${m.courier ?? ''}` : '—'}</Text>
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title="Outsourcing Lab"
        description="Reference labs, the tests they perform, and the manifests of samples sent to them."
        actions={
          canCreate ? (
            <Group gap="sm">
              <Button
                variant="default"
                leftSection={<IconPlus size={16} />}
                onClick={() => setDialog({ kind: 'lab', lab: null })}
                data-testid="lab-add"
              >
                Add Outsourcing Lab
              </Button>
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={() => setDialog({ kind: 'new-manifest' })}
                data-testid="manifest-add"
              >
                New Manifest
              </Button>
            </Group>
          ) : null
        }
      />
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="manifests" data-testid="tab-manifests">
            Manifests
          </Tabs.Tab>
          <Tabs.Tab value="labs" data-testid="tab-labs">
            Labs
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="manifests">
          <ServerTable
            id="manifests"
            queryKey={limsKeys.list(MANIFESTS)}
            fetchPage={fetchManifestsPage}
            columns={manifestColumns}
            rowKey={(m) => m._id}
            searchPlaceholder="Manifest number or sample barcode"
            defaultSort={{ sortBy: 'createdAt', sortDir: 'desc' }}
            emptyText="No manifests yet: send accepted samples to a lab with New Manifest."
          />
        </Tabs.Panel>
        <Tabs.Panel value="labs">
          <ServerTable
            id="outsourcing-labs"
            queryKey={limsKeys.list(OUTSOURCING_LABS)}
            fetchPage={fetchLabsPage}
            columns={labColumns}
            rowKey={(l) => l._id}
            searchPlaceholder="Search labs"
            defaultSort={{ sortBy: 'name', sortDir: 'asc' }}
            activeFilter
            emptyText="No outsourcing labs yet."
          />
          <Text size="xs" c="dimmed" mt="sm">
            A lab that sends its results over HL7 is linked to an analyzer of{' '}
            <Anchor component={Link} to={CONSOLE_ROUTES.labManagement} size="xs" underline="always">
              Lab Management
            </Anchor>
            , with its code map.
          </Text>
        </Tabs.Panel>
      </Tabs>
      {dialog?.kind === 'lab' ? <LabDrawer lab={dialog.lab} onClose={close} /> : null}
      {dialog?.kind === 'new-manifest' ? (
        <NewManifestModal onClose={close} onMade={(m) => setDialog({ kind: 'manifest', id: m._id })} />
      ) : null}
      {dialog?.kind === 'manifest' ? <ManifestDrawer id={dialog.id} onClose={close} /> : null}
    </>
  );
}
