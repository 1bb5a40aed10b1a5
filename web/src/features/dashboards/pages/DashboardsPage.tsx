import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Alert, Group, Paper, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { CASES_API, WORKLIST } from '@rayworks/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';
import { callApi, describeError } from '../../../api/client';
import { queryKeysOf } from '../../../api/queries';
import { useRealtimeEvents } from '../../../realtime/useRealtimeEvents';
import { useCan } from '../../../shared/hooks/useCan';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PageLoader } from '../../../shared/ui/PageLoader';
import {
  breakdownBars,
  formatMinutes,
  headline,
  modalityTurnaround,
  statusBars,
  turnaroundBars,
  WINDOWS,
} from '../hooks/dashboard-data';
import { Section } from '../../../shared/ui/Section';

const statisticsKey = queryKeysOf('cases').kind('statistics');

function Figure({ label, value, color, testId }: { label: string; value: number; color?: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Text fz={28} fw={700} c={color} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value.toLocaleString('en-GB')}
      </Text>
    </Paper>
  );
}

const Empty = ({ text }: { text: string }) => (
  <Text size="sm" c="dimmed" py="xl" ta="center">
    {text}
  </Text>
);

/**
 * /dashboards (docs/decisions/0157-dashboards.md): the caller's cases per status, per centre and per radiologist
 * (the maintained counts), overdue and due-soon cases, and the median turnaround per modality, centre and
 * radiologist over a window — all from /getworklist/statistics with its breakdown, under the same reach rule as
 * the worklist. Refreshes when a case changes.
 */
