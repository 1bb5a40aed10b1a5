import { Badge, Table, Text } from '@mantine/core';
import type { ReadinessReport } from '@rayworks/contracts';
import { formatLatency } from '../../../shared/format';
import { checkLabel, type StatusTarget } from '../readiness';

/** One row per dependency a service checked: up/down, round-trip time and the error when down. */
export function DependencyChecks({ target, checks }: { target: StatusTarget; checks: ReadinessReport['checks'] }) {
  const entries = Object.entries(checks);
  if (entries.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No dependency checks reported.
      </Text>
    );
  }
  return (
    <Table verticalSpacing={6} horizontalSpacing="xs" fz="sm" layout="fixed" data-testid={`service-checks-${target}`}>
      <Table.Thead>
        <Table.Tr c="dimmed" fz="xs">
          <Table.Th fw={500}>Dependency</Table.Th>
          <Table.Th fw={500} w={76} ta="right">
            Latency
          </Table.Th>
          <Table.Th fw={500} w={88} ta="right">
            Status
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map(([name, check]) => (
          <Table.Tr key={name} data-testid={`service-check-${target}-${name}`} data-status={check.status}>
            <Table.Td>
              <Text size="sm" fw={500} truncate>
                {checkLabel(name)}
              </Text>
              {check.error ? (
                <Text size="xs" c="red" lineClamp={2} title={check.error}>
                  {check.error}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td ta="right" c="dimmed" style={{ fontVariantNumeric: 'tabular-nums' }}>
              {formatLatency(check.latencyMs)}
            </Table.Td>
            <Table.Td ta="right">
              <Badge size="sm" variant="light" color={check.status === 'up' ? 'teal' : 'red'}>
                {check.status === 'up' ? 'Up' : 'Down'}
              </Badge>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
