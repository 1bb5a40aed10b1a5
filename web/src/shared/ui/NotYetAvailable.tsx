import { Box, Button, EmptyState, Paper } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { Link } from 'react-router-dom';

export interface NotYetAvailableProps {
  /** The screen's name as the routes and the menu call it, e.g. "Cases". */
  title: string;
  /** Optional detail, e.g. which part of the system will provide it. */
  description?: string;
  /** Chromeless routes (the viewer) have no shell around them. */
  fullPage?: boolean;
  /** Offer a way back to the start page (not when this is the start page). */
  withBackLink?: boolean;
}

/** Placeholder for a route whose screen belongs to later work: says so plainly, shows no invented data. */
export function NotYetAvailable({ title, description, fullPage = false, withBackLink = true }: NotYetAvailableProps) {
  const panel = (
    <Paper withBorder radius="md" p="xl" data-testid="not-yet-available" data-screen={title}>
      <EmptyState
        variant="light"
        icon={<IconClockHour4 size={28} stroke={1.6} />}
        title={`${title} is not available yet`}
        description={description ?? 'This screen is not part of this version of the console.'}
      >
        {withBackLink ? (
          <EmptyState.Actions>
            <Button component={Link} to="/" variant="default">
              Back to the start page
            </Button>
          </EmptyState.Actions>
        ) : null}
      </EmptyState>
    </Paper>
  );
  return fullPage ? (
    <Box maw={640} mx="auto" px="md" py={80}>
      {panel}
    </Box>
  ) : (
    panel
  );
}
