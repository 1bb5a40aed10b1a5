import { Alert, Badge, Button, Drawer, Group, Loader, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { RESULT_MESSAGES, RESULT_STATUS_LABELS, type OrderResults, type WorksheetTest } from '@rayworks/contracts';
import { useState } from 'react';
import { describeError } from '../../../api/client';
import { formatDisplayDateTime } from '../../../shared/format';
import { useResultHistory } from '../hooks/useWorksheet';
import { FLAG_DISPLAY } from '../hooks/worksheet-grid';

interface AmendProps {
  order: OrderResults | null;
  pending: boolean;
  onClose: () => void;
  onAmend: (order: OrderResults, reason: string) => void;
}

/** Reopens signed results for a correction: the reason is required and kept in the history. */
export function AmendModal({ order, pending, onClose, onAmend }: AmendProps) {
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const close = () => {
    setReason('');
    setTouched(false);
    onClose();
  };
  const missing = reason.trim() === '';
  return (
    <Modal
      opened={order !== null}
      onClose={close}
      title={order ? `Amend ${order.testName} — ${order.barcode}` : ''}
      centered
      size="md"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {order ? (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            setTouched(true);
            if (!missing) onAmend(order, reason.trim());
          }}
        >
          <Stack gap="md">
            <Text size="sm">
              The signed results stay in the history; the results open again as amendment {order.amendment + 1}, and the
              next report says it is amended.
            </Text>
            <Textarea
              label="Reason for the amendment"
              withAsterisk
              autosize
              minRows={3}
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              error={touched && missing ? RESULT_MESSAGES.reasonRequired : undefined}
              data-autofocus
              data-testid="amend-reason"
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={pending}>
                Cancel
              </Button>
              <Button type="submit" color="orange" loading={pending} data-testid="amend-submit">
                Amend
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Modal>
  );
}

interface HistoryProps {
  order: OrderResults | null;
  test: WorksheetTest | null;
  onClose: () => void;
}

/** An order's history: each signed set of results and each amendment with its reason, oldest first. */
export function HistoryDrawer({ order, test, onClose }: HistoryProps) {
  const history = useResultHistory(order?.orderId ?? null);
  const nameOf = (code: string) => test?.parameters.find((p) => p.code === code)?.name ?? code;
  return (
    <Drawer
      opened={order !== null}
      onClose={onClose}
      position="right"
      size="lg"
      title={order ? `History — ${order.testName} (${order.barcode})` : ''}
      closeButtonProps={{ 'aria-label': 'Close the history' }}
      data-testid="history-drawer"
    >
      {history.isLoading ? (
        <Loader size="sm" />
      ) : history.isError ? (
        <Alert color="red" variant="light">
          {describeError(history.error)}
        </Alert>
      ) : (history.data ?? []).length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="history-empty">
          Nothing signed or amended yet.
        </Text>
      ) : (
        <Stack gap="lg">
          {(history.data ?? []).map((entry, n) => (
            <Stack key={n} gap={6} data-testid="history-entry" data-status={entry.status}>
              <Group gap="xs">
                <Badge variant="light" color={entry.status === 'SIGNED' ? 'violet' : 'orange'}>
                  {entry.status === 'SIGNED' ? RESULT_STATUS_LABELS.SIGNED : 'Amendment'}{' '}
                  {entry.amendment > 0 ? entry.amendment : ''}
                </Badge>
                <Text size="sm">
                  {entry.by}, {formatDisplayDateTime(entry.at)}
                </Text>
              </Group>
              {entry.reason ? (
                <Text size="sm" data-testid="history-reason">
                  Reason: {entry.reason}
                </Text>
              ) : null}
              <Table withTableBorder fz="sm" verticalSpacing={4}>
                <Table.Tbody>
                  {entry.lines.map((line) => (
                    <Table.Tr key={line.code}>
                      <Table.Td>{nameOf(line.code)}</Table.Td>
                      <Table.Td ff="monospace">
                        {line.value === null
                          ? '—'
                          : typeof line.value === 'string'
                            ? line.value
                            : line.value.join(', ')}
                      </Table.Td>
                      <Table.Td>
                        {line.flag && line.flag !== 'ABSURD' && line.flag !== 'NORMAL'
                          ? `${FLAG_DISPLAY[line.flag].short} · ${FLAG_DISPLAY[line.flag].label}`
                          : ''}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          ))}
        </Stack>
      )}
    </Drawer>
  );
}
