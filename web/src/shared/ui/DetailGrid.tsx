import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export interface Detail {
  label: string;
  value: ReactNode;
  testId?: string;
}

/** A view screen's fields as label/value pairs in a card. */
export function DetailGrid({ title, details, cols = 3 }: { title?: string; details: Detail[]; cols?: number }) {
  return (
    <Paper withBorder radius="md" p="lg">
      {title ? (
        <Title order={2} fz="md" mb="md">
          {title}
        </Title>
      ) : null}
      <SimpleGrid cols={{ base: 1, xs: 2, md: cols }} spacing="lg" verticalSpacing="md">
        {details.map((detail) => (
          <Stack key={detail.label} gap={2}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.04em' }}>
              {detail.label}
            </Text>
            <Text size="sm" component="div" data-testid={detail.testId} style={{ wordBreak: 'break-word' }}>
              {detail.value === null || detail.value === undefined || detail.value === '' ? '—' : detail.value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
