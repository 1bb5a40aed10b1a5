import {
  Badge,
  Button,
  Checkbox,
  Drawer,
  Group,
  Loader,
  Modal,
  Progress,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  MANIFEST_STATUS_LABELS,
  manifestEventsIn,
  type Manifest,
  type ManifestDetail,
  type ManifestStatus,
} from '@rayworks/contracts';
import { IconPrinter } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { formatDisplayDateTime } from '../../../shared/format';
import { containerName, sampleTypeName } from '../../../shared/samples/sample-names';
import { TableScrollRegion } from '../../../shared/ui/TableScrollRegion';
import { printManifest } from '../hooks/print-manifest';
import {
  useActiveLabs,
  useCandidates,
  useCreateManifest,
  useManifest,
  useMoveManifest,
  type ManifestMove,
} from '../hooks/useOutsourcing';

export const STATUS_COLOR: Record<ManifestStatus, string> = {
  DRAFT: 'gray',
  DISPATCHED: 'blue',
  RECEIVED_BY_LAB: 'violet',
  COMPLETED: 'teal',
  CANCELLED: 'red',
};

export function ManifestStatusBadge({ status }: { status: ManifestStatus }) {
  return (
    <Badge color={STATUS_COLOR[status]} variant="light" data-testid="manifest-status">
      {MANIFEST_STATUS_LABELS[status]}
    </Badge>
  );
}

/** How many of the manifest's outsourced tests have their results. */
export function ManifestProgress({ m }: { m: Pick<Manifest, 'progress'> }) {
  const { orders, resulted } = m.progress;
  return (
    <Stack gap={2} miw={120}>
      <Text size="xs" data-testid="manifest-progress">
        {resulted} of {orders} results in
      </Text>
      <Progress value={orders === 0 ? 0 : (resulted / orders) * 100} size="sm" aria-hidden />
    </Stack>
  );
}

