import { Badge, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { shownByPolicy, describeError } from '../../api/client';
import { formatDisplayDateTime } from '../format';
import { toastError, toastSuccess } from '../ui/toast';
import { reportOutputApi } from './report-output-api';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[0-9 ()-]{7,20}$/;

/** Whose final report goes out: its case, and the patient the dialog offers as the addressee. */
export interface DeliveryTarget {
  caseId: string;
  /** DICOM PN (carets) or plain. */
  patientName: string;
  phoneNumber: string | null;
}

/**
 * Mail the PDF (/mail) or text a short-lived link (/sms/report), with the case's deliveries below. From the report
 * page, the worklist's Mail and the case page's (docs/decisions/0379).
 */
export function DeliveryDialog({
  channel,
  target,
  opened,
  onClose,
}: {
  channel: 'mail' | 'sms';
  target: DeliveryTarget;
  opened: boolean;
  onClose(): void;
}) {
  const queryClient = useQueryClient();
  const [to, setTo] = useState(channel === 'sms' ? (target.phoneNumber ?? '') : '');
  const [name, setName] = useState(channel === 'mail' ? target.patientName.replace(/\^+/g, ' ') : '');
  const [busy, setBusy] = useState(false);
  const deliveries = useQuery({
    queryKey: ['reporting', 'deliveries', target.caseId],
    queryFn: () => reportOutputApi.deliveries(target.caseId),
    enabled: opened,
    refetchInterval: opened ? 3000 : false,
  });
  const valid = channel === 'mail' ? EMAIL.test(to.trim()) : PHONE.test(to.trim());

  const send = async () => {
    setBusy(true);
    try {
      if (channel === 'mail') {
        const answer = await reportOutputApi.mail(target.caseId, to.trim(), name.trim() || undefined);
        toastSuccess(answer.data.message || answer.message);
      } else {
        const answer = await reportOutputApi.sms(target.caseId, to.trim());
        toastSuccess(answer.message || 'SMS queued');
      }
      await queryClient.invalidateQueries({ queryKey: ['reporting', 'deliveries', target.caseId] });
    } catch (e) {
      if (!shownByPolicy(e)) toastError(describeError(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={channel === 'mail' ? 'Mail the report' : 'Send the report by SMS'}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
      data-testid={`report-${channel}-dialog`}
    >
      <Stack gap="sm">
        <Group align="end" grow>
          <TextInput
            label={channel === 'mail' ? 'E-mail address' : 'Phone number'}
            value={to}
            onChange={(e) => setTo(e.currentTarget.value)}
            data-testid="delivery-to"
            error={
              to && !valid ? (channel === 'mail' ? 'Enter a valid e-mail address' : 'Enter a valid phone number') : null
            }
          />
          {channel === 'mail' && (
            <TextInput label="Name" value={name} onChange={(e) => setName(e.currentTarget.value)} />
          )}
        </Group>
        <Group justify="flex-end">
          <Button onClick={() => void send()} loading={busy} disabled={!valid} data-testid="delivery-send">
            Send
          </Button>
        </Group>
        <Text size="sm" fw={600}>
          Deliveries
        </Text>
        {(deliveries.data ?? []).length === 0 ? (
          <Text size="xs" c="dimmed">
            Nothing sent yet
          </Text>
        ) : (
          <Table fz="xs" withTableBorder data-testid="delivery-list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Channel</Table.Th>
                <Table.Th>To</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Attempts</Table.Th>
                <Table.Th>Sent</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {deliveries.data!.map((d) => (
                <Table.Tr key={d.id} data-testid="delivery-row" data-status={d.status}>
                  <Table.Td>{d.channel}</Table.Td>
                  <Table.Td>{d.to}</Table.Td>
                  <Table.Td>
                    <Badge
                      size="xs"
                      color={d.status === 'SENT' ? 'teal' : d.status === 'FAILED' ? 'red' : 'yellow'}
                      title={d.lastError ?? undefined}
                    >
                      {d.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{d.attempts}</Table.Td>
                  <Table.Td>{d.sentAt ? formatDisplayDateTime(d.sentAt) : '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </Modal>
  );
}
