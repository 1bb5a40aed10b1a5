import { Alert, Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import {
  CONSOLE_ROUTES,
  fillPath,
  labValueReading,
  labWorksheetQuery,
  type CriticalAlert,
  type CriticalLabFacts,
} from '@rayworks/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { describeError, shownByPolicy } from '../../../api/client';
import { formatDisplayDateTime } from '../../../shared/format';
import { toastError, toastSuccess } from '../../../shared/ui/toast';
import { useAcknowledgeCritical, useOpenCriticalAlerts, useSeesCriticalAlerts } from '../hooks/useCriticalAlerts';
import { NOTICE_LINK } from '../../../shared/ui/notice-link';

/**
 * The centre's open critical results, above every screen of the shell for the centre side (admins, reception):
 * each with its finding, who flagged it and when, ESCALATED once overdue, a link to the case and Acknowledge; a lab
 * order's (docs/decisions/0307) with its test, each critical value with its unit and flag, the sample and registration,
 * and a link to the lab's worksheet.
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
          // the text takes the line and Acknowledge keeps its whole width: on a phone it goes under the text
          // rather than being cut to 'Ack…' (issue 25 item 15)
          <Group
            key={alert.id}
            justify="space-between"
            wrap="wrap"
            gap="xs"
            align="flex-start"
            data-testid="critical-alert"
            data-alert-id={alert.id}
            data-status={alert.status}
          >
            {alert.lab ? <LabAlert alert={alert} lab={alert.lab} /> : <CaseAlert alert={alert} />}
            <Button
              size="xs"
              color="red"
              style={{ flexShrink: 0, overflow: 'visible' }}
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

function EscalatedBadge({ alert }: { alert: CriticalAlert }) {
  return alert.status === 'ESCALATED' ? (
    <Badge color="red" variant="filled" size="sm">
      Escalated
    </Badge>
  ) : null;
}

function CaseAlert({ alert }: { alert: CriticalAlert }) {
  return (
    <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
      <Group gap="xs">
        <EscalatedBadge alert={alert} />
        <Text size="sm" fw={600} style={{ wordBreak: 'break-word' }}>
          {alert.finding}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        Flagged by {alert.flaggedByName ?? 'the radiologist'} on {formatDisplayDateTime(alert.flaggedAt)}
        {alert.caseId ? (
          <>
            {' · '}
            <Anchor
              component={Link}
              to={fillPath(CONSOLE_ROUTES.casesView, { id: alert.caseId })}
              size="xs"
              {...NOTICE_LINK}
            >
              Open case
            </Anchor>
          </>
        ) : null}
      </Text>
    </Stack>
  );
}

/** A lab order's critical values: the test, each value with its unit and flag, where it came from, the worksheet. */
function LabAlert({ alert, lab }: { alert: CriticalAlert; lab: CriticalLabFacts }) {
  return (
    <Stack gap={4} style={{ minWidth: 0, flex: '1 1 16rem' }} data-testid="critical-alert-lab">
      <Group gap="xs">
        <EscalatedBadge alert={alert} />
        <Badge color="grape" variant="light" size="sm">
          Lab
        </Badge>
        <Text size="sm" fw={600} style={{ wordBreak: 'break-word' }}>
          {lab.test.name} ({lab.test.code})
        </Text>
      </Group>
      <Stack gap={0}>
        {lab.results.map((r) => (
          <Text
            key={r.parameterCode}
            size="sm"
            c="red.9"
            fw={600}
            style={{ wordBreak: 'break-word' }}
            data-testid="critical-alert-value"
            data-flag={r.flag}
          >
            {r.flag === 'CRITICAL_HIGH' ? '▲' : '▼'} {r.parameterName}: {labValueReading(r)}
          </Text>
        ))}
      </Stack>
      <Text size="xs" c="dimmed">
        Sample {lab.barcode} · Registration {lab.registrationNumber} · MR {lab.mrNumber} · Reported by{' '}
        {alert.flaggedByName ?? 'the analyzer'} on {formatDisplayDateTime(alert.flaggedAt)} ·{' '}
        <Anchor
          component={Link}
          to={`${CONSOLE_ROUTES.limsLisvalidation}?${labWorksheetQuery(lab)}`}
          size="xs"
          {...NOTICE_LINK}
          data-testid="critical-alert-worksheet"
        >
          Open worksheet
        </Anchor>
      </Text>
    </Stack>
  );
}
