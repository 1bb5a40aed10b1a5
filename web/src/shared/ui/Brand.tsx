import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconLetterR } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

export const PRODUCT_NAME = 'Rayworks';

/**
 * The product mark and name; links to the start page. `compact` shows the mark only. The link's accessible name
 * is its visible text (WCAG 2.5.3); only the compact mark, which shows no text, is named by aria-label.
 */
export function Brand({ compact = false, to = '/' }: { compact?: boolean; to?: string }) {
  return (
    <UnstyledButton
      component={Link}
      to={to}
      data-testid="brand"
      aria-label={compact ? `${PRODUCT_NAME} home` : undefined}
    >
      <Group gap={10} wrap="nowrap">
        <ThemeIcon size={32} radius="md" variant="filled" aria-hidden="true">
          <IconLetterR size={22} stroke={2.6} />
        </ThemeIcon>
        {compact ? null : (
          <Text component="span" fw={700} fz="lg" data-testid="product-name" style={{ letterSpacing: '-0.01em' }}>
            {PRODUCT_NAME}
          </Text>
        )}
      </Group>
    </UnstyledButton>
  );
}
