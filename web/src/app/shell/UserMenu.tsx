import { Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  CONSOLE_ROUTES,
  hasPrivilege,
  type PermissionConfig,
  PUBLIC_ROUTES,
  requirement,
  SPECIFIC,
} from '@rayworks/contracts';
import { IconChevronDown, IconKey, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { StoredProfile } from '../../api/storage';
import { UserAvatar } from './UserAvatar';
import { compactUserButtonLabel, userDisplayName, userRoleLabel, welcomeLine } from '../../shared/shell/user-display';

const VIEW_PROFILE = requirement('PROFILE', SPECIFIC.VIEW_PROFILE);

interface Props {
  user: StoredProfile;
  config: PermissionConfig;
  compact: boolean;
  onOpenDetails: () => void;
  onChangePassword: () => void;
}

/** The user menu (spec §2): welcome line, Profile (view-profile privilege only), Change Password, Logout. */
export function UserMenu({ user, config, compact, onOpenDetails, onChangePassword }: Props) {
  const name = userDisplayName(user);
  const role = userRoleLabel(user);
  return (
    <Menu position="bottom-end" width={250} shadow="md" withinPortal>
      <Menu.Target>
        <UnstyledButton
          data-testid="user-menu-button"
          // Showing the name and role, the button is named by them (WCAG 2.5.3); the compact one shows the picture only,
          // and its name begins with the initials when they are the picture.
          aria-label={compact ? compactUserButtonLabel(user) : undefined}
          style={{ borderRadius: 8 }}
          px={6}
          py={4}
        >
          <Group gap={10} wrap="nowrap">
            <UserAvatar user={user} size={34} />
            {compact ? null : (
              <div style={{ lineHeight: 1.2, maxWidth: 180 }}>
                <Text size="sm" fw={600} truncate="end" data-testid="top-bar-user-name">
                  {name}
                </Text>
                <Text size="xs" c="dimmed" truncate="end" data-testid="top-bar-user-role">
                  {role}
                </Text>
              </div>
            )}
            <IconChevronDown size={14} stroke={1.8} aria-hidden="true" />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown data-testid="user-menu">
        <Menu.Item onClick={onOpenDetails} data-testid="user-menu-welcome">
          <Text size="sm" fw={600}>
            {welcomeLine(name)}
          </Text>
          <Text size="xs" c="dimmed">
            {role} · view my details
          </Text>
        </Menu.Item>
        <Menu.Divider />
        {hasPrivilege(config, VIEW_PROFILE) ? (
          <Menu.Item
            component={Link}
            to={CONSOLE_ROUTES.profile}
            leftSection={<IconUserCircle size={16} />}
            data-testid="user-menu-profile"
          >
            Profile
          </Menu.Item>
        ) : null}
        <Menu.Item
          leftSection={<IconKey size={16} />}
          onClick={onChangePassword}
          data-testid="user-menu-change-password"
        >
          Change Password
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={PUBLIC_ROUTES.logout}
          color="red"
          leftSection={<IconLogout size={16} />}
          data-testid="user-menu-logout"
        >
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
