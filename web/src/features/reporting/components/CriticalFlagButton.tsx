import { Badge, Button, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { CRITICAL_FINDING_MAX } from '@rayworks/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { formatDisplayDateTime } from '../../../shared/format';
import { useCaseCriticalAlerts, useFlagCritical } from '../hooks/useCriticalAlerts';

/**
 * The report editor's "Critical result" action (test id `report-critical`): a dialog where the reading radiologist
 * writes the critical finding and flags it; the case's centre is told at once and must acknowledge. The dialog lists
 * the case's earlier alerts with their state.
 */
export function CriticalFlagButton({ caseId, disabled = false }: { caseId: string; disabled?: boolean }) {
  const [opened, dialog] = useDisclosure(false);
  const [finding, setFinding] = useState('');
  const history = useCaseCriticalAlerts(caseId, opened);
  const flag = useFlagCritical(caseId, () => {
    setFinding('');
    dialog.close();
  });
  const text = finding.trim();

  return (
    <>
      <Button
        variant="light"
        color="red"
        leftSection={<IconAlertTriangle size={16} />}
        onClick={dialog.open}
        disabled={disabled}
        data-testid="report-critical"
      >
        Critical result
      </Button>
      <Modal opened={opened} onClose={dialog.close} title="Flag a critical result" data-testid="critical-flag-dialog">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            The case&apos;s centre is told at once by e-mail and on screen, and must acknowledge; it escalates to the
            centre admin if nobody does in time.
          </Text>
          <Textarea
            label="Critical finding"
            autosize
            minRows={3}
            maxLength={CRITICAL_FINDING_MAX}
            value={finding}
            onChange={(e) => setFinding(e.currentTarget.value)}
            data-testid="critical-finding"
            data-autofocus
          />
          <Button
            color="red"
            disabled={text.length === 0}
            loading={flag.isPending}
            onClick={() => flag.mutate(text)}
            data-testid="critical-flag-submit"
          >
            Flag critical result
          </Button>
          {(history.data ?? []).length > 0 ? (
            <Stack gap={4} data-testid="critical-flag-history">
              <Text size="xs" fw={600}>
                Earlier alerts of this case
              </Text>
              {history.data!.map((a) => (
                <Text size="xs" key={a.id}>
                  <Badge size="xs" color={a.status === 'ACKNOWLEDGED' ? 'teal' : 'red'} mr={6}>
                    {a.status}
                  </Badge>
                  {a.finding} — {formatDisplayDateTime(a.flaggedAt)}
                </Text>
              ))}
            </Stack>
          ) : null}
        </Stack>
      </Modal>
    </>
  );
}
