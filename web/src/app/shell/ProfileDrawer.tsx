import { Divider, Drawer, Group, Stack, Text } from '@mantine/core';
import { IconMail, IconPhone, IconShieldLock, IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { StoredProfile } from '../../api/storage';
import { UserAvatar } from './UserAvatar';
import { userDisplayName, userRoleLabel } from '../../shared/shell/user-display';

/** The profile side panel (spec §2): name, phone number, email and role. */
export function ProfileDrawer({
  user,
  opened,
  onClose,
}: {
  user: StoredProfile;
  opened: boolean;
  onClose: () => void;
}) {
  const name = userDisplayName(user);
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size={340}
      title="My details"
      data-testid="profile-drawer"
    >
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap">
          <UserAvatar user={user} size={52} />
          <div>
            <Text fw={600} size="lg" lh={1.25} data-testid="profile-drawer-name">
              {name}
            </Text>
            <Text size="sm" c="dimmed">
              {userRoleLabel(user)}
            </Text>
          </div>
        </Group>
        <Divider />
        <Detail
          icon={<IconUser size={18} />}
          label="Name"
          value={personalName(user) || name}
          testId="profile-drawer-field-name"
        />
        <Detail
          icon={<IconPhone size={18} />}
          label="Phone number"
          value={user.phoneNumber || '—'}
          testId="profile-drawer-field-phone"
        />
        <Detail
          icon={<IconMail size={18} />}
          label="Email"
          value={user.email || '—'}
          testId="profile-drawer-field-email"
        />
        <Detail
          icon={<IconShieldLock size={18} />}
          label="Role"
          value={userRoleLabel(user)}
          testId="profile-drawer-field-role"
        />
      </Stack>
    </Drawer>
  );
}

/** The person's own name (the header shows the display name, which for some roles is the centre's or group's). */
function personalName(user: StoredProfile): string {
  return user.fullName || user.name || [user.firstName, user.lastName].filter(Boolean).join(' ');
}

function Detail({ icon, label, value, testId }: { icon: ReactNode; label: string; value: string; testId: string }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <Text c="dimmed" mt={2} component="span" aria-hidden="true">
        {icon}
      </Text>
      <div>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.04em' }}>
          {label}
        </Text>
        <Text size="sm" data-testid={testId} style={{ wordBreak: 'break-word' }}>
          {value}
        </Text>
      </div>
    </Group>
  );
}
