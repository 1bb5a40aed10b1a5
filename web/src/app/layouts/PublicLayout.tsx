import { AppShell, Container, Group } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { Outlet } from 'react-router-dom';
import { Brand } from '../../shared/ui/Brand';
import { ColorSchemeToggle } from '../../shared/ui/ColorSchemeToggle';
import { TOP_BAR_SHADOW_AFTER_PX } from '../../shared/shell/layout-settings';

/** Pages anyone may open (status, error and placeholder pages): the product name, the theme switch, the page. */
export function PublicLayout() {
  const [scroll] = useWindowScroll();
  const scrolled = scroll.y > TOP_BAR_SHADOW_AFTER_PX;
  return (
    <AppShell header={{ height: 56 }} padding="md">
      <AppShell.Header
        data-testid="top-bar"
        data-scrolled={scrolled || undefined}
        style={{ boxShadow: scrolled ? 'var(--mantine-shadow-sm)' : 'none', transition: 'box-shadow 150ms ease' }}
      >
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Brand />
          <ColorSchemeToggle />
        </Group>
      </AppShell.Header>
      <AppShell.Main>
        <Container size="lg" py="md" px={0}>
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