export function DashboardsPage() {
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const windowHours = WINDOWS.some((w) => w.value === params.get('window')) ? params.get('window')! : '24';
  const centreId = params.get('centre') ?? undefined;
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const allowed = can('WORKLIST', WORKLIST.VIEW);
  const query = useQuery({
    queryKey: [...statisticsKey, 'dashboard', windowHours, centreId ?? null],
    enabled: allowed,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) =>
      (
        await callApi(CASES_API.getWorklistStatistics, {
          body: { breakdown: true, windowHours: Number(windowHours), ...(centreId ? { centreId } : {}) },
          signal,
          background: true,
        })
      ).data,
  });

  // a case moved somewhere in the caller's reach: the counts follow (at most once every two seconds)
  const queryClient = useQueryClient();
  const changes = useRealtimeEvents('cases:case-changed');
  const last = useRef(0);
  useEffect(() => {
    if (changes.length === 0) return;
    const wait = Math.max(0, 2000 - (Date.now() - last.current));
    const timer = window.setTimeout(() => {
      last.current = Date.now();
      void queryClient.invalidateQueries({ queryKey: statisticsKey });
    }, wait);
    return () => window.clearTimeout(timer);
  }, [changes.length, queryClient]);

  const header = (
    <PageHeader
      title="Dashboards"
      description="Cases in your reach per status, centre and radiologist, and how long they take."
    />
  );
  if (!allowed) {
    return (
      <>
        {header}
        <Alert color="yellow" variant="light" icon={<IconAlertCircle size={18} />} data-testid="dashboards-no-worklist">
          The dashboards show worklist figures: your role has no access to the worklist.
        </Alert>
      </>
    );
  }
  if (query.isLoading) return <PageLoader />;
  if (query.isError || !query.data) {
    return (
      <>
        {header}
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="query-error">
          {describeError(query.error)}
        </Alert>
      </>
    );
  }
  const stats = query.data;
  const top = headline(stats);
  const byCentre = stats.byCentre ?? [];
  const byRadiologist = stats.byRadiologist ?? [];
  const centres = breakdownBars(byCentre, 'No centre');
  const radiologists = breakdownBars(byRadiologist, 'Not assigned');
  const windowLabel = WINDOWS.find((w) => w.value === windowHours)!.label.toLowerCase();
  const modalities = modalityTurnaround(stats);
  const centreTurnaround = turnaroundBars(byCentre, 'No centre');
  const radiologistTurnaround = turnaroundBars(byRadiologist, 'Not assigned');

  return (
    <>
      {header}
      <Stack gap="lg" data-testid="dashboards">
        <Group gap="md" wrap="wrap">
          <SegmentedControl
            value={windowHours}
            onChange={(v) => set('window', v === '24' ? null : v)}
            data={WINDOWS.map((w) => ({ value: w.value, label: w.label }))}
            data-testid="dashboards-window"
          />
          {byCentre.length > 1 || centreId ? (
            <Select
              placeholder="Every centre"
              clearable
              searchable
              value={centreId ?? null}
              onChange={(v) => set('centre', v)}
              data={byCentre.filter((c) => c.id !== null).map((c) => ({ value: c.id!, label: c.name ?? c.id! }))}
              aria-label="Centre"
              w={240}
              data-testid="dashboards-centre"
            />
          ) : null}
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
          <Figure label="All cases" value={top.total} testId="dashboards-total" />
          <Figure label="Open" value={top.open} testId="dashboards-open" />
          <Figure
            label="Overdue"
            value={top.overdue}
            color={top.overdue ? 'red' : undefined}
            testId="dashboards-overdue"
          />
          <Figure
            label="Due within the hour"
            value={top.dueWithinHour}
            color={top.dueWithinHour ? 'orange' : undefined}
            testId="dashboards-due-soon"
          />
          <Figure label={`Completed, ${windowLabel}`} value={top.completedInWindow} testId="dashboards-completed" />
        </SimpleGrid>

        <Section titleGap="md" title="Cases per status" testId="dashboards-status-chart">
          {top.total === 0 ? (
            <Empty text="No cases yet." />
          ) : (
            <BarChart
              h={260}
              data={statusBars(stats)}
              dataKey="status"
              series={[{ name: 'cases', label: 'Cases', color: 'blue.6' }]}
              withBarValueLabel
              tickLine="y"
              xAxisProps={{ interval: 0, tick: { fontSize: 11, fill: 'var(--mantine-color-dimmed)' } }}
              yAxisProps={{ allowDecimals: false }}
            />
          )}
        </Section>

        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
          <Section titleGap="md" title="Cases per centre" testId="dashboards-centre-chart">
            {centres.bars.length === 0 ? (
              <Empty text="No cases yet." />
            ) : (
              <BarChart
                h={Math.max(200, centres.bars.length * 36 + 80)}
                data={centres.bars}
                dataKey="name"
                type="stacked"
                orientation="vertical"
                series={centres.series}
                withLegend
                legendProps={{ verticalAlign: 'bottom' }}
                yAxisProps={{ width: 140 }}
                xAxisProps={{ allowDecimals: false }}
              />
            )}
          </Section>
          <Section titleGap="md" title="Cases per radiologist" testId="dashboards-radiologist-chart">
            {radiologists.bars.length === 0 ? (
              <Empty text="No cases yet." />
            ) : (
              <BarChart
                h={Math.max(200, radiologists.bars.length * 36 + 80)}
                data={radiologists.bars}
                dataKey="name"
                type="stacked"
                orientation="vertical"
                series={radiologists.series}
                withLegend
                legendProps={{ verticalAlign: 'bottom' }}
                yAxisProps={{ width: 140 }}
                xAxisProps={{ allowDecimals: false }}
              />
            )}
          </Section>
        </SimpleGrid>

        <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="lg">
          <Section
            titleGap="md"
            title={`Median turnaround per modality, ${windowLabel}`}
            testId="dashboards-modality-turnaround"
          >
            {modalities.length === 0 ? (
              <Empty text="No case completed in this window." />
            ) : (
              <BarChart
                h={240}
                data={modalities}
                dataKey="name"
                series={[{ name: 'minutes', label: 'Median', color: 'teal.6' }]}
                valueFormatter={formatMinutes}
              />
            )}
          </Section>
          <Section
            titleGap="md"
            title={`Median turnaround per centre, ${windowLabel}`}
            testId="dashboards-centre-turnaround"
          >
            {centreTurnaround.length === 0 ? (
              <Empty text="No case completed in this window." />
            ) : (
              <BarChart
                h={240}
                data={centreTurnaround}
                dataKey="name"
                series={[{ name: 'minutes', label: 'Median', color: 'teal.6' }]}
                valueFormatter={formatMinutes}
              />
            )}
          </Section>
          <Section
            titleGap="md"
            title={`Median turnaround per radiologist, ${windowLabel}`}
            testId="dashboards-radiologist-turnaround"
          >
            {radiologistTurnaround.length === 0 ? (
              <Empty text="No case completed in this window." />
            ) : (
              <BarChart
                h={240}
                data={radiologistTurnaround}
                dataKey="name"
                series={[{ name: 'minutes', label: 'Median', color: 'teal.6' }]}
                valueFormatter={formatMinutes}
              />
            )}
          </Section>
        </SimpleGrid>
      </Stack>
    </>
  );
}
