import { Alert, Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { CONSOLE_ROUTES, fillPath } from '@rayworks/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { describeError, shownByPolicy } from '../../../api/client';
import { formatDisplayDateTime } from '../../../shared/format';
import { toastError, toastSuccess } from '../../../shared/ui/toast';
import { useAcknowledgeCritical, useOpenCriticalAlerts, useSeesCriticalAlerts } from '../hooks/useCriticalAlerts';

/**
 * The centre's open critical results, above every screen of the shell for the centre side (admins, reception):
 * each with its finding, who flagged it and when, ESCALATED once overdue, a link to the case and Acknowledge.
 * Live: a flag, an escalation or an acknowledgement anywhere updates it (socket `critical:alert`).
 */
export function CriticalAlertsBanner() {
  const sees = useSeesCriticalAlerts();
  if (!sees) return null;
  return <OpenAlerts />;
}

function OpenAlerts() {
  const { query: alerts, realtime } = useOpenCriticalAlerts(true);
  const acknowledge = useAcknowledgeCritical();
  const items = alerts.data ?? [];
  // nothing to show: only a hidden mark of the watch (its connection state), for tests and diagnostics
  if (items.length === 0) return <span hidden data-testid="critical-alerts-watch" data-realtime={realtime} />;
  return (
    <Alert
      color="red"
      variant="light"
      mb="md"
      icon={<IconAlertTriangle />}
      title={`Critical results waiting for acknowledgement (${items.length})`}
      data-testid="critical-alerts"
      data-realtime={realtime}
    >
      <Stack gap="xs">
        {items.map((alert) => (
          <Group
            key={alert.id}
            justify="space-between"
            wrap="nowrap"
            align="flex-start"
            data-testid="critical-alert"
            data-alert-id={alert.id}
            data-status={alert.status}
          >
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Group gap="xs">
                {alert.status === 'ESCALATED' ? (
                  <Badge color="red" variant="filled" size="sm">
                    Escalated
                  </Badge>
                ) : null}
                <Text size="sm" fw={600} style={{ wordBreak: 'break-word' }}>
                  {alert.finding}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                Flagged by {alert.flaggedByName ?? 'the radiologist'} on {formatDisplayDateTime(alert.flaggedAt)} ·{' '}
                <Anchor component={Link} to={fillPath(CONSOLE_ROUTES.casesView, { id: alert.caseId })} size="xs">
                  Open case
                </Anchor>
              </Text>
            </Stack>
            <Button
              size="xs"
              color="red"
              data-testid="critical-acknowledge"
              loading={acknowledge.isPending && acknowledge.variables === alert.id}
              onClick={() =>
                acknowledge.mutate(alert.id, {
                  onSuccess: (result) => toastSuccess(result.message),
                  onError: (error) => {
                    if (!shownByPolicy(error)) toastError(describeError(error));
                  },
                })
              }
            >
              Acknowledge
            </Button>
          </Group>
        ))}
      </Stack>
    </Alert>
  );
}
