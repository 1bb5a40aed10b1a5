import { Paper, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled panel of a record's screen (an invoice's items, its payments, a day's collection). */
export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper withBorder radius="md" p="lg" data-testid={testId}>
      <Title order={2} fz="md" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
