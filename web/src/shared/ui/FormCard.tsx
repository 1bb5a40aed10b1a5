import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';

interface Props {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  submitLabel: string;
  saving: boolean;
  cancelTo: string;
  children: ReactNode;
  testId: string;
}

/** An add or edit form in a card: sections of fields, then Cancel and the submit button. */
export function FormCard({ onSubmit, submitLabel, saving, cancelTo, children, testId }: Props) {
  const navigate = useNavigate();
  return (
    <form noValidate onSubmit={onSubmit} data-testid={testId}>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="xl">{children}</Stack>
        <Group
          justify="flex-end"
          gap="sm"
          mt="xl"
          pt="md"
          style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
        >
          <Button variant="default" onClick={() => navigate(cancelTo)} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving} data-testid={`${testId}-submit`}>
            {submitLabel}
          </Button>
        </Group>
      </Paper>
    </form>
  );
}

/** A titled group of fields in a form, laid out in columns. */
export function FormSection({
  title,
  description,
  cols = 2,
  children,
}: {
  title: string;
  description?: string;
  cols?: number;
  children: ReactNode;
}) {
  return (
    <Stack gap="sm">
      <div>
        <Title order={2} fz="md">
          {title}
        </Title>
        {description ? (
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        ) : null}
      </div>
      <SimpleGrid cols={{ base: 1, sm: cols }} spacing="md" verticalSpacing="sm">
        {children}
      </SimpleGrid>
    </Stack>
  );
}
