import { Group, Stack, Table, Text } from '@mantine/core';
import { formatMoney, money, PAYMENT_MODE_LABELS, type CollectionFigures } from '@rayworks/contracts';
import type { CurrencyCode } from '@rayworks/validation';
import { MoneyText } from '../../../shared/finance/MoneyText';
import { PhoneRow } from '../../../shared/finance/PhoneRow';
import { plural } from '../../../shared/plural';
import { TableScrollRegion } from '../../../shared/ui/TableScrollRegion';

/** A collection by payment mode (payments − refunds), with its sums: a day's, a user's, the desk's own. */
export function CollectionTable({
  collection,
  currency,
  testId,
}: {
  collection: CollectionFigures;
  currency: CurrencyCode;
  testId: string;
}) {
  if (collection.byMode.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid={`${testId}-empty`}>
        No payment or refund on this day.
      </Text>
    );
  return (
    <>
      <Stack gap={6} hiddenFrom="sm" data-testid={`${testId}-phone`}>
        {collection.byMode.map((line) => (
          <PhoneRow key={line.mode} amount={<MoneyText minor={line.netMinor} currency={currency} fw={600} />} py={0}>
            <Text size="sm">{PAYMENT_MODE_LABELS[line.mode]}</Text>
            <Text size="xs" c="dimmed">
              {plural(line.payments, 'payment')}
              {line.refunds > 0 ? ` · refunds ${formatMoney(money(line.refundedMinor, currency))}` : ''}
            </Text>
          </PhoneRow>
        ))}
        <Group justify="space-between" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }} pt={6}>
          <Text size="sm" fw={700}>
            Total
          </Text>
          <MoneyText minor={collection.netMinor} currency={currency} fw={700} />
        </Group>
      </Stack>
      <TableScrollRegion label="Collection by payment mode" minWidth={520} visibleFrom="sm">
        <Table fz="sm" verticalSpacing={6} data-testid={testId}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Mode</Table.Th>
              <Table.Th ta="right">Payments</Table.Th>
              <Table.Th ta="right">Refunds</Table.Th>
              <Table.Th ta="right">Net</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {collection.byMode.map((line) => (
              <Table.Tr key={line.mode} data-testid={`${testId}-mode`} data-mode={line.mode}>
                <Table.Td>{PAYMENT_MODE_LABELS[line.mode]}</Table.Td>
                <Table.Td ta="right">
                  <MoneyText minor={line.paidMinor} currency={currency} />{' '}
                  <Text span size="xs" c="dimmed">
                    ({line.payments})
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <MoneyText minor={line.refundedMinor} currency={currency} />{' '}
                  <Text span size="xs" c="dimmed">
                    ({line.refunds})
                  </Text>
                </Table.Td>
                <Table.Td ta="right">
                  <MoneyText minor={line.netMinor} currency={currency} fw={600} testId={`${testId}-net-${line.mode}`} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th>Total</Table.Th>
              <Table.Th ta="right">
                <MoneyText minor={collection.paidMinor} currency={currency} fw={600} />
              </Table.Th>
              <Table.Th ta="right">
                <MoneyText minor={collection.refundedMinor} currency={currency} fw={600} />
              </Table.Th>
              <Table.Th ta="right">
                <MoneyText minor={collection.netMinor} currency={currency} fw={700} testId={`${testId}-net`} />
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </TableScrollRegion>
    </>
  );
}
