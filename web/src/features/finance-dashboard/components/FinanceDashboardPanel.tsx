import { Alert, Group, Paper, SegmentedControl, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import {
  FINANCE_PERIODS,
  GENERIC,
  isFinancePeriod,
  PAYMENT_MODE_LABELS,
  type FinancePeriod,
} from '@rayworks/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useSearchParams } from 'react-router-dom';
import { describeError } from '../../../api/client';
import { formatCentreDate } from '../../../shared/finance/centre-date';
import { FigureCard } from '../../../shared/finance/FigureCard';
import { MoneyText } from '../../../shared/finance/MoneyText';
import { plural } from '../../../shared/plural';
import { useCan } from '../../../shared/hooks/useCan';
import { useFinanceDashboard } from '../hooks/useFinanceDashboard';
import { TableScrollRegion } from '../../../shared/ui/TableScrollRegion';

/**
 * The finance figures of the dashboards (docs/decisions/0280): revenue, collection by mode and what is owed now, for
 * the centres the user reaches, from billing's /finance/dashboard — shown only with FINANCE VIEW (a centre's money is
 * not every dashboard viewer's), never a number the service did not answer. The dashboard's centre filter (`centre`)
 * narrows them too.
 */
export function FinanceDashboardPanel() {
  const can = useCan();
  const [params, setParams] = useSearchParams();
  const allowed = can('FINANCE', GENERIC.VIEW);
  const asked = params.get('finance');
  const period: FinancePeriod = isFinancePeriod(asked) ? asked : 'month';
  const centreId = params.get('centre');
  const query = useFinanceDashboard(period, centreId, allowed);
  if (!allowed) return null;
  const setPeriod = (value: string) => {
    const next = new URLSearchParams(params);
    next.set('finance', value);
    setParams(next, { replace: true });
  };
  const d = query.data;
  const money = (minor: number, testId?: string) =>
    d ? <MoneyText minor={minor} currency={d.currency} fz="inherit" fw="inherit" testId={testId} /> : null;

  return (
    <Paper withBorder radius="md" p="lg" mt="md" data-testid="finance-dashboard">
      <Group justify="space-between" mb="md" gap="sm" wrap="wrap">
        <Stack gap={0}>
          <Title order={2} fz="md">
            Finance
          </Title>
          <Text size="xs" c="dimmed">
            {d
              ? `${formatCentreDate(d.from)}${d.to === d.from ? '' : ` – ${formatCentreDate(d.to)}`}, each centre on its own clock; owed is as of now.`
              : 'Each centre on its own clock; owed is as of now.'}
          </Text>
        </Stack>
        <SegmentedControl
          size="xs"
          value={period}
          onChange={setPeriod}
          data={FINANCE_PERIODS.map((p) => ({ value: p.value, label: p.label }))}
          aria-label="Finance period"
          data-testid="finance-period"
        />
      </Group>
      {query.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} data-testid="finance-error">
          {describeError(query.error)}
        </Alert>
      ) : !d ? (
        <Text size="sm" c="dimmed">
          Loading…
        </Text>
      ) : (
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
            <FigureCard label="Revenue" hint="Invoiced less credit notes">
              {money(d.totals.revenueMinor, 'finance-revenue')}
            </FigureCard>
            <FigureCard label="Collection" hint="Payments less refunds">
              {money(d.totals.collection.netMinor, 'finance-collection')}
            </FigureCard>
            <FigureCard label="Outstanding" hint="Owed now">
              {money(d.totals.outstandingMinor, 'finance-outstanding')}
            </FigureCard>
            <FigureCard label="Invoiced" hint={plural(d.totals.invoices, 'invoice')}>
              {money(d.totals.invoicedMinor)}
            </FigureCard>
            <FigureCard label="Credit Notes" hint={plural(d.totals.creditNotes, 'credit note')}>
              {money(d.totals.creditedMinor)}
            </FigureCard>
          </SimpleGrid>
          {d.totals.collection.byMode.length > 0 ? (
            <Group gap="lg" data-testid="finance-by-mode">
              {d.totals.collection.byMode.map((m) => (
                <Text key={m.mode} size="sm">
                  {PAYMENT_MODE_LABELS[m.mode]} <MoneyText minor={m.netMinor} currency={d.currency} fw={600} />
                </Text>
              ))}
            </Group>
          ) : null}
          {d.byCentre.length > 1 ? (
            <TableScrollRegion label="Figures by centre" minWidth={560}>
              <Table fz="sm" verticalSpacing={6} data-testid="finance-by-centre">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Centre</Table.Th>
                    <Table.Th ta="right">Revenue</Table.Th>
                    <Table.Th ta="right">Collection</Table.Th>
                    <Table.Th ta="right">Outstanding</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.byCentre.map((c) => (
                    <Table.Tr key={c.centre.id}>
                      <Table.Td>{c.centre.name}</Table.Td>
                      <Table.Td ta="right">
                        <MoneyText minor={c.revenueMinor} currency={d.currency} />
                      </Table.Td>
                      <Table.Td ta="right">
                        <MoneyText minor={c.collection.netMinor} currency={d.currency} />
                      </Table.Td>
                      <Table.Td ta="right">
                        <MoneyText minor={c.outstandingMinor} currency={d.currency} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScrollRegion>
          ) : null}
        </Stack>
      )}
    </Paper>
  );
}
