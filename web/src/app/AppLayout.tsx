import { AppShell, Container } from '@mantine/core';
import { useWindowScroll } from '@mantine/hooks';
import { Outlet } from 'react-router-dom';
import { TopBar } from '../shared/ui/TopBar';

/** The top bar gets a shadow once the page has scrolled more than this (specification §2, Top bar). */
const SHADOW_AFTER_PX = 50;

export function AppLayout() {
  const [scroll] = useWindowScroll();
  const scrolled = scroll.y > SHADOW_AFTER_PX;
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header
        data-testid="top-bar"
        data-scrolled={scrolled || undefined}
        style={{ boxShadow: scrolled ? 'var(--mantine-shadow-sm)' : 'none', transition: 'box-shadow 150ms ease' }}
      >
        <TopBar />
      </AppShell.Header>
      <AppShell.Main>
        <Container size="lg" py="md" px={0}>
          <Outlet />
        </Container>
      </AppShell.Main>
    </AppShell>
  );
}
