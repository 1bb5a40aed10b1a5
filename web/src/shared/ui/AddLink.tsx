import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** An "Add …" button in a list screen's header that opens the add screen, shown only when the user may create. */
export function AddLink({
  to,
  allowed,
  testId,
  variant,
  children,
}: {
  to: string;
  allowed: boolean;
  testId?: string;
  variant?: 'default';
  children: ReactNode;
}) {
  if (!allowed) return null;
  return (
    <Button component={Link} to={to} variant={variant} leftSection={<IconPlus size={16} />} data-testid={testId}>
      {children}
    </Button>
  );
}
