import { ActionIcon, Alert, Badge, Group, Table, Text, TextInput } from '@mantine/core';
import { PRICE_KIND_LABELS, type InvoiceTotals, type Quote } from '@rayworks/contracts';
import { IconAlertTriangle, IconTrash } from '@tabler/icons-react';
import { rupees, rupeesExact, type DeskItem } from '../hooks/desk-form';

/**
 * The visit's tests and packages: each with the price the centre's calendar gives now (its kind named), the desk's
 * discount as typed ('10%' or rupees) and the line's amount; a package lists the tests it orders.
 */
export function OrderedItems({
  items,
  quote,
  totals,
  discountProblems,
  needApproval,
  onDiscount,
  onRemove,
}: {
  items: readonly DeskItem[];
  quote: Quote | undefined;
  totals: InvoiceTotals | undefined;
  discountProblems: Record<string, string>;
  needApproval: readonly string[];
  onDiscount: (code: string, text: string) => void;
  onRemove: (code: string) => void;
}) {
  if (items.length === 0) return null;
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table verticalSpacing={6} fz="sm" data-testid="desk-items">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Item</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th w={130}>Discount</Table.Th>
            <Table.Th ta="right">Amount</Table.Th>
            <Table.Th w={40} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => {
            const line = quote?.lines.find((l) => l.code === item.code && l.kind === item.kind);
            const lineTotal = totals?.lines.find((l) => l.lineId === item.code);
            return (
              <Table.Tr key={`${item.kind}:${item.code}`} data-testid={`desk-item-${item.code}`}>
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {item.code} · {item.name}
                  </Text>
                  {line && line.kind === 'PACKAGE' ? (
                    <Text size="xs" c="dimmed">
                      {line.tests.map((t) => t.code).join(', ')}
                    </Text>
                  ) : null}
                  {needApproval.includes(item.code) ? (
                    <Text size="xs" c="orange.8" data-testid={`desk-item-approval-${item.code}`}>
                      Above your discount limit: needs an approval
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td ta="right">
                  {line ? (
                    <>
                      <Text size="sm">{rupees(line.unitMinor)}</Text>
                      {line.priceKind !== 'normal' ? (
                        <Badge size="xs" variant="light" color={line.priceKind === 'holiday' ? 'grape' : 'indigo'}>
                          {PRICE_KIND_LABELS[line.priceKind]}
                        </Badge>
                      ) : null}
                    </>
                  ) : (
                    <Text size="sm" c="dimmed">
                      —
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  <TextInput
                    size="xs"
                    value={item.discount}
                    onChange={(e) => onDiscount(item.code, e.currentTarget.value)}
                    placeholder="₹ or %"
                    aria-label={`Discount on ${item.code}`}
                    error={discountProblems[item.code]}
                    autoComplete="off"
                    data-testid={`desk-discount-${item.code}`}
                  />
                </Table.Td>
                <Table.Td ta="right">{lineTotal ? rupeesExact(lineTotal.totalExact) : '—'}</Table.Td>
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Remove ${item.code}`}
                    onClick={() => onRemove(item.code)}
                    data-testid={`desk-remove-${item.code}`}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The price kind of the visit when it is not the normal price, named (the desk sees why the price is higher). */
export function PriceKindNotice({ notice }: { notice: string | null }) {
  if (!notice) return null;
  return (
    <Alert color="grape" variant="light" icon={<IconAlertTriangle size={18} />} py="xs" data-testid="desk-price-kind">
      <Group gap={6}>{notice}</Group>
    </Alert>
  );
}
