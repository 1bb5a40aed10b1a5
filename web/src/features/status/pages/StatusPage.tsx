import { Box, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { useState } from 'react';
import { formatTime } from '../../../shared/format';
import { RefreshIcon } from '../../../shared/ui/icons';
import { ServiceStatusCard } from '../components/ServiceStatusCard';
import { StatusSummary } from '../components/StatusSummary';
import { useSystemReadiness } from '../hooks/useSystemReadiness';
import { READINESS_REFRESH_MS } from '../readiness';

/** Public page (/status): is the gateway and every service ready, and if not, which dependency is down. */
export function StatusPage() {
  useDocumentTitle('System status · Rayworks');
  const { targets, lastUpdatedAt, refresh } = useSystemReadiness();
  // The button spins only for a refresh the operator asked for, not for every 5-second poll.
  const [refreshing, setRefreshing] = useState(false);
  const refreshNow = () => {
    setRefreshing(true);
    void refresh().finally(() => setRefreshing(false));
  };
  const gateway = targets.find((t) => t.target === 'gateway');
  const services = targets.filter((t) => t.target !== 'gateway');

  return (
    <Stack gap="lg" data-testid="status-page">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            System status
          </Title>
          <Text c="dimmed" size="sm">
            Readiness of the gateway and every service, refreshed every {READINESS_REFRESH_MS / 1000} seconds.
          </Text>
        </div>
        <Group gap="sm" wrap="nowrap">
          {lastUpdatedAt > 0 ? (
            <Text size="sm" c="dimmed" data-testid="status-updated-at" style={{ fontVariantNumeric: 'tabular-nums' }}>
              Updated {formatTime(lastUpdatedAt)}
            </Text>
          ) : null}
          <Button
            variant="default"
            size="sm"
            leftSection={<RefreshIcon size={16} />}
            loading={refreshing}
            onClick={refreshNow}
            data-testid="status-refresh"
          >
            Refresh
          </Button>
        </Group>
      </Group>

      <StatusSummary targets={targets} />

      {gateway ? (
        <Box component="section" aria-labelledby="status-gateway-heading">
          <Title order={2} fz="sm" tt="uppercase" c="dimmed" fw={600} mb="xs" id="status-gateway-heading">
            Gateway
          </Title>
          <ServiceStatusCard readiness={gateway} />
        </Box>
      ) : null}

      <Box component="section" aria-labelledby="status-services-heading">
        <Title order={2} fz="sm" tt="uppercase" c="dimmed" fw={600} mb="xs" id="status-services-heading">
          Services
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {services.map((readiness) => (
            <ServiceStatusCard key={readiness.target} readiness={readiness} />
          ))}
        </SimpleGrid>
      </Box>
    </Stack>
  );
}
