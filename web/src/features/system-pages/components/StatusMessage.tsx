import { Box, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  testId: string;
  icon: ReactNode;
  color: string;
  code?: string;
  title: string;
  children: ReactNode;
  actions?: ReactNode;
  variant?: 'card' | 'cover' | 'inline';
}

/** The body of an error or notice page: what happened, in plain words, and what to do next. */
export function StatusMessage({ testId, icon, color, code, title, children, actions, variant = 'card' }: Props) {
  const body = (
    <Stack
      gap="md"
      align={variant === 'inline' ? 'flex-start' : 'center'}
      ta={variant === 'inline' ? 'left' : 'center'}
    >
      {variant === 'cover' && code ? (
        <Text fz={96} fw={800} lh={1} c={`${color}.6`} style={{ letterSpacing: '-0.04em' }} aria-hidden="true">
          {code}
        </Text>
      ) : (
        <ThemeIcon size={56} radius="xl" variant="light" color={color} aria-hidden="true">
          {icon}
        </ThemeIcon>
      )}
      <Stack gap={6} align={variant === 'inline' ? 'flex-start' : 'center'}>
        {code && variant !== 'cover' ? (
          <Text size="xs" fw={700} c="dimmed" tt="uppercase" style={{ letterSpacing: '0.08em' }}>
            Error {code}
          </Text>
        ) : null}
        <Title order={1} fz={26} data-testid={`${testId}-title`}>
          {title}
        </Title>
        <Text c="dimmed" maw={460}>
          {children}
        </Text>
      </Stack>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Stack>
  );
  return (
    <Box maw={640} mx="auto" py={{ base: 32, sm: 64 }} data-testid={testId}>
      {variant === 'card' ? (
        <Paper withBorder radius="md" p={{ base: 'lg', sm: 40 }}>
          {body}
        </Paper>
      ) : (
        body
      )}
    </Box>
  );
}
