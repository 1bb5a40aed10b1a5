import { Badge } from '@mantine/core';

export function StatusBadge({ active }: { active: boolean }) {
  return (
    <Badge color={active ? 'teal' : 'gray'} variant="light" data-testid="status-badge" data-active={active}>
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}
