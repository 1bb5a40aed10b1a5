import { Box, Button, Code, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { PUBLIC_ROUTES } from '@rayworks/contracts';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Navigate, useLocation, useRouteError } from 'react-router-dom';
import { rememberOfflineOrigin } from '../api/storage';

/** A screen's code that could not be fetched: offline, or the build it belonged to has been replaced. */
function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Failed to fetch|error loading dynamically/i.test(
    message,
  );
}

/**
 * What a route shows when rendering it failed. Without a network the user goes to the offline page (spec §8);
 * a screen whose code cannot be loaded asks for a refresh; anything else says so plainly.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  const location = useLocation();
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  const here = `${location.pathname}${location.search}${location.hash}`;
  useEffect(() => {
    if (offline) rememberOfflineOrigin(here);
    else console.error('[route]', error);
  }, [offline, here, error]);
  if (offline) return <Navigate to={PUBLIC_ROUTES.offline} replace />;
  const chunk = isChunkLoadError(error);
  return (
    <Box maw={640} mx="auto" px="md" py={64} data-testid="route-error">
      <Paper withBorder radius="md" p="xl">
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={56} radius="xl" variant="light" color="orange">
            <IconAlertTriangle size={28} />
          </ThemeIcon>
          <Title order={1} fz={22}>
            {chunk ? 'This screen could not be loaded' : 'Something went wrong on this screen'}
          </Title>
          <Text c="dimmed">
            {chunk
              ? 'A newer version of the console may have been installed. Refresh the page to load it.'
              : 'The screen stopped because of an unexpected error. Refresh the page; if it happens again, tell your administrator what you were doing.'}
          </Text>
          {!chunk && error instanceof Error ? (
            <Code block maw="100%" style={{ textAlign: 'left', whiteSpace: 'pre-wrap' }}>
              {error.message}
            </Code>
          ) : null}
          <Group>
            <Button onClick={() => window.location.reload()}>Refresh</Button>
            <Button variant="default" onClick={() => window.location.assign('/')}>
              Go to the start page
            </Button>
          </Group>
        </Stack>
      </Paper>
    </Box>
  );
}
