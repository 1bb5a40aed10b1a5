import { Button } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

/** The Edit button in a view screen's header, shown only when the user may edit the record. */
export function EditLink({ to, allowed, testId }: { to: string; allowed: boolean; testId: string }) {
  if (!allowed) return null;
  return (
    <Button component={Link} to={to} leftSection={<IconPencil size={16} />} data-testid={testId}>
      Edit
    </Button>
  );
}
