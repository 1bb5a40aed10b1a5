import { Avatar, type MantineSize } from '@mantine/core';
import { IconShieldCheck } from '@tabler/icons-react';
import type { StoredProfile } from '../../api/storage';
import { avatarFor } from '../../shared/shell/user-display';

export function UserAvatar({ user, size = 'md' }: { user: StoredProfile; size?: MantineSize | number }) {
  const avatar = avatarFor(user);
  if (avatar.kind === 'admin') {
    return (
      <Avatar
        size={size}
        radius="xl"
        color="grape"
        variant="filled"
        data-testid="user-avatar"
        data-avatar="admin"
        aria-label="Administrator"
      >
        <IconShieldCheck size="60%" stroke={1.8} />
      </Avatar>
    );
  }
  if (avatar.kind === 'logo') {
    return <Avatar size={size} radius="xl" src={avatar.src} alt="" data-testid="user-avatar" data-avatar="logo" />;
  }
  return (
    <Avatar size={size} radius="xl" color="blue" variant="light" data-testid="user-avatar" data-avatar="initials">
      {avatar.text}
    </Avatar>
  );
}
