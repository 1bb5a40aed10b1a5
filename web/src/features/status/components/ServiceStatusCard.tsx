import { Alert, Box, Card, Group, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { formatDateTime, formatTime } from '../../../shared/format';
import { ClockIcon, PlugOffIcon } from '../../../shared/ui/icons';
import type { TargetReadiness } from '../hooks/useSystemReadiness';
import { describeFailure, readinessPath, TARGET_LABELS, type StatusTarget } from '../readiness';
import { DependencyChecks } from './DependencyChecks';
import { ReadinessBadge } from './ReadinessBadge';

/** One card per target: name, Ready / Not ready, its dependency checks and when it was last checked. */
export function ServiceStatusCard({ readiness }: { readiness: TargetReadiness }) {
  const { target, state, report, error, lastAttemptAt } = readiness;
  const { title, description } = TARGET_LABELS[target];
  const accent =
    state === 'ready'
      ? 'var(--mantine-color-teal-6)'
      : state === 'checking'
        ? 'var(--mantine-color-gray-4)'
        : 'var(--mantine-color-red-6)';

  return (
    <Card
      h="100%"
      data-testid={`service-row-${target}`}
      data-state={state}
      style={{ borderTop: `3px solid ${accent}` }}
      aria-label={`${title}: ${state === 'ready' ? 'ready' : state === 'checking' ? 'checking' : 'not ready'}`}
    >
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Title order={3} fz="lg" data-testid={`service-name-${target}`}>
              {title}
            </Title>
            <Text size="sm" c="dimmed" lineClamp={2}>
              {description}
            </Text>
          </div>
          <ReadinessBadge target={target} state={state} />
        </Group>

        {state === 'unreachable' ? (
          <Alert
            variant="light"
            color="red"
            icon={<PlugOffIcon />}
            title="No answer"
            data-testid={`service-error-${target}`}
          >
            {describeFailure(target, error)}
          </Alert>
        ) : report ? (
          <DependencyChecks target={target} checks={report.checks} />
        ) : (
          <Stack gap={8} aria-hidden="true">
            <Skeleton h={14} />
            <Skeleton h={14} />
            <Skeleton h={14} w="70%" />
          </Stack>
        )}

        <Box mt="auto" pt={4}>
          <CheckedAt
            report={report}
            unreachable={state === 'unreachable'}
            lastAttemptAt={lastAttemptAt}
            target={target}
          />
        </Box>
      </Stack>
    </Card>
  );
}

function CheckedAt({
  target,
  report,
  unreachable,
  lastAttemptAt,
}: {
  target: StatusTarget;
  report: TargetReadiness['report'];
  unreachable: boolean;
  lastAttemptAt: number;
}) {
  // A report carries the service's own check time; a failed call only has the browser's attempt time.
  const when = !unreachable && report ? report.checkedAt : lastAttemptAt || null;
  if (!when) return null;
  const prefix = unreachable ? 'Last attempt' : 'Checked';
  return (
    <Tooltip label={`${prefix} ${formatDateTime(when)} · GET ${readinessPath(target)}`} withArrow multiline maw={320}>
      <Group gap={6} c="dimmed" wrap="nowrap" w="fit-content">
        <ClockIcon size={14} />
        <Text
          size="xs"
          c="dimmed"
          style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
          data-testid={`service-checked-at-${target}`}
        >
          {prefix} {formatTime(when)}
        </Text>
      </Group>
    </Tooltip>
  );
}
