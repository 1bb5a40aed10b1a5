import { AppShell, Box, Container } from '@mantine/core';
import { useDisclosure, useWindowScroll } from '@mantine/hooks';
import { buildMenu } from '@rayworks/contracts';
import { useEffect, useMemo } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ChangePasswordModal } from '../../features/auth/components/ChangePasswordModal';
import { CriticalAlertsBanner } from '../../features/reporting/components/CriticalAlertsBanner';
import { SampleRejectedNotices } from '../../features/sample-collection';
import { useSession } from '../../shared/session/useSession';
import { HorizontalMenu } from './HorizontalMenu';
import { listenForIntent } from '../preload-on-intent';
import { SIDEBAR_HIDDEN_BELOW_PX, TOP_BAR_SHADOW_AFTER_PX } from '../../shared/shell/layout-settings';
import { activeMenuIds } from './menu-state';
import { ProfileDrawer } from './ProfileDrawer';
import { SideMenu } from './SideMenu';
import { TopBar } from './TopBar';
import { useConfigRefresh } from '../../shared/session/useConfigRefresh';
import { useLayoutSettings } from '../../shared/shell/useLayoutSettings';

const TOP_BAR_HEIGHT = 56;
const MENU_BAR_HEIGHT = 46;
const SIDEBAR_WIDTH = { full: 244, narrow: 68 } as const;

/**
 * The console shell around the protected screens (spec §2 Layout): a fixed top bar, the menu built from the
 * user's permissions (a bar under the top bar in the horizontal layout, a sidebar in the vertical one; a
 * burger panel below 767 px; icons with tooltips from 767 to 1025 px) and the content.
 */
export function AppLayout() {
  const { profile, config } = useSession();
  const loggedIn = Boolean(profile?.token);
  const { layout, setLayout, sidebarSize } = useLayoutSettings();
  const [mobileOpened, mobile] = useDisclosure(false);
  const [detailsOpened, details] = useDisclosure(false);
  const [passwordOpened, password] = useDisclosure(false);
  const [scroll] = useWindowScroll();
  const { pathname } = useLocation();
  useConfigRefresh(loggedIn);

  const roleCodes = profile?.roleCodes;
  const menu = useMemo(() => buildMenu(config ?? [], undefined, roleCodes ?? []), [config, roleCodes]);
  const active = useMemo(() => activeMenuIds(menu, pathname), [menu, pathname]);
  // a page's code loads when the pointer rests on its link, before the click (docs/decisions/0352)
  useEffect(() => listenForIntent(), []);

  // Not logged in, or a password change pending: the route's guard sends the user away; no chrome meanwhile.
  if (!profile || !loggedIn || profile.resetPassword) return <Outlet />;

  const hidden = sidebarSize === 'hidden';
  const menuBar = layout === 'horizontal' && !hidden;
  const sidebar = layout === 'vertical' && !hidden;
  const scrolled = scroll.y > TOP_BAR_SHADOW_AFTER_PX;

  return (
    <AppShell
      header={{ height: TOP_BAR_HEIGHT + (menuBar ? MENU_BAR_HEIGHT : 0) }}
      navbar={{
        width: sidebar ? SIDEBAR_WIDTH[sidebarSize === 'narrow' ? 'narrow' : 'full'] : 280,
        breakpoint: SIDEBAR_HIDDEN_BELOW_PX,
        collapsed: { mobile: !mobileOpened, desktop: !sidebar },
      }}
      padding="md"
      data-layout={layout}
      data-sidebar={sidebarSize}
    >
      <AppShell.Header
        data-testid="top-bar"
        data-scrolled={scrolled || undefined}
        style={{ boxShadow: scrolled ? 'var(--mantine-shadow-sm)' : 'none', transition: 'box-shadow 150ms ease' }}
      >
        <TopBar
          user={profile}
          config={config ?? []}
          layout={layout}
          onLayoutChange={setLayout}
          sidebarSize={sidebarSize}
          menuOpened={mobileOpened}
          onToggleMenu={mobile.toggle}
          onOpenDetails={details.open}
          onChangePassword={password.open}
        />
        {menuBar ? (
          <Box h={MENU_BAR_HEIGHT} style={{ borderTop: '1px solid var(--app-shell-border-color)' }}>
            <HorizontalMenu menu={menu} active={active} compact={sidebarSize === 'narrow'} />
          </Box>
        ) : null}
      </AppShell.Header>
      <AppShell.Navbar data-testid={hidden ? 'mobile-navbar' : 'sidebar'}>
        {hidden ? (
          mobileOpened ? (
            <SideMenu menu={menu} active={active} narrow={false} variant="mobile" onNavigate={mobile.close} />
          ) : null
        ) : sidebar ? (
          <SideMenu menu={menu} active={active} narrow={sidebarSize === 'narrow'} variant="vertical" />
        ) : null}
      </AppShell.Navbar>
      <AppShell.Main>
        <Container size={1400} px={0} py={4}>
          <CriticalAlertsBanner />
          <SampleRejectedNotices />
          <Outlet />
        </Container>
      </AppShell.Main>
      <ProfileDrawer user={profile} opened={detailsOpened} onClose={details.close} />
      <ChangePasswordModal opened={passwordOpened} onClose={password.close} email={profile.email} />
    </AppShell>
  );
}
