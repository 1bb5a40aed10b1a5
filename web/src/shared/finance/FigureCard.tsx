import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  label: string;
  children: ReactNode;
  /** A line under the figure (what it counts). */
  hint?: ReactNode;
  testId?: string;
}

/** One headline figure of a finance screen: a small upper-case label over a large value. */
export function FigureCard({ label, children, hint, testId }: Props) {
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Text component="div" fz={24} fw={700} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {children}
      </Text>
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Paper>
  );
}
