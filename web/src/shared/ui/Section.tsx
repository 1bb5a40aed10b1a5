import { Paper, Title, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  title: string;
  children: ReactNode;
  testId?: string;
  /** The space under the title ('sm' for a record's ledger-like panels, 'md' for a summary's or a chart's). */
  titleGap?: MantineSpacing;
}

/** A titled panel of a screen (an invoice's items, a day's collection, a case's summary, a dashboard's chart). */
export function Section({ title, children, testId, titleGap = 'sm' }: Props) {
  return (
    <Paper withBorder radius="md" p="lg" data-testid={testId}>
      <Title order={2} fz="md" mb={titleGap}>
        {title}
      </Title>
      {children}
    </Paper>
  );
}
