import { Alert, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { CLOSING_RESULT_LABELS, formatReportDate, type DayClosing } from '@rayworks/contracts';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatCentreDate } from '../../../shared/finance/centre-date';
import { MoneyText } from '../../../shared/finance/MoneyText';
import { RESULT_COLORS } from '../hooks/day-end-form';

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {children}
    </Stack>
  );
}

/**
 * A closed day: what was counted, what the day's cash said, the difference (short, over or balanced), who and when —
 * the time on the centre's clock, like the day itself (a reader west of the centre would otherwise read a close of
 * 30 Nov made 'at 29 Nov, 08:37 PM').
 */
export function ClosingSummary({ closing, timeZone }: { closing: DayClosing; timeZone: string }) {
  const color = RESULT_COLORS[closing.result];
  return (
    <Alert
      color={color}
      variant="light"
      icon={<IconLock size={18} />}
      title={`The day ${formatCentreDate(closing.date)} is closed`}
      data-testid="day-closed"
      data-result={closing.result}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Line label="Counted cash">
            <MoneyText minor={closing.countedCashMinor} currency={closing.currency} fw={600} testId="closing-counted" />
          </Line>
          <Line label="Expected cash">
            <MoneyText
              minor={closing.expectedCashMinor}
              currency={closing.currency}
              fw={600}
              testId="closing-expected"
            />
          </Line>
          <Line label="Difference">
            <Group gap={6} wrap="nowrap">
              <MoneyText
                minor={closing.differenceMinor}
                currency={closing.currency}
                fw={700}
                testId="closing-difference"
              />
              <Text size="sm" fw={600} data-testid="closing-result">
                {CLOSING_RESULT_LABELS[closing.result]}
              </Text>
            </Group>
          </Line>
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          Closed by {closing.closedBy.loginName} at {formatReportDate(closing.closedAt, timeZone)}
          {closing.note ? ` · ${closing.note}` : ''}
        </Text>
      </Stack>
    </Alert>
  );
}
