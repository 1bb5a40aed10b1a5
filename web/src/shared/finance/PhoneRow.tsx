import { Group, Stack, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  children: ReactNode;
  amount: ReactNode;
  testId?: string;
  /** Space above and below the row (a ledger's rows are spaced; a short list in a stack with its own gap is not). */
  py?: MantineSpacing | number;
}

/** One row of a phone's list in place of a wide table: a title and what it says on the left, the amount on the right. */
export function PhoneRow({ children, amount, testId, py = 8 }: Props) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" py={py} gap="sm" data-testid={testId}>
      <Stack gap={0} style={{ minWidth: 0 }}>
        {children}
      </Stack>
      <div style={{ textAlign: 'right' }}>{amount}</div>
    </Group>
  );
}
