import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';

export const PRODUCT_NAME = 'Rayworks';

/** The product mark and name; links to the start page. `compact` shows the mark only. */
export function Brand({ compact = false, to = '/' }: { compact?: boolean; to?: string }) {
  return (
    <UnstyledButton component={Link} to={to} data-testid="brand" aria-label={`${PRODUCT_NAME} home`}>
      <Group gap={10} wrap="nowrap">
        <ThemeIcon size={32} radius="md" variant="filled" aria-hidden="true">
          <Text component="span" fw={800} fz="md" lh={1}>
            R
          </Text>
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
