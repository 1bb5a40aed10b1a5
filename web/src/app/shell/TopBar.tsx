import { Burger, Group } from '@mantine/core';
import { hasPrivilege, requirement, WORKLIST, type PermissionConfig } from '@rayworks/contracts';
import type { StoredProfile } from '../../api/storage';
import { Brand } from '../../shared/ui/Brand';
import { ColorSchemeToggle } from '../../shared/ui/ColorSchemeToggle';
import { AvailabilitySwitch } from './AvailabilitySwitch';
import { hasAvailabilitySwitch } from './useAvailability';
import type { LayoutType, SidebarSize } from '../../shared/shell/layout-settings';
import { LayoutToggle } from './LayoutToggle';
import { UserMenu } from './UserMenu';
import { ViewerSwitch } from './ViewerSwitch';

const VIEWER_SWITCH = requirement('WORKLIST', WORKLIST.VIEWER_CONFIGURATION_SWITCH);

interface Props {
  user: StoredProfile;
  config: PermissionConfig;
  layout: LayoutType;
  onLayoutChange: (next: LayoutType) => void;
  sidebarSize: SidebarSize;
  menuOpened: boolean;
  onToggleMenu: () => void;
  onOpenDetails: () => void;
  onChangePassword: () => void;
}

/** The top bar (spec §2): brand, Cloud/Exe switch, availability switch, layout and theme, user menu. */
export function TopBar(props: Props) {
  const { user, config, sidebarSize } = props;
  const hidden = sidebarSize === 'hidden';
  return (
    <Group h={56} px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        {hidden ? (
          <Burger
            opened={props.menuOpened}
            onClick={props.onToggleMenu}
            size="sm"
            aria-label="Open the menu"
            data-testid="menu-burger"
          />
        ) : null}
        <Brand compact={hidden} />
      </Group>
      <Group gap="sm" wrap="nowrap">
        {hasPrivilege(config, VIEWER_SWITCH) ? <ViewerSwitch /> : null}
        {hasAvailabilitySwitch(user) ? <AvailabilitySwitch user={user} compact={hidden} /> : null}
        {hidden ? null : <LayoutToggle layout={props.layout} onChange={props.onLayoutChange} />}
        <ColorSchemeToggle />
        <UserMenu
          user={user}
          config={config}
          compact={sidebarSize !== 'full'}
          onOpenDetails={props.onOpenDetails}
          onChangePassword={props.onChangePassword}
        />
      </Group>
    </Group>
  );
}
