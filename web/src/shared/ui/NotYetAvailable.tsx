import { Button, EmptyState, Paper } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ClockIcon } from './icons';

export interface NotYetAvailableProps {
  /** The screen's name as the menu shows it, e.g. "Worklist". */
  title: string;
  /** Optional detail for operators, e.g. which part of the system will provide it. */
  description?: string;
}

/** Placeholder for a route whose screen belongs to later work: says so plainly and offers a way back. */
export function NotYetAvailable({ title, description }: NotYetAvailableProps) {
  return (
    <Paper withBorder radius="md" p="xl" data-testid="not-yet-available">
      <EmptyState
        variant="light"
        icon={<ClockIcon size={28} />}
        title={`${title} is not available yet`}
        description={description ?? 'This screen is not part of this version of the console.'}
      >
        <EmptyState.Actions>
          <Button component={Link} to="/" variant="default">
            Back to the start page
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