/** Chooses an outsourcing lab and the accepted samples to send it (orders it performs only). */
export function NewManifestModal({ onClose, onMade }: { onClose: () => void; onMade: (m: ManifestDetail) => void }) {
  const labs = useActiveLabs();
  const [labId, setLabId] = useState<string | null>(null);
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const candidates = useCandidates(labId);
  const create = useCreateManifest(onMade);
  const toggle = (id: string) =>
    setChosen((c) => {
      const next = new Set(c);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const items = candidates.data ?? [];
  return (
    <Modal opened onClose={onClose} title="New Manifest" centered size="xl" data-testid="manifest-new">
      <Stack gap="sm">
        <Select
          label="Outsourcing lab"
          placeholder="Choose the lab"
          data={(labs.data ?? []).map((l) => ({ value: l._id, label: `${l.name} (${l.code})` }))}
          value={labId}
          onChange={(v) => {
            setLabId(v);
            setChosen(new Set());
          }}
          data-testid="manifest-lab"
        />
        {labId === null ? null : candidates.isPending ? (
          <Loader size="sm" />
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="manifest-no-candidates">
            No accepted sample waits for a test this lab performs.
          </Text>
        ) : (
          <ScrollArea.Autosize mah={360} type="auto">
            <Table striped highlightOnHover data-testid="manifest-candidates">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label="Choose every sample"
                      checked={chosen.size === items.length}
                      indeterminate={chosen.size > 0 && chosen.size < items.length}
                      onChange={() =>
                        setChosen(chosen.size === items.length ? new Set() : new Set(items.map((c) => c.sampleId)))
                      }
                    />
                  </Table.Th>
                  <Table.Th>Barcode</Table.Th>
                  <Table.Th>Patient</Table.Th>
                  <Table.Th>Tests to send</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((c) => (
                  <Table.Tr key={c.sampleId}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Send ${c.barcode}`}
                        checked={chosen.has(c.sampleId)}
                        onChange={() => toggle(c.sampleId)}
                        data-testid={`candidate-${c.barcode}`}
                      />
                    </Table.Td>
                    <Table.Td ff="monospace">{c.barcode}</Table.Td>
                    <Table.Td>
                      {c.patientName}
                      <Text size="xs" c="dimmed">
                        MR {c.mrNumber}
                      </Text>
                    </Table.Td>
                    <Table.Td>{c.orders.map((o) => o.testCode).join(', ')}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          <Button
            disabled={labId === null || chosen.size === 0}
            loading={create.isPending}
            onClick={() => create.mutate({ labId: labId!, sampleIds: [...chosen] })}
            data-testid="manifest-create"
          >
            Create Manifest{chosen.size > 0 ? ` (${chosen.size})` : ''}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Hands the manifest to the courier: who carries it and the tracking note. */
function DispatchForm({ m, onDone }: { m: ManifestDetail; onDone: () => void }) {
  const [courier, setCourier] = useState('');
  const [trackingNote, setTrackingNote] = useState('');
  const dispatch = useMoveManifest('dispatch', onDone);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    dispatch.mutate({ id: m._id, version: m.version, courier, trackingNote });
  };
  return (
    <form noValidate onSubmit={onSubmit} data-testid="manifest-dispatch-form">
      <Stack gap="xs">
        <Group grow align="flex-start">
          <TextInput
            label="Courier"
            required
            value={courier}
            onChange={(e) => setCourier(e.currentTarget.value)}
            data-testid="manifest-courier"
          />
          <Textarea
            label="Tracking note"
            autosize
            minRows={1}
            value={trackingNote}
            onChange={(e) => setTrackingNote(e.currentTarget.value)}
            data-testid="manifest-tracking"
          />
        </Group>
        <Group justify="flex-end">
          <Button type="submit" loading={dispatch.isPending} data-testid="manifest-dispatch">
            Dispatch
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const when = (step: { name: string; at: string } | null) =>
  step ? `${formatDisplayDateTime(step.at)} · ${step.name}` : '—';

/** A manifest: its samples and their tests' progress, the sheet to print, and the moves its status allows. */
export function ManifestDrawer({ id, onClose }: { id: string; onClose: () => void }) {
  const manifest = useManifest(id);
  const [asked, setAsked] = useState<ManifestMove | null>(null);
  const receive = useMoveManifest('receive', () => setAsked(null));
  const cancel = useMoveManifest('cancel', () => setAsked(null));
  const m = manifest.data;
  const allowed = m ? manifestEventsIn(m.status) : [];
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size="xl"
      title={m ? `Manifest ${m.number}` : 'Manifest'}
      closeButtonProps={{ 'aria-label': 'Close the manifest' }}
      data-testid="manifest-drawer"
    >
      {!m ? (
        <Loader size="sm" />
      ) : (
        <Stack gap="md">
          <Group justify="space-between" align="flex-start" wrap="wrap">
            <Stack gap={4}>
              <Group gap="xs">
                <ManifestStatusBadge status={m.status} />
                <Text fw={600}>
                  {m.labName} ({m.labCode})
                </Text>
              </Group>
              <Text size="sm">Created: {when(m.created)}</Text>
              <Text size="sm">Dispatched: {when(m.dispatched)}</Text>
              {m.courier ? (
                <Text size="sm">
                  Courier: {m.courier}
                  {m.trackingNote ? ` · ${m.trackingNote}` : ''}
                </Text>
              ) : null}
              <Text size="sm">Received by lab: {when(m.received)}</Text>
              {m.completedAt ? <Text size="sm">Completed: {formatDisplayDateTime(m.completedAt)}</Text> : null}
              {m.cancelled ? <Text size="sm">Cancelled: {when(m.cancelled)}</Text> : null}
            </Stack>
            <Stack gap="xs" align="flex-end">
              <ManifestProgress m={m} />
              <Button
                variant="default"
                leftSection={<IconPrinter size={16} />}
                onClick={() => printManifest(m)}
                data-testid="manifest-print"
              >
                Print Manifest
              </Button>
            </Stack>
          </Group>
          {allowed.includes('manifest.dispatch') ? <DispatchForm m={m} onDone={() => undefined} /> : null}
          <Group gap="sm">
            {allowed.includes('manifest.receive') ? (
              <Button
                loading={receive.isPending}
                onClick={() =>
                  asked === 'receive' ? receive.mutate({ id: m._id, version: m.version }) : setAsked('receive')
                }
                data-testid="manifest-receive"
              >
                {asked === 'receive' ? 'Confirm: received by the lab' : 'Mark Received'}
              </Button>
            ) : null}
            {allowed.includes('manifest.cancel') ? (
              <Button
                color="red"
                variant="light"
                loading={cancel.isPending}
                onClick={() =>
                  asked === 'cancel' ? cancel.mutate({ id: m._id, version: m.version }) : setAsked('cancel')
                }
                data-testid="manifest-cancel"
              >
                {asked === 'cancel' ? 'Confirm: cancel the manifest' : 'Cancel Manifest'}
              </Button>
            ) : null}
          </Group>
          <TableScrollRegion minWidth={560} label="Samples on the manifest">
            <Table striped data-testid="manifest-samples">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Barcode</Table.Th>
                  <Table.Th>Patient</Table.Th>
                  <Table.Th>Sample</Table.Th>
                  <Table.Th>Tests</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {m.samples.map((s) => (
                  <Table.Tr key={s.sampleId} data-testid={`manifest-sample-${s.barcode}`}>
                    <Table.Td ff="monospace">{s.barcode}</Table.Td>
                    <Table.Td>
                      {s.patientName}
                      <Text size="xs" c="dimmed">
                        MR {s.mrNumber}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {sampleTypeName(s.sampleType)}
                      <Text size="xs" c="dimmed">
                        {containerName(s.container)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {s.orders.map((o) => (
                          <Badge
                            key={o.orderId}
                            variant={o.resulted ? 'filled' : 'outline'}
                            color={o.resulted ? 'teal' : 'gray'}
                            title={o.resulted ? `${o.testName}: results in` : `${o.testName}: waiting`}
                          >
                            {o.testCode}
                            {o.resulted ? ' ✓' : ''}
                          </Badge>
                        ))}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScrollRegion>
        </Stack>
      )}
    </Drawer>
  );
}
