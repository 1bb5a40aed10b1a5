import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ColorSchemeToggle } from './ColorSchemeToggle';

export const PRODUCT_NAME = 'Rayworks';

/** The console's top bar: product name on the left, user-level controls on the right. */
export function TopBar() {
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <UnstyledButton component={Link} to="/" data-testid="brand" aria-label={`${PRODUCT_NAME} home`}>
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size={34} radius="md" variant="filled" aria-hidden="true">
            <Text component="span" fw={800} fz="lg" lh={1}>
              R
            </Text>
          </ThemeIcon>
          <Text component="span" fw={700} fz="lg" data-testid="product-name">
            {PRODUCT_NAME}
          </Text>
        </Group>
      </UnstyledButton>
      <Group gap="xs" wrap="nowrap">
        <ColorSchemeToggle />
      </Group>
    </Group>
  );
}
