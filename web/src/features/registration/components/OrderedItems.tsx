import { ActionIcon, Alert, Badge, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
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
    <Stack gap="xs" data-testid="desk-items">
      {items.map((item) => {
        const line = quote?.lines.find((l) => l.code === item.code && l.kind === item.kind);
        const lineTotal = totals?.lines.find((l) => l.lineId === item.code);
        return (
          <Paper
            key={`${item.kind}:${item.code}`}
            withBorder
            radius="sm"
            px="sm"
            py={8}
            data-testid={`desk-item-${item.code}`}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {item.code} · {item.name}
                </Text>
                {line && line.kind === 'PACKAGE' ? (
                  <Text size="xs" c="dimmed">
                    Orders {line.tests.map((t) => t.code).join(', ')}
                  </Text>
                ) : null}
                {needApproval.includes(item.code) ? (
                  <Text size="xs" c="orange.8" data-testid={`desk-item-approval-${item.code}`}>
                    Above your discount limit: needs an approval
                  </Text>
                ) : null}
              </div>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove ${item.code}`}
                onClick={() => onRemove(item.code)}
                data-testid={`desk-remove-${item.code}`}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
            <Group justify="space-between" wrap="nowrap" gap="sm" mt={6} align="flex-start">
              <Stack gap={2} style={{ flexShrink: 0 }}>
                <Text size="sm" data-testid={`desk-price-${item.code}`}>
                  {line ? rupees(line.unitMinor) : '—'}
                </Text>
                {line && line.priceKind !== 'normal' ? (
                  <Badge size="xs" variant="light" tt="none" color={line.priceKind === 'holiday' ? 'grape' : 'indigo'}>
                    {PRICE_KIND_LABELS[line.priceKind]}
                  </Badge>
                ) : null}
              </Stack>
              <TextInput
                size="xs"
                w={{ base: 84, sm: 130 }}
                value={item.discount}
                onChange={(e) => onDiscount(item.code, e.currentTarget.value)}
                placeholder="₹ or %"
                aria-label={`Discount on ${item.code}`}
                error={discountProblems[item.code]}
                autoComplete="off"
                data-testid={`desk-discount-${item.code}`}
              />
              <Text size="sm" fw={600} ta="right" miw={90} data-testid={`desk-amount-${item.code}`}>
                {lineTotal ? rupeesExact(lineTotal.totalExact) : '—'}
              </Text>
            </Group>
          </Paper>
        );
      })}
    </Stack>
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
